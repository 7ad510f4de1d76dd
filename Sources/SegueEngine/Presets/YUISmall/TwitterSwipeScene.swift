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

    static let fields: [ParameterSpec] = [
        ParameterSpec(
            name: "window", kind: .size, defaultValue: .size(sceneJ.window),
            summary: "The window; the rows are full width.", source: "seed-transitions.md §15 common device (390 × 844)"
        ),
        ParameterSpec(
            name: "aboveCell", kind: .rect, defaultValue: .rect(sceneJ.aboveCell),
            summary: "The row above the panned one, window points.", source: "seed-transitions.md §15.11"),
        ParameterSpec(
            name: "pannedCell", kind: .rect, defaultValue: .rect(sceneJ.pannedCell),
            summary: "The row the finger pans (the one the seed hit-tests at began), window points.",
            source: "seed-transitions.md §15.11"),
        ParameterSpec(
            name: "belowCell", kind: .rect, defaultValue: .rect(sceneJ.belowCell),
            summary: "The row below the panned one, window points.", source: "seed-transitions.md §15.11"),
    ]

    init(window: Size, aboveCell: Rect, pannedCell: Rect, belowCell: Rect) {
        self.window = window
        self.aboveCell = aboveCell
        self.pannedCell = pannedCell
        self.belowCell = belowCell
    }

    init(_ values: ParameterValues) {
        self.init(
            window: values.size("window"), aboveCell: values.rect("aboveCell"), pannedCell: values.rect("pannedCell"),
            belowCell: values.rect("belowCell"))
    }

    /// The × button's untransformed frame: 44 × 44, its leading edge at the panned
    /// row's untransformed trailing edge minus 22, centred on the row vertically.
    var deleteButton: Rect {
        let side = TwitterSwipeState.deleteButtonSide
        return Rect(
            x: pannedCell.maxX - side / 2, y: pannedCell.midY - side / 2, width: side, height: side)
    }
}
