import SegueMath

/// What the App Store card transitions show: the home screen, the blur backdrop
/// over it, and the card, which is the home cell (with its shadow) or the detail
/// card presented from it.
///
/// The card is laid out where the original's constraints put it, and its transform is
/// only what the original's is: a uniform scale about that frame's centre. In
/// AppStoreiOS11InteractiveTransition the present and the dismiss animate the card
/// container's top, width and height constraints (`PresentCardAnimator`,
/// `DismissCardAnimator`), so the card re-lays out and its content and corners keep
/// their shape; the press (`transform = .init(scaleX: 0.96, y: 0.96)`) and the
/// interactive shrink (the presented view's `transform`, to `targetShrinkScale`) are
/// real transforms. `presentationFrame` is the frame under that scale.
/// `cornerRadius` is the layer's own property, as UIKit holds it.
struct AppStoreState: Sendable, Hashable {
    /// Where layout puts the card, window points.
    var frame: Rect
    /// The card's transform, a scale on both axes about the frame's centre: the press or
    /// the shrink, else 1.
    var scale: Double = 1
    /// The card layer's `cornerRadius`, points.
    var cornerRadius: Double
    /// Whether the card is the home cell, which has the shadow; the detail card has none.
    var isCell: Bool
    /// The blur backdrop's opacity (its effect is modelled as opacity).
    var backdropOpacity: Double

    /// The home cell at rest: at its frame, identity, radius 16, shadow, no blur.
    static func cellAtRest(_ scene: AppStoreScene, radius: Double = AppStoreConstants.cornerRadius) -> AppStoreState {
        AppStoreState(frame: scene.cardFrame, cornerRadius: radius, isCell: true, backdropOpacity: 0)
    }

    /// The detail card laid out over the whole screen and the full blur, scaled by `scale`
    /// about the screen's centre with radius `radius` (the interactive dismiss's shrink).
    static func detail(_ scene: AppStoreScene, scale: Double, radius: Double) -> AppStoreState {
        AppStoreState(frame: scene.bounds, scale: scale, cornerRadius: radius, isCell: false, backdropOpacity: 1)
    }

    /// The layer states, bottom to top: home, backdrop, card.
    func layers(_ scene: AppStoreScene) -> [LayerState] {
        [
            LayerState(id: "home", frame: scene.bounds),
            LayerState(id: "backdrop", frame: scene.bounds, opacity: backdropOpacity),
            LayerState(
                id: "card", frame: frame, transform: AffineTransform(scaleX: scale, y: scale),
                cornerRadius: cornerRadius, shadow: isCell ? AppStoreConstants.shadow : nil),
        ]
    }

    /// The layers, the card described where layout puts it at the start, `card` (the cell's
    /// frame for the highlight, the pressed card's for the present, the screen for the
    /// interactive dismiss, the shrunk screen for the dismiss).
    static func layerDescriptions(_ scene: AppStoreScene, card: Rect) -> [LayerDescription] {
        [
            LayerDescription(id: "home", role: "the Today list; it stays under the detail", frame: scene.bounds),
            LayerDescription(
                id: "backdrop", role: "the light blur over the home screen (its effect as opacity)",
                frame: scene.bounds, kind: .solid, fill: .white),
            LayerDescription(
                id: "card",
                role: "the tapped card: the home cell with its shadow, or the detail card presented from it; laid "
                    + "out as the original's constraints put it, its transform only the press's or the shrink's "
                    + "scale; cornerRadius is the layer's own",
                frame: card),
        ]
    }
}
