import SegueMath

/// `yui.untitled.interactivePop`: a horizontal pan on the detail scrubs the pop animation
/// (0.4 s, YUI's curve) with `UIPercentDrivenInteractiveTransition`; on release it finishes
/// if flung right (vx > 900) or dragged over 10 % while moving right, else it cancels with
/// `completionSpeed = p` (the YUI gallery, github.com/yihui-hu/YUI, [untitled] `handlePan`),
/// written as a transition document on the pop's poses (`YUIUntitledDocument`): a percent-driven
/// scrub across the window's width from `start` to `end`, the rule reading the lift-off's p
/// (`liftOffProgress`) while the screen finishes or cancels from the last `.changed` one.
enum YUIUntitledInteractivePop {
    /// The parameters, each declared once with its seed source.
    enum Keys {
        static let animationDuration = ParameterKey.number(
            "animationDuration", default: 0.4, in: 0.01...10, unit: "s",
            summary: "How long the scrubbed pop animation runs (curve YUI (0.25, 0.46, 0.45, 0.94)).",
            source: "YUI (yihui-hu/YUI) [untitled] interactive pop: UIView.animate(withDuration: 0.4), Y_CURVE")
        static let reportedDuration = ParameterKey.number(
            "reportedDuration", default: 0.35, in: 0.01...10, unit: "s",
            summary: "The transitionDuration the original reports, used only with legacyDurationMismatch.",
            source: "YUI (yihui-hu/YUI) SharedTransitionConfig.untitled duration 0.35")
        static let legacyDurationMismatch = ParameterKey.flag(
            "legacyDurationMismatch",
            summary: "Scrub with the reported 0.35 s against the 0.4 s animation, as the original does.",
            source: "a flaw of the original, which Segue fixes by default")
        static let finishVelocity = ParameterKey.number(
            "finishVelocity", default: 900, in: 0...10_000, unit: "pt/s",
            summary: "A release faster than this to the right finishes.",
            source: "YUI (yihui-hu/YUI) handlePan: velocity.x > 900"
        )
        static let finishProgress = ParameterKey.number(
            "finishProgress", default: 0.1, in: 0...1,
            summary: "A release past this progress while moving right finishes.",
            source: "YUI (yihui-hu/YUI) handlePan: progress > 0.1 && velocity.x > 0")
    }

    static let preset = ParametricDocument(
        description: PresetDescription(
            id: "yui.untitled.interactivePop", title: "YUI [untitled] album pop scrubbed by a pan (percent-driven)",
            summary: "A horizontal pan (|vx| > |vy| when it begins) scrubs the slide-over pop, p = tx / W; released, "
                + "it finishes iff vx > 900 pt/s or (p > 0.1 and vx > 0), otherwise cancels at completionSpeed = p, "
                + "so the cancel always lasts the reported duration. The original reports 0.35 s for a 0.4 s "
                + "animation, so dragging never reaches the end; fixed by default (both 0.4 s), reproduced with "
                + "legacyDurationMismatch. p is clamped to [0, 1] and a cancel from p ≤ 0 is immediate "
                + "[beyond the original].",
            source: "the YUI gallery, github.com/yihui-hu/YUI ([untitled] handlePan, SharedTransitionConfig.untitled)"),
        sceneFields: YUIUntitledScene.fields,
        parameters: [ParameterSpec](
            Keys.animationDuration, Keys.reportedDuration, Keys.legacyDurationMismatch, Keys.finishVelocity,
            Keys.finishProgress, SharedKeys.velocityEstimator, SharedKeys.touchResampling),
        // Scene H's first test: tx grows to 60 (p = 0.154) at 200 pt/s, then the finger lifts.
        example: ExampleGestures.linearDrag(from: Point(x: 40, y: 500), by: Point(x: 60, y: 0), over: 0.3),
        build: build)

    /// The pop's `start`, `end` and `settled` (the grid alone), and `detailAlone`: the detail
    /// before the pan and after a cancel, the helpers removed.
    @Sendable static func build(_ sceneValues: ParameterValues, _ parameters: ParameterValues) -> TransitionDocument {
        let scene = YUIUntitledScene(sceneValues)
        let duration = parameters[Keys.animationDuration]
        var document = YUIUntitledDocument.build(.pop, sceneValues, curve: .cubic(.yui, duration: duration))
        document.poses.append(
            Pose(
                name: "detailAlone",
                layers: [
                    "backdrop": PoseChange(opacity: 0), "grid": PoseChange(translation: .zero, opacity: 0),
                    "gridPlaceholder": PoseChange(translation: .zero, opacity: 0),
                    "detail": PoseChange(translation: .zero, opacity: 1),
                    "detailPlaceholder": PoseChange(translation: .zero, opacity: 0),
                    "snapshot": PoseChange(opacity: 0, cornerRadius: 0),
                ]))
        var scrubbing = PercentDriven(curve: .cubic(.yui, duration: duration))
        if parameters[Keys.legacyDurationMismatch] { scrubbing.reportedDuration = parameters[Keys.reportedDuration] }
        scrubbing.cancelsAtProgressSpeed = true
        var scrub = Scrub(from: "start", to: "end", axis: .x, distance: scene.window.width)
        scrub.percentDriven = scrubbing
        let flung = ReleaseCondition(tests: [ReleaseTest(.velocity, .gt, parameters[Keys.finishVelocity])])
        let dragged = ReleaseCondition(tests: [
            // In the order a served document writes them (ReleaseTest.Quantity's), so a fork explains alike.
            ReleaseTest(.velocity, .gt, 0), ReleaseTest(.liftOffProgress, .gt, parameters[Keys.finishProgress]),
        ])
        var pan = PanInteraction(
            direction: .horizontal, scrub: scrub,
            release: [
                ReleaseGuard(id: "yuiUntitled", when: flung, to: "end", outcome: .finish),
                ReleaseGuard(id: "yuiUntitled", when: dragged, to: "end", outcome: .finish),
                ReleaseGuard(id: "yuiUntitled", to: "start", outcome: .cancel),
            ],
            settle: Settle(curve: nil), velocityEstimator: parameters[SharedKeys.velocityEstimator],
            touchResampling: parameters[SharedKeys.touchResampling])
        pan.directionTest = .velocity
        pan.idle = "detailAlone"
        pan.settled = ["end": "settled", "start": "detailAlone"]
        document.interaction = .pan(pan)
        return document
    }
}
