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
            + "Fixed: a row dragged back past its start shows (and settles to) rest [beyond the seed]; the × starts "
            + "hidden; the row's deletion layout animation after the slide is not simulated [inferred].",
        source: "seed 004 (YUI TwitterSwipeGestureView, TweetCell; seed-transitions.md §13.1, §15.11)")
    let sceneFields = TwitterSwipeScene.fields
    let parameters: [ParameterSpec] = [
        ParameterSpec(
            name: "threshold", kind: .number(0.01...1, unit: ""), defaultValue: .number(0.24),
            summary: "The drag, as a fraction of the window's width, at which p reaches 1 and a release deletes.",
            source: "seed 004: let threshold = bounds.width * 0.24"),
        ParameterSpec(
            name: "gateRatio", kind: .number(0...10, unit: ""), defaultValue: .number(1.5),
            summary: "The pan begins only if |vx| > gateRatio·|vy| when it is recognised.",
            source: "seed 004: gestureRecognizerShouldBegin, abs(velocity.x) > abs(velocity.y) * 1.5"),
        ParameterSpec(
            name: "deleteDuration", kind: .number(0.01...10, unit: "s"), defaultValue: .number(0.2),
            summary: "How long the row takes to slide out and fade (UIView default curve, easeInOut).",
            source: "seed 004: UIView.animate(withDuration: 0.2)"),
        ParameterSpec(
            name: "snapBackDuration", kind: .number(0.01...10, unit: "s"), defaultValue: .number(0.4),
            summary: "The snap-back spring's duration (UIKit's duration + damping mapping).",
            source: "seed 004: UIView.animate(withDuration: 0.4, usingSpringWithDamping: 1, initialSpringVelocity: 0)"),
        ParameterSpec(
            name: "snapBackDampingRatio", kind: .number(0.05...1, unit: ""), defaultValue: .number(1),
            summary: "The snap-back spring's damping ratio.", source: "seed 004: usingSpringWithDamping: 1"),
        ParameterSpec(
            name: "velocityEstimator", kind: .choice(["uikit", "leastSquares"]), defaultValue: .choice("uikit"),
            summary: "How the velocity the gate reads is estimated: UIKit's 0.2/0.8 blend or a least-squares fit.",
            source: "motion-math.md §4.1, §4.2"),
    ]
    let releaseRules = [
        DecisionRule(
            id: "distance",
            summary: "delete (finish) iff the release drags the row left by at least threshold·W (p = 1), else "
                + "spring back (cancel); the velocity is not read",
            source: "seed 004: if progress == 1 { delete } else { snap back }")
    ]
    var exampleSamples: [GestureSample] { YUISmallExampleGestures.twitterSwipe }

    var trigger: Trigger {
        .gesture(
            example: exampleSamples,
            rules: DecisionRules(releaseRules[0], others: Array(releaseRules.dropFirst())))
    }

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let scene = TwitterSwipeScene(input.scene)
        let parameters = input.parameters
        let threshold = parameters.number("threshold")
        let gesture = try PresetGesture(input)
        let began = gesture.track.began.time
        let releaseTime = gesture.release.time
        let layers = TwitterSwipeState.layerDescriptions(scene)
        let rest = TwitterSwipeState.rest
        let restFrame = { (time: Double, phase: FramePhase) in
            SimulationFrame(
                time: time, phase: phase, progress: 0, layers: rest.layers(scene),
                annotations: TwitterSwipeState.annotations(markIsRed: false))
        }
        let releaseTranslation = gesture.translation(at: releaseTime)
        let velocity = gesture.releaseVelocity

        let gate = passesGate(gesture, ratio: parameters.number("gateRatio"))
        guard gate.passes, let recognized = gesture.recognitionTime else {
            let grid = input.frameGrid(start: began, end: releaseTime)
            let frames = try grid.frames(
                state: { restFrame($0, .interactive) }, finalState: { restFrame($0, .settled) })
            return Simulation(
                presetID: description.id, frameRate: input.frameRate,
                duration: (frames.last?.time ?? began) - began, layers: layers,
                decision: Decision(
                    outcome: .cancel, time: releaseTime, rule: "gate", translation: releaseTranslation,
                    velocity: velocity, progress: 0, explanation: "\(gate.reason): the row never moved"),
                events: gesture.events(completed: releaseTime, outcome: .cancel), frames: frames)
        }

        let released = TwitterSwipeState.dragged(releaseTranslation.x, scene: scene, threshold: threshold)
        let decision = decide(gesture, translation: releaseTranslation, velocity: velocity, progress: released.progress)
        let deletes = decision.outcome == .finish
        let target = deletes ? released.state.deleted(window: scene.window) : rest
        let easing: TimingCurve
        if deletes {
            easing = .cubic(.easeInEaseOut, duration: parameters.number("deleteDuration"))
        } else {
            let duration = parameters.number("snapBackDuration")
            let spring =
                Spring.uikit(duration: duration, dampingRatio: parameters.number("snapBackDampingRatio"))
                ?? .systemDefault
            easing = .spring(spring, initialVelocity: 0, duration: duration)
        }
        let completed = releaseTime + easing.duration
        let targetProgress: Double = deletes ? 1 : 0

        let grid = input.frameGrid(start: began, end: completed)
        let frames = try grid.frames(
            state: { time in
                if time < recognized { return restFrame(time, .interactive) }
                if time < releaseTime {
                    let drag = TwitterSwipeState.dragged(
                        gesture.translation(at: time).x, scene: scene, threshold: threshold)
                    return SimulationFrame(
                        time: time, phase: .interactive, progress: drag.progress, layers: drag.state.layers(scene),
                        annotations: TwitterSwipeState.annotations(markIsRed: drag.progress >= 1))
                }
                let e = easing.fraction(at: time - releaseTime)
                return SimulationFrame(
                    time: time, phase: .animating,
                    progress: released.progress + (targetProgress - released.progress) * e,
                    layers: released.state.interpolated(to: target, e).layers(scene),
                    annotations: TwitterSwipeState.annotations(markIsRed: deletes))
            },
            finalState: { time in
                SimulationFrame(
                    time: time, phase: .settled, progress: targetProgress, layers: target.layers(scene),
                    annotations: TwitterSwipeState.annotations(markIsRed: false))
            })
        return Simulation(
            presetID: description.id, frameRate: input.frameRate, duration: (frames.last?.time ?? began) - began,
            layers: layers, decision: decision,
            events: gesture.events(completed: completed, outcome: decision.outcome), frames: frames)
    }

    /// Seed 004's gate: the pan begins only if |vx| > ratio·|vy| when it is recognised.
    func passesGate(_ gesture: PresetGesture, ratio: Double) -> (passes: Bool, reason: String) {
        guard gesture.recognitionTime != nil else {
            return (false, "the finger never moved, so the pan never began")
        }
        let velocity = gesture.velocityAtRecognition
        return (
            abs(velocity.x) > ratio * abs(velocity.y),
            "the pan began at (\(Format.speed(velocity.x)), \(Format.speed(velocity.y))) pt/s; seed 004 begins only "
                + "when |vx| > \(Format.amount(ratio))·|vy|"
        )
    }

    /// §13.1 ended: a cancelled gesture springs back; otherwise p = 1 deletes.
    func decide(_ gesture: PresetGesture, translation: Point, velocity: Point, progress: Double) -> Decision {
        let time = gesture.release.time
        if gesture.release.phase == .cancelled {
            return Decision(
                outcome: .cancel, time: time, rule: "gestureCancelled", translation: translation, velocity: velocity,
                progress: progress, explanation: "the gesture was cancelled: the row springs back")
        }
        let dx = Format.amount(translation.x)
        let explanation =
            progress >= 1
            ? "released at dx = \(dx) pt, at or past the threshold (p = 1): delete"
            : "released at dx = \(dx) pt, p = \(Format.ratio(progress)) < 1: the row springs back"
        return Decision(
            outcome: progress >= 1 ? .finish : .cancel, time: time, rule: "distance", translation: translation,
            velocity: velocity, progress: progress, explanation: explanation)
    }
}
