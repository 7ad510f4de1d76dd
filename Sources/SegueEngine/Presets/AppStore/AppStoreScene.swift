import SegueMath

/// The App Store family's scene: the window and the tapped card (scene F of
/// seed-transitions.md §15.7).
struct AppStoreScene: Sendable {
    /// The window, points; the home and detail screens fill it.
    var window: Size
    /// The card's identity frame (no highlight transform), window points.
    var cardFrame: Rect
    /// The detail's contentOffset.y at touch-down, points (the interactive dismiss's
    /// gate; 0 where the scene has no such field).
    var scrollOffset: Double = 0

    /// Scene F: a 390 × 844 window; cards W − 2·20 wide and 1.2 times as tall, the
    /// first at (20, 67) below the status bar and the 20 pt section inset.
    static let sceneF = AppStoreScene(
        window: Size(width: 390, height: 844), cardFrame: Rect(x: 20, y: 67, width: 350, height: 420))

    static let fields = [ParameterSpec](Keys.window, Keys.cardFrame)

    /// Why the present cannot start from `card`, the tapped card as pressed, or nothing: it was
    /// tapped, so some of it is in the window, and its top is at most one window height above the
    /// screen (a card scrolled further up has left it). The present's spring reads the card's
    /// distance from the top, d = |minY|, as T = 0.5 + 0.4·d/H s and ζ = 1 − 0.3·d/extent (§9.4);
    /// with the card on screen T stays under 0.9 s and ζ above 0.7, while a card a million windows
    /// away would ask for a spring of days, or a negative damping ratio.
    func checkOnScreen(_ card: Rect) throws(SimulationError) {
        let visible = card.maxX > 0 && card.minX < window.width && card.maxY > 0 && card.minY < window.height
        guard !visible || card.minY < -window.height else { return }
        func amount(_ value: Double) -> String { Format.amount(value) }
        throw SimulationError.scene(
            "cardFrame",
            "The tapped card, pressed, at (\(amount(card.minX)), \(amount(card.minY)), \(amount(card.width)) × "
                + "\(amount(card.height)) pt) must be on screen in the \(amount(window.width)) × "
                + "\(amount(window.height)) pt window, its top no more than one window height above it: move "
                + "cardFrame into the window, or make the window fit it.")
    }

    /// The screens' frame, (0, 0, W, H).
    var bounds: Rect { Rect(origin: .zero, size: window) }

    /// `rect` scaled by `scale` about its centre: what a layer with that frame and a
    /// `scale(s)` transform shows.
    static func scaled(_ rect: Rect, by scale: Double) -> Rect {
        Rect(center: rect.center, size: Size(width: rect.width * scale, height: rect.height * scale))
    }
}

extension AppStoreScene {
    init(_ values: ParameterValues) {
        self.init(
            window: values[Keys.window], cardFrame: values[Keys.cardFrame],
            scrollOffset: values[AppStoreInteractiveDismiss.Keys.scrollOffset])
    }
}
