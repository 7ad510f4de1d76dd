import SegueMath

/// `instagram.pop.interactive`: Instagram's drag-to-dismiss. The detail screen
/// shrinks toward 0.6 and follows the finger as a rounded card over the dimmed grid;
/// on release it either lands on its grid cell or springs back (seed 000's custom
/// interaction controller; seed-transitions.md §6).
struct InstagramInteractivePop: Preset {
    let description = PresetDescription(
        id: "instagram.pop.interactive", title: "Instagram drag-to-dismiss (interactive pop)",
        summary: "Dragging the detail screen shrinks it (to 0.6) into a rounded card that follows the finger; "
            + "released moving right it lands on its grid cell in 0.25 s, otherwise it returns.",
        source:
            "Kolos Foltányi, “Replicating Instagram’s Shared Transition on iOS (UIKit)”, and its code, github.com/Kolos65/InstagramTransition (Part II custom interaction controller)"
    )
    let sceneFields = InstagramScene.fields
    let parameters =
        InstagramKeys.animated
        + [ParameterSpec](
            InstagramKeys.minimumScale, InstagramKeys.scaleRate, InstagramKeys.releaseRule, InstagramKeys.progressMode,
            InstagramKeys.gate, SharedKeys.velocityEstimator, SharedKeys.touchResampling, InstagramKeys.springSettle,
            InstagramKeys.settleDampingRatio, InstagramKeys.translationFollowsFinger, InstagramKeys.keepMaskOnCancel)
    let trigger = Trigger.gesture(
        example: InstagramExampleGestures.interactivePop,
        rules: DecisionRules(InstagramReleaseRule.rules[0], others: Array(InstagramReleaseRule.rules.dropFirst())))

    /// The card while dragged by `translation` (seed-transitions.md §6.2):
    /// s = clamp(1 − rate·p, minimum, 1) and transform scale(s).translatedBy(tx, ty),
    /// so the card's centre moves by s·t (by t with `translationFollowsFinger`).
    static func dragState(
        _ translation: Point, base: InstagramState, scene: InstagramScene, parameters: ParameterValues
    ) -> (state: InstagramState, progress: Double) {
        let signed = translation.x / scene.window.width
        let progress = parameters[InstagramKeys.progressMode] == .absolute ? abs(signed) : signed
        let minimum = parameters[InstagramKeys.minimumScale]
        let scale = min(max(1 - parameters[InstagramKeys.scaleRate] * progress, minimum), 1)
        var state = base
        state.scale = scale
        state.translation = parameters[InstagramKeys.translationFollowsFinger] ? translation : translation * scale
        return (state, progress)
    }

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let scene = InstagramScene(input.scene)
        let layers = scene.layers
        let parameters = input.parameters
        let gesture = try PresetGesture(input)
        let releaseTime = gesture.release.time
        let gate = gesture.gate(parameters[InstagramKeys.gate])
        // The screen before the pan is recognised (and when it never is), the same on every frame.
        let detailAlone = InstagramState.detailAlone(scene).layers(layers)
        guard let recognized = gate.recognized else {
            return try gesture.refused(
                gate.refusal + ": no pop started", presetID: description.id, layers: layers.all, still: detailAlone,
                input: input)
        }

        // Set-up when the pop starts: mask with the corner radius, placeholder, full dim.
        let (base, onCell) = InstagramPop.ends(scene, parameters)
        // The article's handler calls finish() or cancel() on `.ended` without update(recognizer):
        // the settle starts from the last `.changed` state, while the rule reads the lift-off.
        let released = Self.dragState(gesture.shownAtRelease, base: base, scene: scene, parameters: parameters)
        let decision = gesture.decision(
            by: parameters[InstagramKeys.releaseRule], window: scene.window, progress: released.progress)
        let outcome = decision.outcome
        let target = outcome == .finish ? onCell : base
        let targetProgress: Double = outcome == .finish ? 1 : 0
        let easing = settleEasing(
            from: released.state, to: target, velocity: gesture.releaseVelocity, parameters: parameters)
        var settled = outcome == .finish ? InstagramPop.finished(onCell) : InstagramState.detailAlone(scene)
        if outcome == .cancel && parameters[InstagramKeys.keepMaskOnCancel] {
            settled.mask = scene.bounds
            settled.maskRadius = base.maskRadius
        }
        return try InteractiveTransition(
            presetID: description.id, layers: layers.all, gesture: gesture, still: detailAlone, recognized: recognized,
            dragging: { time in
                let drag = Self.dragState(gesture.followed(at: time), base: base, scene: scene, parameters: parameters)
                return Look(layers: drag.state.layers(layers), progress: drag.progress)
            },
            decision: decision, completed: releaseTime + easing.duration,
            settling: { time in
                let e = easing.fraction(at: time - releaseTime)
                return Look(
                    layers: released.state.interpolated(to: target, e).layers(layers),
                    progress: released.progress + (targetProgress - released.progress) * e)
            },
            settled: Look(layers: settled.layers(layers), progress: targetProgress)
        ).simulate(input)
    }

    /// The settle: the `curve` from rest, as the seeds do (§6.5: no velocity hand-off);
    /// or, with `springSettle`, a UIKit spring whose relative initial velocity is the
    /// card's velocity (s·v, the card lags the finger by s) along its path, divided by
    /// the path's length (motion-math.md §2.8).
    func settleEasing(
        from start: InstagramState, to end: InstagramState, velocity: Point, parameters: ParameterValues
    ) -> TimingCurve {
        guard parameters[InstagramKeys.springSettle] else { return InstagramAnimation.easing(parameters) }
        let duration = parameters[InstagramKeys.duration]
        let path = end.translation - start.translation
        let length = (path.x * path.x + path.y * path.y).squareRoot()
        let along = length > 1e-9 ? (velocity.x * path.x + velocity.y * path.y) * start.scale / length : 0
        let relative = SpringVelocityHandoff.relativeVelocity(along, from: 0, to: length)
        let spring = Spring.uikit(
            duration: duration, dampingRatio: parameters[InstagramKeys.settleDampingRatio], initialVelocity: relative)
        return .spring(spring ?? .systemDefault, initialVelocity: relative, duration: duration)
    }
}
