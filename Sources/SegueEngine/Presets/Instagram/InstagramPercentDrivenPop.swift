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
        source: "seed 000 (Part II, UIPercentDrivenInteractiveTransition; seed-transitions.md §5)", interactive: true)
    let sceneFields = InstagramScene.fields
    let parameters =
        InstagramParameters.animated + [
            ParameterSpec(
                name: "completionSpeed", kind: .number(0.1...10, unit: ""), defaultValue: .number(1),
                summary: "How fast finish() and cancel() play the rest of the animation.",
                source: "UIPercentDrivenInteractiveTransition.completionSpeed default 1 (motion-math.md §3.3)"),
            InstagramParameters.velocityEstimator,
        ]
    let decisionRules = [InstagramReleaseRule.rules[0]]
    var exampleGesture: [GestureSample]? { InstagramExampleGestures.percentDrivenPop }

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let scene = InstagramScene(input.scene)
        let gesture = try InstagramGesture(input)
        let easing = InstagramAnimation.easing(input.parameters)
        let (start, end) = InstagramPop.ends(scene, input.parameters)
        let began = gesture.track.began.time
        let releaseTime = gesture.release.time
        let layers = InstagramState.layerDescriptions(scene)
        let translation = gesture.translation(at: releaseTime)
        let velocity = gesture.releaseVelocity

        let gate = gesture.passesGate("horizontal")
        guard gate.passes, let recognized = gesture.recognitionTime else {
            return try InstagramIgnoredPan.simulation(
                id: description.id, scene: scene, gesture: gesture, reason: gate.reason, frameRate: input.frameRate,
                layers: layers)
        }

        /// Progress p = tx / W, clamped (seed-transitions.md §5, [engine] clamp).
        func percent(at time: Double) -> Double {
            min(max(gesture.translation(at: time).x / scene.window.width, 0), 1)
        }
        let releasePercent = percent(at: releaseTime)
        let outcome: Decision.Outcome
        let rule: String
        let explanation: String
        if gesture.release.phase == .cancelled {
            (outcome, rule, explanation) = (.cancel, "gestureCancelled", "the gesture was cancelled: cancel")
        } else {
            let decided = InstagramReleaseRule.velocitySign.decide(
                translation: translation, velocity: velocity, window: scene.window)
            (outcome, rule, explanation) = (decided.0, "velocitySign", decided.1)
        }
        var transition = PercentDrivenTransition(
            reportedDuration: easing.duration, completionSpeed: input.parameters.number("completionSpeed"))
        transition.update(releasePercent)
        transition.complete(outcome == .finish ? .finish : .cancel, at: releaseTime)
        let completed = transition.completionEndTime ?? releaseTime
        let settled = outcome == .finish ? InstagramPop.finished(end) : InstagramState.detailAlone(scene)

        let grid = FrameGrid(start: began, end: completed, frameRate: input.frameRate)
        let frames = try grid.frames(
            state: { time in
                if time < recognized {
                    return SimulationFrame(
                        time: time, phase: .interactive, progress: 0,
                        layers: InstagramState.detailAlone(scene).layers(scene))
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
            layers: layers,
            decision: Decision(
                outcome: outcome, time: releaseTime, rule: rule, translation: translation, velocity: velocity,
                progress: releasePercent, explanation: explanation),
            events: [
                SimulationEvent(time: began, type: .began), SimulationEvent(time: releaseTime, type: .released),
                SimulationEvent(time: completed, type: outcome == .finish ? .finished : .cancelled),
            ],
            frames: frames)
    }
}

/// A pan that never started a pop (the gate refused it): the detail screen stays as
/// it is, and the decision says why.
enum InstagramIgnoredPan {
    static func simulation(
        id: String, scene: InstagramScene, gesture: InstagramGesture, reason: String, frameRate: Double,
        layers: [LayerDescription]
    ) throws(SimulationError) -> Simulation {
        let began = gesture.track.began.time
        let releaseTime = gesture.release.time
        let alone = InstagramState.detailAlone(scene).layers(scene)
        let grid = FrameGrid(start: began, end: releaseTime, frameRate: frameRate)
        let frames = try grid.frames(
            state: { time in SimulationFrame(time: time, phase: .interactive, progress: 0, layers: alone) },
            finalState: { time in SimulationFrame(time: time, phase: .settled, progress: 0, layers: alone) })
        return Simulation(
            presetID: id, frameRate: frameRate, duration: (frames.last?.time ?? began) - began, layers: layers,
            decision: Decision(
                outcome: .cancel, time: releaseTime, rule: "gate", translation: gesture.translation(at: releaseTime),
                velocity: gesture.releaseVelocity, progress: 0, explanation: "\(reason): no pop started"),
            events: [
                SimulationEvent(time: began, type: .began), SimulationEvent(time: releaseTime, type: .released),
                SimulationEvent(time: releaseTime, type: .cancelled),
            ],
            frames: frames)
    }
}
