import SegueMath

/// What the App Store card transitions show: the home screen, the blur backdrop
/// over it, and the card, which is the home cell (with its shadow) or the detail
/// card presented from it.
///
/// The card layer keeps one frame, the cell's identity frame, for the whole
/// response; where the card appears goes into its transform (a scale per axis and a
/// translation about the frame's centre), so `presentationFrame` is always that frame
/// under the transform. The press and the interactive shrink are real transforms in
/// the original; the present and the dismiss animate frames, which this transform
/// stands for. `cornerRadius` is the layer's own property, as UIKit holds it.
struct AppStoreState: Sendable, Hashable {
    /// Where the card appears, window points.
    var visibleRect: Rect
    /// The card layer's `cornerRadius`, points.
    var cornerRadius: Double
    /// Whether the card is the home cell, which has the shadow; the detail card has none.
    var isCell: Bool
    /// The blur backdrop's opacity (its effect is modelled as opacity).
    var backdropOpacity: Double

    /// The home cell at rest: identity, radius 16, shadow, no blur.
    static func cellAtRest(_ scene: AppStoreScene, radius: Double = AppStoreConstants.cornerRadius) -> AppStoreState {
        AppStoreState(visibleRect: scene.cardFrame, cornerRadius: radius, isCell: true, backdropOpacity: 0)
    }

    /// The detail card filling the screen over the full blur, scaled by `scale` about the
    /// screen's centre with radius `radius` (the interactive dismiss's shrink).
    static func detail(_ scene: AppStoreScene, scale: Double, radius: Double) -> AppStoreState {
        AppStoreState(
            visibleRect: AppStoreScene.scaled(scene.bounds, by: scale), cornerRadius: radius, isCell: false,
            backdropOpacity: 1)
    }

    /// The layer states, bottom to top: home, backdrop, card.
    func layers(_ scene: AppStoreScene) -> [LayerState] {
        let transform = AffineTransform(showing: scene.cardFrame, at: visibleRect)
        return [
            LayerState(id: "home", frame: scene.bounds),
            LayerState(id: "backdrop", frame: scene.bounds, opacity: backdropOpacity),
            LayerState(
                id: "card", frame: scene.cardFrame, transform: transform, cornerRadius: cornerRadius,
                shadow: isCell ? AppStoreConstants.shadow : nil),
        ]
    }

    static func layerDescriptions(_ scene: AppStoreScene) -> [LayerDescription] {
        [
            LayerDescription(id: "home", role: "the Today list; it stays under the detail", frame: scene.bounds),
            LayerDescription(
                id: "backdrop", role: "the light blur over the home screen (its effect as opacity)",
                frame: scene.bounds, kind: .solid, fill: .white),
            LayerDescription(
                id: "card",
                role: "the tapped card: the home cell with its shadow, or the detail card presented from it; its "
                    + "transform carries where it appears, cornerRadius is the layer's own",
                frame: scene.cardFrame),
        ]
    }
}
