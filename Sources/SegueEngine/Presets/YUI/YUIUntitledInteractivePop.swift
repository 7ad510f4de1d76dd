import SegueMath

/// `yui.untitled.interactivePop`: a horizontal pan on the detail scrubs the pop animation
/// (0.4 s, YUI's curve) with `UIPercentDrivenInteractiveTransition`; on release it finishes
/// if flung right (vx > 900) or dragged over 10 % while moving right, else it cancels with
/// `completionSpeed = p` (seed 004 [untitled] `handlePan`; seed-transitions.md §11.3).
struct YUIUntitledInteractivePop: Preset {
    let description = PresetDescription(
        id: "yui.untitled.interactivePop", title: "YUI [untitled] album pop scrubbed by a pan (percent-driven)",
        summary: "A horizontal pan (|vx| > |vy| when it begins) scrubs the slide-over pop, p = tx / W; released, it "
            + "finishes iff vx > 900 pt/s or (p > 0.1 and vx > 0), otherwise cancels at completionSpeed = p, so "
            + "the cancel always lasts the reported duration. The original reports 0.35 s for a 0.4 s animation, so "
            + "dragging never reaches the end; fixed by default (both 0.4 s), reproduced with "
            + "legacyDurationMismatch. p is clamped to [0, 1] and a cancel from p ≤ 0 is immediate "
            + "[beyond the original].",
        source: "the YUI gallery, github.com/yihui-hu/YUI ([untitled] handlePan, SharedTransitionConfig.untitled)")

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
    let sceneFields = YUIUntitledScene.fields
    let parameters = [ParameterSpec](
        Keys.animationDuration, Keys.reportedDuration, Keys.legacyDurationMismatch, Keys.finishVelocity,
        Keys.finishProgress, SharedKeys.velocityEstimator, SharedKeys.touchResampling)
    static let rule = DecisionRule(
        id: "yuiUntitled",
        summary: "finish iff vx > 900 pt/s or (p > 0.1 and vx > 0), else cancel at completionSpeed p",
        source: "the YUI gallery, github.com/yihui-hu/YUI ([untitled] handlePan .ended)")
    /// Scene H's first test: tx grows to 60 (p = 0.154) at 200 pt/s, then the finger lifts.
    let trigger = Trigger.gesture(
        example: ExampleGestures.linearDrag(from: Point(x: 40, y: 500), by: Point(x: 60, y: 0), over: 0.3),
        rules: DecisionRules(YUIUntitledInteractivePop.rule))

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let scene = YUIUntitledScene(input.scene)
        let layers = YUIUntitledLayers(scene, .pop)
        let parameters = input.parameters
        let gesture = try PresetGesture(input)
        let animationDuration = parameters[Keys.animationDuration]
        let reported = parameters[Keys.legacyDurationMismatch] ? parameters[Keys.reportedDuration] : animationDuration
        let releaseTime = gesture.release.time
        let detailAlone = layers.settled(detailShown: true)
        // The seed's began: |vx| > |vy| when the pan begins (seed-transitions.md §11.3).
        let gate = gesture.gate(
            accepting: { abs($0.x) > abs($0.y) }, refusal: "; YUI (yihui-hu/YUI) pops only when |vx| > |vy|")
        guard let recognized = gate.recognized else {
            return try gesture.refused(
                gate.refusal + ": no pop started", presetID: description.id, layers: layers.all, still: detailAlone,
                input: input)
        }

        /// p = tx / W, signed and unclamped as the original computes it, on each `.changed`.
        func percent(at time: Double) -> Double { gesture.followed(at: time).x / scene.window.width }
        // `.ended` reads p from the recognizer for its rule and its completionSpeed, but calls no
        // update(p): the transition finishes or cancels from the last `.changed` percent.
        let shown = percent(at: releaseTime)
        let p = gesture.translation(at: releaseTime).x / scene.window.width
        let decision = decide(gesture: gesture, p: p, shown: min(max(shown, 0), 1), parameters: parameters)
        let finished = decision.outcome == .finish
        return try InteractiveTransition(
            presetID: description.id, layers: layers.all, gesture: gesture, still: detailAlone, recognized: recognized,
            scrubbing: PercentDrivenTransition(
                reportedDuration: reported, animationDuration: animationDuration, completionSpeed: finished ? 1 : p),
            percent: { time in min(max(percent(at: time), 0), 1) }, releasePercent: shown, decision: decision,
            // The pop animation on the Y curve.
            look: { layers.animating(CubicBezier.yui.value(at: min($0 / animationDuration, 1))) },
            settled: layers.settled(detailShown: !finished)
        ).simulate(input)
    }

    /// The rule reads `p`, the lift-off's tx / W; `shown` is the clamped progress on screen.
    private func decide(gesture: PresetGesture, p: Double, shown: Double, parameters: ParameterValues) -> Decision {
        gesture.decision(rule: Self.rule.id, progress: shown, ruleProgress: p == shown ? nil : p) { _, velocity in
            let vx = velocity.x
            let limit = parameters[Keys.finishVelocity]
            let past = parameters[Keys.finishProgress]
            if vx > limit {
                return (.finish, "released at vx = \(Format.speed(vx)) pt/s > \(Format.speed(limit)): finish")
            }
            if p > past && vx > 0 {
                return (
                    .finish,
                    "dragged p = tx/W = \(Format.ratio(p)) > \(Format.ratio(past)) while moving right (vx = \(Format.speed(vx)) pt/s): finish"
                )
            }
            return (
                .cancel,
                "p = tx/W = \(Format.ratio(p)), vx = \(Format.speed(vx)) pt/s: neither vx > \(Format.speed(limit)) nor p > "
                    + "\(Format.ratio(past)) moving right, so cancel at completionSpeed = p"
                    + (p > 0 ? "" : " (p ≤ 0: nothing to undo, the cancel is immediate)")
            )
        }
    }
}
