import SegueMath

/// What the Dive Deeper transitions show at one moment: how far the phantoms have
/// morphed from the card to the detail, the fade view's opacity, and which views
/// are in the hierarchy or hidden (seed-transitions.md §7.2–§7.3).
struct MiquidoState: Sendable, Hashable {
    /// The phantoms' morph: 0 on the card's elements, 1 on the detail's.
    var morph: Double
    var fadeOpacity: Double
    var gridVisible: Bool
    /// The card's real image and title (each model's `initialView`), hidden while the transition runs.
    var cardElementsVisible: Bool
    var fadeVisible: Bool
    /// The real detail screen, hidden for the whole transition and cut in at the end.
    var detailVisible: Bool
    /// The detail's opacity while visible: 1, or the morph when it fades in (`detailReveal` = fade).
    var detailOpacity: Double = 1
    var phantomsVisible: Bool

    /// The grid alone: before a pan starts a present, after a cancelled present, and after a dismiss.
    static let grid = MiquidoState(
        morph: 0, fadeOpacity: 0, gridVisible: true, cardElementsVisible: true, fadeVisible: false,
        detailVisible: false, phantomsVisible: false)

    /// The detail alone after a present; the grid leaves the hierarchy as under a full-screen
    /// modal presentation [inferred].
    static let detail = MiquidoState(
        morph: 1, fadeOpacity: 0, gridVisible: false, cardElementsVisible: false, fadeVisible: false,
        detailVisible: true, phantomsVisible: false)

    /// Mid-transition: the grid with the card's elements hidden, the fade view at
    /// `fade`, the detail hidden and the phantoms at `morph` (seed 001 `animateTransition`).
    /// With `revealsDetail` the detail is shown at opacity `morph` under the phantoms
    /// instead of hidden (beyond the seed).
    static func transitioning(morph: Double, fade: Double, revealsDetail: Bool = false) -> MiquidoState {
        MiquidoState(
            morph: morph, fadeOpacity: fade, gridVisible: true, cardElementsVisible: false, fadeVisible: true,
            detailVisible: revealsDetail, detailOpacity: morph, phantomsVisible: true)
    }

    /// The layer states, bottom to top: grid, cardImage, cardTitle, fade, detail,
    /// imagePhantom, titlePhantom. Views out of the hierarchy or hidden have opacity 0.
    func layers(_ scene: MiquidoScene) -> [LayerState] {
        let bounds = scene.bounds
        let models = scene.models
        return [
            LayerState(id: "grid", frame: bounds, opacity: gridVisible ? 1 : 0),
            LayerState(id: "cardImage", frame: scene.cardImageFrame, opacity: cardElementsVisible ? 1 : 0),
            LayerState(id: "cardTitle", frame: scene.cardTitleFrame, opacity: cardElementsVisible ? 1 : 0),
            LayerState(id: "fade", frame: bounds, opacity: fadeVisible ? fadeOpacity : 0),
            LayerState(id: "detail", frame: bounds, opacity: detailVisible ? detailOpacity : 0),
        ]
            + zip(Self.phantomIDs, models).map { id, model in
                LayerState(
                    id: id, frame: model.initialFrame, transform: model.transform(at: morph),
                    opacity: phantomsVisible ? 1 : 0)
            }
    }

    /// The phantoms' layer ids, in the order of `MiquidoScene.models`.
    static let phantomIDs = ["imagePhantom", "titlePhantom"]

    static func layerDescriptions(_ scene: MiquidoScene, fadeColor: String) -> [LayerDescription] {
        [
            LayerDescription(id: "grid", role: "the collection screen of cards", frame: scene.bounds),
            LayerDescription(
                id: "cardImage", role: "the selected card's real image, hidden during the transition",
                frame: scene.cardImageFrame, kind: .image),
            LayerDescription(
                id: "cardTitle", role: "the selected card's real title, hidden during the transition",
                frame: scene.cardTitleFrame),
            LayerDescription(
                id: "fade", role: "the full-screen \(fadeColor) fade view, above the grid", frame: scene.bounds,
                kind: .solid,
                fill: fadeColor == "black" ? .black : fadeColor == "clear" ? Color(hex: 0, alpha: 0) : .white),
            LayerDescription(
                id: "detail", role: "the real detail screen, hidden until the transition completes",
                frame: scene.bounds),
            LayerDescription(
                id: "imagePhantom", role: "a snapshot of the image, moving from the card to the detail",
                frame: scene.cardImageFrame, kind: .image),
            LayerDescription(
                id: "titlePhantom", role: "a snapshot of the title, moving from the card to the detail",
                frame: scene.cardTitleFrame),
        ]
    }
}
