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

    static let window = ParameterSpec(
        name: "window", kind: .size, defaultValue: .size(sceneF.window),
        summary: "The window; the home and detail screens fill it.",
        source: "seed-transitions.md §15 common device (390 × 844)")

    static let cardFrame = ParameterSpec(
        name: "cardFrame", kind: .rect, defaultValue: .rect(sceneF.cardFrame),
        summary: "The tapped card's identity frame (untransformed), window points.",
        source: "seed-transitions.md §15.7 card 0; S5 HomeViewController: width W − 2·20, height 1.2·width")

    static let fields: [ParameterSpec] = [window, cardFrame]

    init(window: Size, cardFrame: Rect) {
        self.window = window
        self.cardFrame = cardFrame
    }

    init(_ values: ParameterValues) {
        self.init(window: values.size("window"), cardFrame: values.rect("cardFrame"))
        scrollOffset = values.number("scrollOffset")
    }

    /// The screens' frame, (0, 0, W, H).
    var bounds: Rect { Rect(origin: .zero, size: window) }

    /// `rect` scaled by `scale` about its centre: what a layer with that frame and a
    /// `scale(s)` transform shows.
    static func scaled(_ rect: Rect, by scale: Double) -> Rect {
        Rect(center: rect.center, size: Size(width: rect.width * scale, height: rect.height * scale))
    }
}
