import SegueMath

/// The Twitter swipe list of scene J (seed-transitions.md §13.1, §15.11): the panned
/// row and its neighbours above and below, full width.
struct TwitterSwipeScene: Sendable {
    /// The window, points.
    var window: Size
    /// The row above the panned one, window points.
    var aboveCell: Rect
    /// The row the finger pans, window points.
    var pannedCell: Rect
    /// The row below the panned one, window points.
    var belowCell: Rect

    /// Scene J: rows (0, 47, 390, 110), (0, 157, 390, 130), (0, 287, 390, 96) in a
    /// 390 × 844 window; the middle one is panned.
    static let sceneJ = TwitterSwipeScene(
        window: Size(width: 390, height: 844), aboveCell: Rect(x: 0, y: 47, width: 390, height: 110),
        pannedCell: Rect(x: 0, y: 157, width: 390, height: 130), belowCell: Rect(x: 0, y: 287, width: 390, height: 96))

    /// The scene's fields, as clients set them.
    enum Keys {
        static let window = ParameterKey.size(
            "window", default: sceneJ.window, summary: "The window; the rows are full width.",
            source: "Segue's default scene: an iPhone window (390 × 844)")
        static let aboveCell = ParameterKey.rect(
            "aboveCell", default: sceneJ.aboveCell, summary: "The row above the panned one, window points.",
            source: "Segue's default scene")
        static let pannedCell = ParameterKey.rect(
            "pannedCell", default: sceneJ.pannedCell,
            summary: "The row the finger pans (the one the original hit-tests at began), window points.",
            source: "Segue's default scene")
        static let belowCell = ParameterKey.rect(
            "belowCell", default: sceneJ.belowCell, summary: "The row below the panned one, window points.",
            source: "Segue's default scene")
    }
    static let fields = [ParameterSpec](Keys.window, Keys.aboveCell, Keys.pannedCell, Keys.belowCell)

    /// The rows and the × button, each declared once.
    var layers: TwitterSwipeLayers { TwitterSwipeLayers(self) }

    /// The × button's untransformed frame: 44 × 44, its leading edge at the panned
    /// row's untransformed trailing edge minus 22, centred on the row vertically.
    var deleteButton: Rect {
        let side = TwitterSwipeState.deleteButtonSide
        return Rect(
            x: pannedCell.maxX - side / 2, y: pannedCell.midY - side / 2, width: side, height: side)
    }
}

extension TwitterSwipeScene {
    init(_ values: ParameterValues) {
        self.init(
            window: values[Keys.window], aboveCell: values[Keys.aboveCell], pannedCell: values[Keys.pannedCell],
            belowCell: values[Keys.belowCell])
    }
}

/// The swipe's layers, each declared once: the list a simulation reports and the layers every
/// frame's states are built from.
struct TwitterSwipeLayers {
    let aboveCell: LayerDescription
    let belowCell: LayerDescription
    let deleteButton: LayerDescription
    let pannedCell: LayerDescription

    init(_ scene: TwitterSwipeScene) {
        aboveCell = LayerDescription(
            id: "aboveCell", role: "the row above, its bottom-right corner rounded (continuous)", frame: scene.aboveCell
        )
        belowCell = LayerDescription(
            id: "belowCell", role: "the row below, its top-right corner rounded (continuous)", frame: scene.belowCell)
        deleteButton = LayerDescription(
            id: "deleteButton", role: "the × button, a white 44 pt circle between the rows (z 2)",
            frame: scene.deleteButton, kind: .solid, fill: .white)
        pannedCell = LayerDescription(
            id: "pannedCell",
            role: "the panned row on top (z 3): right corners rounded (continuous), shadow black at 16 % alpha",
            frame: scene.pannedCell)
    }

    /// Bottom to top.
    var all: [LayerDescription] { [aboveCell, belowCell, deleteButton, pannedCell] }
}
