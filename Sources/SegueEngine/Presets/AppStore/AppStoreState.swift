import SegueMath

/// What the App Store card transitions show: the home screen, the blur backdrop
/// over it, and the card, which is the home cell (with its shadow) or the detail
/// card presented from it.
struct AppStoreState: Sendable, Hashable {
    /// The card's untransformed frame, window points.
    var cardFrame: Rect
    /// Uniform scale about the card frame's centre.
    var cardScale: Double
    /// The card's corner radius in its own coordinates, points.
    var cornerRadius: Double
    /// Whether the card is the home cell, which has the shadow; the detail card has none.
    var isCell: Bool
    /// The blur backdrop's opacity (its effect is modelled as opacity).
    var backdropOpacity: Double

    /// The home cell at rest: identity, radius 16, shadow, no blur.
    static func cellAtRest(_ scene: AppStoreScene) -> AppStoreState {
        AppStoreState(
            cardFrame: scene.cardFrame, cardScale: 1, cornerRadius: AppStoreConstants.cornerRadius, isCell: true,
            backdropOpacity: 0)
    }

    /// The detail card filling the screen over the full blur, scaled by `scale` with
    /// radius `radius` (the interactive dismiss's shrink).
    static func detail(_ scene: AppStoreScene, scale: Double, radius: Double) -> AppStoreState {
        AppStoreState(
            cardFrame: scene.bounds, cardScale: scale, cornerRadius: radius, isCell: false, backdropOpacity: 1)
    }

    /// The card's visible rect.
    var visibleRect: Rect { AppStoreScene.scaled(cardFrame, by: cardScale) }

    /// The layer states, bottom to top: home, backdrop, card.
    func layers(_ scene: AppStoreScene) -> [LayerState] {
        [
            LayerState(frame: scene.bounds),
            LayerState(frame: scene.bounds, opacity: backdropOpacity),
            LayerState(
                frame: cardFrame, transform: AffineTransform(scaleX: cardScale, y: cardScale),
                cornerRadius: cornerRadius, shadow: isCell ? AppStoreConstants.shadow : nil),
        ]
    }

    static func layerDescriptions(_ scene: AppStoreScene) -> [LayerDescription] {
        [
            LayerDescription(id: "home", role: "the Today list; it stays under the detail", frame: scene.bounds),
            LayerDescription(
                id: "backdrop", role: "the light blur over the home screen (its effect as opacity)",
                frame: scene.bounds),
            LayerDescription(
                id: "card",
                role: "the tapped card: the home cell with its shadow, or the detail card presented from it",
                frame: scene.cardFrame),
        ]
    }
}
