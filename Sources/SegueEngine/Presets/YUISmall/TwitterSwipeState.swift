import SegueMath

/// What the Twitter swipe animates, as plain numbers an animation moves linearly
/// in its eased progress (seed-transitions.md §1.2, §13.1).
struct TwitterSwipeState: Sendable, Hashable {
    /// The panned row's horizontal translation, points.
    var rowTranslation: Double = 0
    var rowOpacity: Double = 1
    /// The panned row's continuous radius on its right corners, points.
    var rowCornerRadius: Double = 0
    /// The panned row's shadow blur radius, points, and its shadowOpacity.
    var shadowRadius: Double = 0
    var shadowOpacity: Double = 0
    /// The × button's horizontal translation, points, and opacity.
    var buttonTranslation: Double = 0
    var buttonOpacity: Double = 0
    /// The neighbours' radius on the corners next to the panned row, points.
    var neighbourCornerRadius: Double = 0

    /// The × button's side, points (seed 004: a 44 × 44 circle).
    static let deleteButtonSide = 44.0
    /// Seed 004: the shadow's offset, points (0, 1).
    static let shadowOffset = Point(x: 0, y: 1)

    /// The rows at rest: no translation, square corners, no shadow, the × hidden
    /// (its opacity 0 from the start, fixing seed-transitions.md §14.39).
    static let rest = TwitterSwipeState()

    /// The drag state and its progress at translation `dx` (§13.1 changed): p = min(1,
    /// |dx|/(threshold·W)); the row follows the finger, rounds its right corners to (h/5)·p,
    /// its shadow radius (4 + p)·2 at opacity p; the × moves by dx/2 at opacity p; the
    /// neighbours round to (h/3)·p. A rightward dx shows the rest state, p = 0 (the reset for
    /// dx ≥ 0 fixes §14.38).
    static func dragged(_ dx: Double, scene: TwitterSwipeScene, threshold: Double) -> (state: Self, progress: Double) {
        guard dx < 0 else { return (rest, 0) }
        let p = min(1, -dx / (threshold * scene.window.width))
        let height = scene.pannedCell.height
        let state = TwitterSwipeState(
            rowTranslation: dx, rowOpacity: 1, rowCornerRadius: height / 5 * p, shadowRadius: (4 + p) * 2,
            shadowOpacity: p, buttonTranslation: dx / 2, buttonOpacity: p, neighbourCornerRadius: height / 3 * p)
        return (state, p)
    }

    /// The delete's end (§13.1 ended, p = 1): the row slid out by the window's width and
    /// faded, the × back to identity and hidden, the neighbours square.
    func deleted(window: Size) -> Self {
        var end = self
        end.rowTranslation = -window.width
        end.rowOpacity = 0
        end.buttonTranslation = 0
        end.buttonOpacity = 0
        end.neighbourCornerRadius = 0
        return end
    }

    /// Each number moved linearly by `e` toward `end`.
    func interpolated(to end: Self, _ e: Double) -> Self {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * e }
        return TwitterSwipeState(
            rowTranslation: mix(rowTranslation, end.rowTranslation), rowOpacity: mix(rowOpacity, end.rowOpacity),
            rowCornerRadius: mix(rowCornerRadius, end.rowCornerRadius),
            shadowRadius: mix(shadowRadius, end.shadowRadius), shadowOpacity: mix(shadowOpacity, end.shadowOpacity),
            buttonTranslation: mix(buttonTranslation, end.buttonTranslation),
            buttonOpacity: mix(buttonOpacity, end.buttonOpacity),
            neighbourCornerRadius: mix(neighbourCornerRadius, end.neighbourCornerRadius))
    }

    /// The layers, bottom to top. Corner radii apply to the corners the frame's annotations
    /// name (LayerState carries one radius, not maskedCorners).
    func layers(_ layers: TwitterSwipeLayers) -> [LayerState] {
        [
            layers.aboveCell.state(cornerRadius: neighbourCornerRadius),
            layers.belowCell.state(cornerRadius: neighbourCornerRadius),
            layers.deleteButton.state(
                transform: AffineTransform(translationX: buttonTranslation, y: 0), opacity: buttonOpacity,
                cornerRadius: Self.deleteButtonSide / 2),
            layers.pannedCell.state(
                transform: AffineTransform(translationX: rowTranslation, y: 0), opacity: rowOpacity,
                cornerRadius: rowCornerRadius,
                shadow: ShadowState(opacity: shadowOpacity, radius: shadowRadius, offset: Self.shadowOffset)),
        ]
    }

    /// What a frame shows in this state: the layers, `progress`, and the annotations (the × mark
    /// red when `markIsRed`).
    func look(_ layers: TwitterSwipeLayers, progress: Double, markIsRed: Bool) -> Look {
        Look(layers: self.layers(layers), progress: progress, annotations: Self.annotations(markIsRed: markIsRed))
    }

    /// Which corners the radii round, and the × mark's colour (red at p = 1).
    static func annotations(markIsRed: Bool) -> [FrameAnnotation] {
        [
            FrameAnnotation(name: "pannedCellCorners", value: .text("topRight bottomRight")),
            FrameAnnotation(name: "aboveCellCorners", value: .text("bottomRight")),
            FrameAnnotation(name: "belowCellCorners", value: .text("topRight")),
            FrameAnnotation(name: "deleteMarkColor", value: .text(markIsRed ? "red" : "black")),
        ]
    }
}
