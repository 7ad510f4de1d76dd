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
        source:
            "Kolos Foltányi, “Replicating Instagram’s Shared Transition on iOS (UIKit)”, and its code, github.com/Kolos65/InstagramTransition (Part II, UIPercentDrivenInteractiveTransition)"
    )
    let sceneFields = InstagramScene.fields
    let parameters =
        InstagramKeys.animated
        + [ParameterSpec](InstagramKeys.completionSpeed, SharedKeys.velocityEstimator, SharedKeys.touchResampling)
    let trigger = Trigger.gesture(
        example: InstagramExampleGestures.percentDrivenPop, rules: DecisionRules(InstagramReleaseRule.rules[0]))

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let scene = InstagramScene(input.scene)
        let layers = scene.layers
        let parameters = input.parameters
        let gesture = try PresetGesture(input)
        let easing = InstagramAnimation.easing(parameters)
        let (start, end) = InstagramPop.ends(scene, parameters)
        let releaseTime = gesture.release.time
        let gate = gesture.gate(.horizontal)
        // The screen before the pan is recognised (and when it never is), the same on every frame.
        let detailAlone = InstagramState.detailAlone(scene).layers(layers)
        guard let recognized = gate.recognized else {
            return try gesture.refused(
                gate.refusal + ": no pop started", presetID: description.id, layers: layers.all, still: detailAlone,
                input: input)
        }

        /// Progress p = tx / W, clamped (seed-transitions.md §5, [engine] clamp).
        func percent(at time: Double) -> Double {
            min(max(gesture.followed(at: time).x / scene.window.width, 0), 1)
        }
        // `.ended` calls finish() or cancel() without update(_:): the last `.changed` percent plays on.
        let releasePercent = percent(at: releaseTime)
        let decision = gesture.decision(by: .velocitySign, window: scene.window, progress: releasePercent)
        let settled = decision.outcome == .finish ? InstagramPop.finished(end) : InstagramState.detailAlone(scene)
        return try InteractiveTransition(
            presetID: description.id, layers: layers.all, gesture: gesture, still: detailAlone, recognized: recognized,
            scrubbing: PercentDrivenTransition(
                reportedDuration: easing.duration, completionSpeed: parameters[InstagramKeys.completionSpeed]),
            percent: percent(at:), releasePercent: releasePercent, decision: decision,
            look: { start.interpolated(to: end, easing.fraction(at: $0)).layers(layers) },
            settled: settled.layers(layers)
        ).simulate(input)
    }
}
