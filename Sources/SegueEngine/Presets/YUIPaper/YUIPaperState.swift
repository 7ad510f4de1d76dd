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

/// What the Facebook Paper transitions show at one moment (seed-transitions.md §10.2–
/// §10.3): how far the strip has grown from the small layout to the big one, the
/// cards' radius and titles, the header labels, the backdrop, and the demo screen.
///
/// Every layer keeps one frame for the whole response (a card's is its small image
/// container); where it appears goes into its transform, a scale per axis and a
/// translation about the frame's centre. The strip animates frames and its content
/// offset, which this transform stands for; the demo's transform is a real one.
/// `cornerRadius` is each layer's own property, as UIKit holds it.
struct YUIPaperState: Sendable, Hashable {
    /// 0 with the small layout, 1 with the big one; card rects are lerped in it.
    var layout: Double
    /// The image containers' radius, points.
    var cardRadius: Double
    var titleOpacity: Double
    /// 0 at rest, 1 lifted by 0.4·H.
    var labelsLift: Double
    var labelsOpacity: Double
    var backdropOpacity: Double
    /// Whether the home is in the window (the navigation controller removes it after a push).
    var homeVisible: Bool
    /// Where the demo appears, window points.
    var demoRect: Rect
    var demoOpacity: Double
    var demoRadius: Double

    /// The pop at eased progress `e` (§10.3): from the big layout (cards at dcr, titles
    /// shown, labels lifted and hidden, backdrop 0.5) back to the home, the demo to `Fc`
    /// with α = 1 − e and radius dcr → dcr − 16.
    static func pop(_ geometry: YUIPaperGeometry, e: Double, backdrop: Double) -> YUIPaperState {
        let dcr = geometry.scene.displayCornerRadius
        let demoEnd = max(0, dcr - YUIPaperConstants.popDemoRadiusInset)
        return YUIPaperState(
            layout: 1 - e, cardRadius: dcr + (geometry.cardRadius - dcr) * e, titleOpacity: 1, labelsLift: 1 - e,
            labelsOpacity: e, backdropOpacity: backdrop * (1 - e), homeVisible: true,
            demoRect: YUIPaperLayout.lerp(geometry.scene.bounds, geometry.selectedContainer, e),
            demoOpacity: 1 - e, demoRadius: dcr + (demoEnd - dcr) * e)
    }

    /// After the push: the demo alone at identity with radius dcr; the home, restored
    /// to its small layout, is out of the window.
    static func demo(_ geometry: YUIPaperGeometry) -> YUIPaperState {
        YUIPaperState(
            layout: 0, cardRadius: geometry.cardRadius, titleOpacity: 1, labelsLift: 0, labelsOpacity: 1,
            backdropOpacity: 0, homeVisible: false, demoRect: geometry.scene.bounds, demoOpacity: 1,
            demoRadius: geometry.scene.displayCornerRadius)
    }

    /// The home at rest (after the pop): the demo removed, its transform back to
    /// identity and radius 0; the backdrop removed.
    static func home(_ geometry: YUIPaperGeometry) -> YUIPaperState {
        YUIPaperState(
            layout: 0, cardRadius: geometry.cardRadius, titleOpacity: 1, labelsLift: 0, labelsOpacity: 1,
            backdropOpacity: 0, homeVisible: true, demoRect: geometry.scene.bounds, demoOpacity: 0, demoRadius: 0)
    }

    /// The layer states, bottom to top: home, backdrop, then per card (previous,
    /// selected, next) its image container, the selected card's title, the header
    /// labels, the demo. Layers out of the window have opacity 0.
    func layers(_ geometry: YUIPaperGeometry) -> [LayerState] {
        let scene = geometry.scene
        let home = homeVisible ? 1.0 : 0
        var layers = [
            LayerState(id: "home", frame: scene.bounds, opacity: home, cornerRadius: scene.displayCornerRadius),
            LayerState(id: "backdrop", frame: scene.bounds, opacity: homeVisible ? backdropOpacity : 0),
        ]
        for (index, id) in zip(geometry.cardIndices, Self.cardLayerIDs) {
            let frame = geometry.small.imageContainer(index)
            let visible = YUIPaperLayout.lerp(frame, geometry.big.imageContainer(index), layout)
            layers.append(
                LayerState(
                    id: id, frame: frame, transform: AffineTransform(showing: frame, at: visible),
                    opacity: geometry.exists(index) ? home : 0, cornerRadius: cardRadius))
        }
        let selected = scene.selectedIndex
        let title = geometry.small.title(selected)
        layers.append(
            LayerState(
                id: "selectedTitle", frame: title,
                transform: AffineTransform(
                    showing: title, at: YUIPaperLayout.lerp(title, geometry.big.title(selected), layout)),
                opacity: home * titleOpacity))
        let lift = -YUIPaperConstants.labelsLiftFraction * scene.window.height * labelsLift
        layers.append(
            LayerState(
                id: "labels", frame: scene.labelsFrame,
                transform: lift == 0 ? .identity : AffineTransform(translationX: 0, y: lift),
                opacity: home * labelsOpacity))
        layers.append(
            LayerState(
                id: "demo", frame: scene.bounds, transform: AffineTransform(showing: scene.bounds, at: demoRect),
                opacity: demoOpacity,
                cornerRadius: demoRadius))
        return layers
    }

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
