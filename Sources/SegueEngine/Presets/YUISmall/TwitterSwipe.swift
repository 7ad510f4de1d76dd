import SegueMath

/// `yui.twitterSwipe`: Twitter's swipe-to-delete row (seed 004's YUI
/// `TwitterSwipeGestureView`; seed-transitions.md §13.1, scene J of §15.11). The row
/// follows a leftward pan, rounding its right corners and deepening its shadow, the
/// neighbours round the corners next to it and the × button tracks the gap; past
/// 0.24·W on release the row slides out and fades, otherwise it springs back.
struct TwitterSwipe: Preset {
    let description = PresetDescription(
        id: "yui.twitterSwipe", title: "YUI Twitter swipe-to-delete row",
        summary: "A leftward pan drags the row, rounding its right corners (h/5·p) and deepening its shadow; the "
            + "neighbours round the adjacent corners (h/3·p) and the × tracks the gap at opacity p. Released at or "
            + "past 0.24·W the row slides out and fades in 0.2 s, otherwise it springs back (0.4 s, damping 1). "
            + "Fixed: a row dragged back past its start shows (and settles to) rest [beyond the original]; the × starts "
            + "hidden; the row's deletion layout animation after the slide is not simulated [inferred].",
        source: "the YUI gallery, github.com/yihui-hu/YUI (YUI TwitterSwipeGestureView, TweetCell)")
    /// The parameters, each declared once with its seed source.
    enum Keys {
        static let threshold = ParameterKey.number(
            "threshold", default: 0.24, in: 0.01...1,
            summary: "The drag, as a fraction of the window's width, at which p reaches 1 and a release deletes.",
            source: "YUI (yihui-hu/YUI): let threshold = bounds.width * 0.24")
        static let gateRatio = ParameterKey.number(
            "gateRatio", default: 1.5, in: 0...10,
            summary: "The pan begins only if |vx| > gateRatio·|vy| when it is recognised.",
            source: "YUI (yihui-hu/YUI): gestureRecognizerShouldBegin, abs(velocity.x) > abs(velocity.y) * 1.5")
        static let deleteDuration = ParameterKey.number(
            "deleteDuration", default: 0.2, in: 0.01...10, unit: "s",
            summary: "How long the row takes to slide out and fade (UIView default curve, easeInOut).",
            source: "YUI (yihui-hu/YUI): UIView.animate(withDuration: 0.2)")
        static let snapBackDuration = ParameterKey.number(
            "snapBackDuration", default: 0.4, in: 0.01...10, unit: "s",
            summary: "The snap-back spring's duration (UIKit's duration + damping mapping).",
            source:
                "YUI (yihui-hu/YUI): UIView.animate(withDuration: 0.4, usingSpringWithDamping: 1, initialSpringVelocity: 0)"
        )
        static let snapBackDampingRatio = ParameterKey.number(
            "snapBackDampingRatio", default: 1, in: 0.05...1, summary: "The snap-back spring's damping ratio.",
            source: "YUI (yihui-hu/YUI): usingSpringWithDamping: 1")
        static let velocityEstimator = SharedKeys.velocityEstimator.defaulting(
            to: .uikit,
            summary: "How the velocity the gate reads is estimated: UIKit's 0.2/0.8 blend or a least-squares fit.")
    }
    let sceneFields = TwitterSwipeScene.fields
    let parameters = [ParameterSpec](
        Keys.threshold, Keys.gateRatio, Keys.deleteDuration, Keys.snapBackDuration, Keys.snapBackDampingRatio,
        Keys.velocityEstimator, SharedKeys.touchResampling)
    /// §15.11: a leftward pan on the middle row from (300, 222) to dx = −100 over 0.25 s
    /// (400 pt/s), past the 93.6 pt threshold, so the row is deleted.
    let trigger = Trigger.gesture(
        example: ExampleGestures.linearDrag(from: Point(x: 300, y: 222), by: Point(x: -100, y: 0), over: 0.25),
        rules: DecisionRules(
            DecisionRule(
                id: "distance",
                summary: "delete (finish) iff the release drags the row left by at least threshold·W (p = 1), else "
                    + "spring back (cancel); the velocity is not read",
                source: "YUI (yihui-hu/YUI): if progress == 1 { delete } else { snap back }")))

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let scene = TwitterSwipeScene(input.scene)
        let layers = scene.layers
        let parameters = input.parameters
        let threshold = parameters[Keys.threshold]
        let gesture = try PresetGesture(input)
        let releaseTime = gesture.release.time
        let rest = TwitterSwipeState.rest.look(layers, progress: 0, markIsRed: false)
        // Seed 004's gate: the pan begins only if |vx| > ratio·|vy| when it is recognised.
        let ratio = parameters[Keys.gateRatio]
        let gate = gesture.gate(
            accepting: { abs($0.x) > ratio * abs($0.y) },
            refusal: "; YUI (yihui-hu/YUI) begins only when |vx| > \(Format.amount(ratio))·|vy|")
        guard let recognized = gate.recognized else {
            return try gesture.refused(
                gate.refusal + ": the row never moved", presetID: description.id, layers: layers.all,
                still: rest.layers, annotations: rest.annotations, input: input)
        }

        // `.ended` reads dx from the recognizer; the animation starts from the row as the last
        // `.changed` left it.
        let lifted = TwitterSwipeState.dragged(
            gesture.translation(at: releaseTime).x, scene: scene, threshold: threshold)
        let released = TwitterSwipeState.dragged(gesture.shownAtRelease.x, scene: scene, threshold: threshold)
        let decision = decide(gesture, progress: released.progress, ruleProgress: lifted.progress)
        let deletes = decision.outcome == .finish
        let target = deletes ? released.state.deleted(window: scene.window) : TwitterSwipeState.rest
        let easing: TimingCurve =
            deletes
            ? .cubic(.easeInEaseOut, duration: parameters[Keys.deleteDuration])
            : .uikitSpring(
                duration: parameters[Keys.snapBackDuration], dampingRatio: parameters[Keys.snapBackDampingRatio])
        let targetProgress: Double = deletes ? 1 : 0
        return try InteractiveTransition(
            presetID: description.id, layers: layers.all, gesture: gesture, still: rest.layers,
            stillAnnotations: rest.annotations, recognized: recognized,
            dragging: { time in
                let drag = TwitterSwipeState.dragged(gesture.followed(at: time).x, scene: scene, threshold: threshold)
                return drag.state.look(layers, progress: drag.progress, markIsRed: drag.progress >= 1)
            },
            decision: decision, completed: releaseTime + easing.duration,
            settling: { time in
                let e = easing.fraction(at: time - releaseTime)
                return released.state.interpolated(to: target, e).look(
                    layers, progress: released.progress + (targetProgress - released.progress) * e, markIsRed: deletes)
            },
            settled: target.look(layers, progress: targetProgress, markIsRed: false)
        ).simulate(input)
    }

    /// §13.1 ended: a cancelled gesture springs back; otherwise p = 1 deletes.
    /// `ruleProgress` is the lift-off's p, which the rule reads; `progress` the row's on screen.
    func decide(_ gesture: PresetGesture, progress: Double, ruleProgress: Double) -> Decision {
        gesture.decision(
            rule: "distance", progress: progress, ruleProgress: ruleProgress == progress ? nil : ruleProgress,
            cancelled: "the gesture was cancelled: the row springs back"
        ) { translation, _ in
            let dx = Format.amount(translation.x)
            return ruleProgress >= 1
                ? (.finish, "released at dx = \(dx) pt, at or past the threshold (p = 1): delete")
                : (.cancel, "released at dx = \(dx) pt, p = \(Format.ratio(ruleProgress)) < 1: the row springs back")
        }
    }
}
