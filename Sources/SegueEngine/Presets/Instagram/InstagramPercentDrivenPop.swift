import SegueMath

/// `instagram.pop.percentDriven`: a horizontal pan scrubs the pop animation with
/// `UIPercentDrivenInteractiveTransition`; on release it finishes if moving right,
/// else cancels, playing the rest at `completionSpeed` (seed 000's first attempt;
/// seed-transitions.md §5).
struct InstagramPercentDrivenPop: Preset {
    let description = PresetDescription(
        id: "instagram.pop.percentDriven", title: "Instagram pop scrubbed by a pan (percent-driven)",
        summary: "A horizontal pan scrubs the shrink-to-cell pop (progress = tx / W); released moving right it "
            + "finishes, otherwise it plays back.",
        source: "seed 000 (Part II, UIPercentDrivenInteractiveTransition; seed-transitions.md §5)")
    let sceneFields = InstagramScene.fields
    let parameters =
        InstagramParameters.animated + [
            ParameterSpec(
                name: "completionSpeed", kind: .number(0.1...10, unit: ""), defaultValue: .number(1),
                summary: "How fast finish() and cancel() play the rest of the animation.",
                source: "UIPercentDrivenInteractiveTransition.completionSpeed default 1 (motion-math.md §3.3)"),
            SharedParameters.velocityEstimator,
        ]
    let releaseRules = [InstagramReleaseRule.rules[0]]
    var exampleSamples: [GestureSample] { InstagramExampleGestures.percentDrivenPop }

    var trigger: Trigger {
        .gesture(
            example: exampleSamples,
            rules: DecisionRules(releaseRules[0], others: Array(releaseRules.dropFirst())))
    }

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let scene = InstagramScene(input.scene)
        let gesture = try PresetGesture(input)
        let easing = InstagramAnimation.easing(input.parameters)
        let (start, end) = InstagramPop.ends(scene, input.parameters)
        let began = gesture.track.began.time
        let releaseTime = gesture.release.time
        let layers = InstagramState.layerDescriptions(scene)
        let gate = gesture.passesGate("horizontal")
        // The screen before the pan is recognised (and when it never is), the same on every frame.
        let detailAlone = InstagramState.detailAlone(scene).layers(scene)
        guard gate.passes, let recognized = gesture.recognitionTime else {
            return try gesture.stillSimulation(
                presetID: description.id, layers: layers, still: detailAlone,
                input: input,
                decision: gesture.refusedByGate(explanation: "\(gate.reason): no pop started"))
        }

        /// Progress p = tx / W, clamped (seed-transitions.md §5, [engine] clamp).
        func percent(at time: Double) -> Double {
            min(max(gesture.translation(at: time).x / scene.window.width, 0), 1)
        }
        let releasePercent = percent(at: releaseTime)
        let decision = gesture.decision(by: .velocitySign, window: scene.window, progress: releasePercent)
        let outcome = decision.outcome
        var transition = PercentDrivenTransition(
            reportedDuration: easing.duration, completionSpeed: input.parameters.number("completionSpeed"))
        transition.update(releasePercent)
        transition.complete(outcome == .finish ? .finish : .cancel, at: releaseTime)
        let completed = transition.completionEndTime ?? releaseTime
        let settled = outcome == .finish ? InstagramPop.finished(end) : InstagramState.detailAlone(scene)

        let grid = input.frameGrid(start: began, end: completed)
        let frames = try grid.frames(
            state: { time in
                if time < recognized {
                    return SimulationFrame(
                        time: time, phase: .interactive, progress: 0,
                        layers: detailAlone)
                }
                let interactive = time < releaseTime
                let animationTime =
                    interactive ? percent(at: time) * easing.duration : transition.animationTime(at: time)
                let e = easing.value(at: animationTime)
                // progress is UIKit's percentComplete: the fraction of the animation's time shown.
                return SimulationFrame(
                    time: time, phase: interactive ? .interactive : .animating,
                    progress: min(animationTime / easing.duration, 1),
                    layers: start.interpolated(to: end, e).layers(scene))
            },
            finalState: { time in
                SimulationFrame(
                    time: time, phase: .settled, progress: outcome == .finish ? 1 : 0, layers: settled.layers(scene))
            })
        return Simulation(
            presetID: description.id, frameRate: input.frameRate, duration: (frames.last?.time ?? began) - began,
            layers: layers, decision: decision, events: gesture.events(completed: completed, outcome: outcome),
            frames: frames)
    }
}
