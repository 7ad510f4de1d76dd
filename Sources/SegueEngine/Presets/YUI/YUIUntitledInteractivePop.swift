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
            + "the cancel always lasts the reported duration. The seed reports 0.35 s for a 0.4 s animation, so "
            + "dragging never reaches the end (§14.14); fixed by default (both 0.4 s), reproduced with "
            + "legacyDurationMismatch. p is clamped to [0, 1] and a cancel from p ≤ 0 is immediate (§14.13) "
            + "[beyond the seed].",
        source: "seed 004 ([untitled] handlePan, SharedTransitionConfig.untitled; seed-transitions.md §11.3, §15.9)")
    let sceneFields = YUIUntitledScene.fields
    let parameters: [ParameterSpec] = [
        ParameterSpec(
            name: "animationDuration", kind: .number(0.01...10, unit: "s"),
            defaultValue: .number(YUIUntitledConstants.animationDuration),
            summary: "How long the scrubbed pop animation runs (curve YUI (0.25, 0.46, 0.45, 0.94)).",
            source: "seed 004 [untitled] interactive pop: UIView.animate(withDuration: 0.4), Y_CURVE"),
        ParameterSpec(
            name: "reportedDuration", kind: .number(0.01...10, unit: "s"),
            defaultValue: .number(YUIUntitledConstants.reportedDuration),
            summary: "The transitionDuration the seed reports, used only with legacyDurationMismatch.",
            source: "seed 004 SharedTransitionConfig.untitled duration 0.35"),
        ParameterSpec(
            name: "legacyDurationMismatch", kind: .bool, defaultValue: .bool(false),
            summary: "Scrub with the reported 0.35 s against the 0.4 s animation, as the seed does (§14.14).",
            source: "seed-transitions.md §14.14"),
        ParameterSpec(
            name: "finishVelocity", kind: .number(0...10_000, unit: "pt/s"), defaultValue: .number(900),
            summary: "A release faster than this to the right finishes.",
            source: "seed 004 handlePan: velocity.x > 900"),
        ParameterSpec(
            name: "finishProgress", kind: .number(0...1, unit: ""), defaultValue: .number(0.1),
            summary: "A release past this progress while moving right finishes.",
            source: "seed 004 handlePan: progress > 0.1 && velocity.x > 0"),
        SharedKeys.velocityEstimator.spec,
    ]
    let releaseRules = [
        DecisionRule(
            id: "yuiUntitled",
            summary: "finish iff vx > 900 pt/s or (p > 0.1 and vx > 0), else cancel at completionSpeed p",
            source: "seed 004 ([untitled] handlePan .ended; seed-transitions.md §11.3)")
    ]
    var exampleSamples: [GestureSample] {
        // Scene H's first test: tx grows to 60 (p = 0.154) at 200 pt/s, then the finger lifts.
        ExampleGestures.linearDrag(from: Point(x: 40, y: 500), by: Point(x: 60, y: 0), over: 0.3)
    }

    var trigger: Trigger {
        .gesture(
            example: exampleSamples,
            rules: DecisionRules(releaseRules[0], others: Array(releaseRules.dropFirst())))
    }

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let scene = YUIUntitledScene(input.scene)
        let parameters = input.parameters
        let gesture = try PresetGesture(input)
        let animationDuration = parameters.number("animationDuration")
        let reported =
            parameters.bool("legacyDurationMismatch") ? parameters.number("reportedDuration") : animationDuration
        let began = gesture.track.began.time
        let releaseTime = gesture.release.time
        let layers = YUIUntitledState.layerDescriptions(scene, .pop)
        let detailAlone = YUIUntitledState.settled(scene, .pop, detailShown: true)
        // The seed's began: |vx| > |vy| when the pan begins (seed-transitions.md §11.3).
        let start = gesture.velocityAtRecognition
        guard let recognized = gesture.recognitionTime, abs(start.x) > abs(start.y) else {
            let reason =
                gesture.recognitionTime == nil
                ? "the finger never moved, so the pan never began"
                : "the pan began at (\(Format.speed(start.x)), \(Format.speed(start.y))) pt/s; seed 004 pops only "
                    + "when |vx| > |vy|"
            return try gesture.stillSimulation(
                presetID: description.id, layers: layers, still: detailAlone,
                input: input,
                decision: gesture.refusedByGate(explanation: "\(reason): no pop started"))
        }

        /// p = tx / W, signed and unclamped as the seed computes it.
        func percent(at time: Double) -> Double { gesture.translation(at: time).x / scene.window.width }
        let p = percent(at: releaseTime)
        let decision = decide(gesture: gesture, p: p, parameters: parameters)
        var transition = PercentDrivenTransition(
            reportedDuration: reported, animationDuration: animationDuration,
            completionSpeed: decision.outcome == .finish ? 1 : p)
        transition.update(p)
        transition.complete(decision.outcome == .finish ? .finish : .cancel, at: releaseTime)
        let completed = transition.completionEndTime ?? releaseTime

        let grid = input.frameGrid(start: began, end: completed)
        let frames = try grid.frames(
            state: { time in
                if time < recognized {
                    return SimulationFrame(time: time, phase: .interactive, progress: 0, layers: detailAlone)
                }
                let interactive = time < releaseTime
                let animationTime =
                    interactive ? min(max(percent(at: time), 0), 1) * reported : transition.animationTime(at: time)
                let e = CubicBezier.yui.value(at: min(animationTime / animationDuration, 1))
                return SimulationFrame(
                    time: time, phase: interactive ? .interactive : .animating,
                    progress: min(animationTime / animationDuration, 1),
                    layers: YUIUntitledState(direction: .pop, e: e).layers(scene))
            },
            finalState: { time in
                let finished = decision.outcome == .finish
                return SimulationFrame(
                    time: time, phase: .settled, progress: finished ? 1 : 0,
                    layers: YUIUntitledState.settled(scene, .pop, detailShown: !finished))
            })
        return Simulation(
            presetID: description.id, frameRate: input.frameRate, duration: (frames.last?.time ?? began) - began,
            layers: layers, decision: decision,
            events: gesture.events(completed: completed, outcome: decision.outcome), frames: frames)
    }

    private func decide(gesture: PresetGesture, p: Double, parameters: ParameterValues) -> Decision {
        let translation = gesture.translation(at: gesture.release.time)
        let velocity = gesture.releaseVelocity
        let progress = min(max(p, 0), 1)
        func decision(_ outcome: Decision.Outcome, rule: String, _ text: String) -> Decision {
            Decision(
                outcome: outcome, time: gesture.release.time, rule: rule, translation: translation,
                velocity: velocity, progress: progress, explanation: text)
        }
        if gesture.release.phase == .cancelled {
            return decision(.cancel, rule: "gestureCancelled", "the gesture was cancelled: cancel")
        }
        let vx = Format.speed(velocity.x)
        let limit = parameters.number("finishVelocity")
        let past = parameters.number("finishProgress")
        if velocity.x > limit {
            return decision(
                .finish, rule: "yuiUntitled", "released at vx = \(vx) pt/s > \(Format.speed(limit)): finish")
        }
        if p > past && velocity.x > 0 {
            return decision(
                .finish, rule: "yuiUntitled",
                "dragged p = tx/W = \(Format.ratio(p)) > \(Format.ratio(past)) while moving right (vx = \(vx) pt/s): finish"
            )
        }
        return decision(
            .cancel, rule: "yuiUntitled",
            "p = tx/W = \(Format.ratio(p)), vx = \(vx) pt/s: neither vx > \(Format.speed(limit)) nor p > "
                + "\(Format.ratio(past)) moving right, so cancel at completionSpeed = p"
                + (p > 0 ? "" : " (p ≤ 0: nothing to undo, the cancel is immediate)"))
    }

}
