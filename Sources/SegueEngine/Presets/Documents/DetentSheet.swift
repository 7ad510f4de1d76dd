import SegueMath

/// `ios.sheetDetents`: a sheet resting at a medium and a large detent, dragged between them and
/// down to dismiss, written only as a transition document. The detents follow
/// UISheetPresentationController's: medium about half the screen's height, large the full height
/// below the status bar (Apple's documentation of `UISheetPresentationController.Detent`), the
/// dimming behind it; past the large detent the sheet resists with UIScrollView's rubber band
/// (c = 0.55), and a release goes to the detent nearest where its velocity would carry it
/// (`UIScrollView.DecelerationRate.normal`, 0.998). UIKit does not publish the sheet's spring:
/// the critically damped 0.5 s spring here is inferred, not measured.
enum DetentSheet {
    static let id = "ios.sheetDetents"
    static let width = 390.0
    static let height = 844.0
    /// The large detent's top: the status bar of a 390 × 844 iPhone (47 pt) and a 10 pt gap.
    static let largeTop = 57.0
    static let mediumTop = height / 2

    static func sheet(top: Double, dimming: Double) -> [String: PoseChange] {
        [
            "dimming": PoseChange(opacity: dimming),
            "sheet": PoseChange(frame: Rect(x: 0, y: top, width: width, height: height - largeTop)),
        ]
    }

    static let document = TransitionDocument(
        window: Size(width: width, height: height),
        layers: [
            DocumentLayer(id: "presenting", kind: .content, fill: Color(hex: 0xF2F2F7)),
            DocumentLayer(id: "dimming", kind: .solid, fill: .black),
            DocumentLayer(id: "sheet", kind: .content, fill: .white),
        ],
        poses: [
            Pose(
                name: "medium",
                layers: [
                    "presenting": PoseChange(frame: Rect(x: 0, y: 0, width: width, height: height)),
                    "dimming": PoseChange(frame: Rect(x: 0, y: 0, width: width, height: height), opacity: 0.2),
                    "sheet": PoseChange(
                        frame: Rect(x: 0, y: mediumTop, width: width, height: height - largeTop), cornerRadius: 10),
                ]),
            Pose(name: "large", layers: sheet(top: largeTop, dimming: 0.4)),
            Pose(name: "dismissed", layers: sheet(top: height, dimming: 0)),
        ],
        interaction: .pan(
            PanInteraction(
                startsIn: .layer("sheet"), direction: .vertical,
                tracking: .detents(
                    Detents(
                        layer: "sheet", axis: .y, poses: ["large", "medium", "dismissed"], from: "medium",
                        overshoot: .rubberBand(RubberBand.uiScrollViewCoefficient))),
                release: [],
                settle: Settle(
                    curve: .uikitSpring(duration: 0.5, dampingRatio: 1, initialVelocity: 0), velocityHandoff: true))))

    static let description = PresetDescription(
        id: id, title: "Sheet with medium and large detents (a document)",
        summary: "A pan on the sheet drags it 1:1 between its medium and large detents, rubber-banded past the "
            + "large one and dismissed below; released, it settles at the detent nearest its projected position "
            + "on a spring that starts at the finger's speed. The spring is inferred (UIKit does not publish it). "
            + "Written only as a transition document.",
        source: "UIKit's UISheetPresentationController detents (Apple's documentation), UIScrollView's rubber band "
            + "(c = 0.55) and deceleration rate 0.998 (WWDC 2018 \u{201C}Designing Fluid Interfaces\u{201D})")

    /// From the sheet's handle, 150 pt up in 0.3 s: projected past the large detent.
    static let example = ExampleGestures.linearDrag(
        from: Point(x: width / 2, y: mediumTop + 20), by: Point(x: 0, y: -150), over: 0.3)
}
