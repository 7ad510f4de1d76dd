import SegueMath

/// `yui.fbPaper.interactivePop`, beyond seed 004: dragging the open demo down shrinks
/// it back into the strip along the pop's path (p = clamp(ty / (0.5·H), 0, 1)); on
/// release it finishes or cancels by the settings pull-down's policy (a flick
/// over 500 pt/s decides by its direction, otherwise p > 0.5), then springs the rest
/// of the way with the finger's velocity handed off. YUI's README lists this
/// drag as not done (github.com/yihui-hu/YUI). Written as a transition
/// document (`YUIPaperInteractivePopDocument`).
enum YUIPaperInteractivePop {
    static let preset = ParametricDocument(
        description: PresetDescription(
            id: "yui.fbPaper.interactivePop", title: "YUI Facebook Paper (drag the open card down to pop)",
            summary: "Beyond the original: YUI's README lists the interactive drag on Paper cards as not done, so "
                + "this drag is Segue's. A downward pan (vy > 1.5·|vx| when it begins, the settings pull-down's gate) "
                + "scrubs the pop: p = clamp(ty / (0.5·H), 0, 1) and every layer shows the pop at e = p (the demo "
                + "shrinking onto the card, the strip shrinking back). On release: |vy| > 500 pt/s finishes iff vy > "
                + "0, otherwise it finishes iff p > 0.5 (the settings pull-down's policy); the rest runs on YUI's 0.5 "
                + "s spring (damping 2 → 1) with the finger's velocity handed off. [inferred]: the drag distance "
                + "0.5·H, the gate and the release policy borrowed from the Paper settings pan; the header's frame "
                + "and card count.",
            source:
                "beyond the YUI gallery, github.com/yihui-hu/YUI (README TODO: \"Add interactive gesture to Facebook "
                + "Paper cards\"; Segue's reading of the original)"),
        sceneFields: YUIPaperScene.fields,
        parameters: YUIPaperParameters.all
            + [ParameterSpec](
                Keys.dragDistance, Keys.flickVelocity, Keys.progressThreshold, Keys.gateRatio,
                SharedKeys.velocityEstimator, SharedKeys.touchResampling),
        example: exampleDrag,
        build: { scene, parameters in YUIPaperInteractivePopDocument.build(scene, parameters) })

    /// From the middle of the screen the finger moves down 260 pt over 0.3 s at 60 Hz,
    /// then lifts one frame later (p = 260/422 ≈ 0.616, vy ≈ 867 pt/s → finish).
    static let exampleDrag = ExampleGestures.linearDrag(
        from: Point(x: 195, y: 300), by: Point(x: 0, y: 260), over: 0.3)
}
