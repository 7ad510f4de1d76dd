import SegueMath

/// The Facebook Paper home's two layouts and the demo's place, resolved from the
/// scene and parameters once per run.
struct YUIPaperGeometry: Sendable {
    var scene: YUIPaperScene
    var small: YUIPaperLayout
    var big: YUIPaperLayout
    /// The selected card's image container with the small layout: `Fc` (seed-transitions.md §10.2).
    var selectedContainer: Rect

    init(scene: YUIPaperScene, parameters: ParameterValues) {
        self.scene = scene
        let spacing = parameters[YUIPaperParameters.Keys.itemSpacing]
        let titleHeight = parameters[YUIPaperParameters.Keys.titleHeight]
        small = .small(
            scene, scaleFactor: parameters[YUIPaperParameters.Keys.scaleFactor], spacing: spacing,
            titleHeight: titleHeight)
        big = .big(
            scene, spacing: spacing, titleHeight: titleHeight,
            legacyPageOffset: parameters[YUIPaperParameters.Keys.legacyPageOffset])
        selectedContainer = small.imageContainer(scene.selectedIndex)
    }

    /// The cards shown: the selected one and its neighbours inside the strip.
    var cardIndices: [Int] {
        let selected = scene.selectedIndex
        return [selected - 1, selected, selected + 1]
    }

    func exists(_ index: Int) -> Bool { index >= 0 && index < scene.itemCount }

    /// The small image container's radius, `max(0, dcr − 32)`.
    var cardRadius: Double { max(0, scene.displayCornerRadius - YUIPaperConstants.cardRadiusInset) }
}

/// The Facebook Paper layers (the YUI gallery, github.com/yihui-hu/YUI, HomeView), bottom to top: the home,
/// the backdrop, per card (previous, selected, next) its image container, the selected
/// card's title, the header labels, the demo. Every layer keeps one frame (a card's is its
/// small image container); the documents (`YUIPaperTapDocument`) move them by their transforms.
enum YUIPaperState {
    /// The card layers' ids, in the order of `YUIPaperGeometry.cardIndices`.
    static let cardLayerIDs = ["previousCard", "selectedCard", "nextCard"]

    static func layerDescriptions(_ geometry: YUIPaperGeometry) -> [LayerDescription] {
        let scene = geometry.scene
        let names = cardLayerIDs
        let roles = [
            "the card before the selected one (opacity 0 if there is none)",
            "the selected card",
            "the card after the selected one (opacity 0 if there is none)",
        ]
        return [
            LayerDescription(
                id: "home", role: "the home's background image, rounded to the display corner radius",
                frame: scene.bounds, kind: .image),
            LayerDescription(
                id: "backdrop", role: "the black backdrop below the strip; it dims the background only",
                frame: scene.bounds, kind: .solid, fill: .black),
        ]
            + zip(geometry.cardIndices, zip(names, roles)).map { index, name in
                LayerDescription(
                    id: name.0,
                    role: "\(name.1)'s image container (card \(index)); its frame is the small layout's, its "
                        + "transform carries the layout change and content offset, cornerRadius is the layer's own "
                        + "(top corners)",
                    frame: geometry.small.imageContainer(index), kind: .image)
            }
            + [
                LayerDescription(
                    id: "selectedTitle", role: "the selected card's 40 pt title band",
                    frame: geometry.small.title(scene.selectedIndex)),
                LayerDescription(
                    id: "labels", role: "the home's header: title, description and settings button",
                    frame: scene.labelsFrame),
                LayerDescription(
                    id: "demo",
                    role: "the demo screen; its transform maps it onto the selected card, its cornerRadius does not "
                        + "clip (as in the original)",
                    frame: scene.bounds),
            ]
    }
}
