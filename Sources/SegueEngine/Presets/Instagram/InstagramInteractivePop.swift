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
        source: "seed 000 (Part II custom interaction controller; seed-transitions.md §6)")
    let sceneFields = InstagramScene.fields
    let parameters: [ParameterSpec] =
        InstagramParameters.animated + [
            ParameterSpec(
                name: "minimumScale", kind: .number(0.05...1, unit: ""), defaultValue: .number(0.6),
                summary: "The smallest the card gets while dragged.",
                source: "seed 000: scaleFactor = min(max(scaleFactor, 0.6), 1)"),
            ParameterSpec(
                name: "scaleRate", kind: .number(0...5, unit: ""), defaultValue: .number(0.4),
                summary: "How fast the card shrinks with progress: scale = 1 − scaleRate·p.",
                source: "seed 000: var scaleFactor = 1 - progress * 0.4"),
            ParameterSpec(
                name: "releaseRule", kind: .choice(InstagramReleaseRule.allCases.map(\.rawValue)),
                defaultValue: .choice("velocitySign"), summary: "How the release decides finish or cancel.",
                source: "seed 000: if recognizer.velocity(in: window).x > 0"),
            ParameterSpec(
                name: "progressMode", kind: .choice(["signed", "absolute"]), defaultValue: .choice("signed"),
                summary: "p = tx/W (seed 000, S2) or |tx|/W (YUI, so leftward drags shrink too).",
                source: "seed 000: let progress = translation.x / window.frame.width"),
            ParameterSpec(
                name: "gate", kind: .choice(["horizontal", "yui"]), defaultValue: .choice("horizontal"),
                summary: "Which pans start the pop: |vx| > |vy| (seed 000), or YUI's vx > |vy| or a downward pull.",
                source: "seed 000: guard abs(velocity.x) > abs(velocity.y)"),
            SharedParameters.velocityEstimator,
            ParameterSpec(
                name: "springSettle", kind: .bool, defaultValue: .bool(false),
                summary: "Beyond the seeds: settle with a spring that starts at the release velocity "
                    + "(duration and settleDampingRatio), instead of the curve from rest.",
                source: "seed-transitions.md §14.8 (suggested)"),
            ParameterSpec(
                name: "settleDampingRatio", kind: .number(0.05...1, unit: ""), defaultValue: .number(0.85),
                summary: "The settle spring's damping ratio, when springSettle is on.", source: "engine"),
            ParameterSpec(
                name: "translationFollowsFinger", kind: .bool, defaultValue: .bool(false),
                summary: "Beyond the seed: move the card by the full translation, so the grabbed point stays under "
                    + "the finger, instead of by scale × translation (the seed's card lags by up to 40 %).",
                source: "seed-transitions.md §14.4"),
            ParameterSpec(
                name: "keepMaskOnCancel", kind: .bool, defaultValue: .bool(false),
                summary: "Reproduce the seed leaving the rounded mask on the detail screen after a cancel.",
                source: "seed-transitions.md §14.12b"),
        ]
    var releaseRules: [DecisionRule] { InstagramReleaseRule.rules }
    var exampleSamples: [GestureSample] { InstagramExampleGestures.interactivePop }

    /// The card while dragged by `translation` (seed-transitions.md §6.2):
    /// s = clamp(1 − rate·p, minimum, 1) and transform scale(s).translatedBy(tx, ty),
    /// so the card's centre moves by s·t (by t with `translationFollowsFinger`).
    static func dragState(
        _ translation: Point, base: InstagramState, scene: InstagramScene, parameters: ParameterValues
    ) -> (state: InstagramState, progress: Double) {
        let signed = translation.x / scene.window.width
        let progress = parameters.choice("progressMode") == "absolute" ? abs(signed) : signed
        let minimum = parameters.number("minimumScale")
        let scale = min(max(1 - parameters.number("scaleRate") * progress, minimum), 1)
        var state = base
        state.scale = scale
        state.translation = parameters.bool("translationFollowsFinger") ? translation : translation * scale
        return (state, progress)
    }

    var trigger: Trigger {
        .gesture(
            example: exampleSamples,
            rules: DecisionRules(releaseRules[0], others: Array(releaseRules.dropFirst())))
    }

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let scene = InstagramScene(input.scene)
        let parameters = input.parameters
        let gesture = try PresetGesture(input)
        let began = gesture.track.began.time
        let releaseTime = gesture.release.time
        let layers = InstagramState.layerDescriptions(scene)
        let gate = gesture.passesGate(parameters.choice("gate"))
        // The screen before the pan is recognised (and when it never is), the same on every frame.
        let detailAlone = InstagramState.detailAlone(scene).layers(scene)
        guard gate.passes, let recognized = gesture.recognitionTime else {
            return try gesture.stillSimulation(
                presetID: description.id, layers: layers, still: detailAlone,
                input: input,
                decision: gesture.refusedByGate(explanation: "\(gate.reason): no pop started"))
        }

        // Set-up when the pop starts: mask with the corner radius, placeholder, full dim.
        let (base, onCell) = InstagramPop.ends(scene, parameters)
        let velocity = gesture.releaseVelocity
        let released = Self.dragState(
            gesture.translation(at: releaseTime), base: base, scene: scene, parameters: parameters)
        let rule = InstagramReleaseRule(rawValue: parameters.choice("releaseRule")) ?? .velocitySign
        let decision = gesture.decision(by: rule, window: scene.window, progress: released.progress)
        let outcome = decision.outcome
        let target = outcome == .finish ? onCell : base
        let targetProgress: Double = outcome == .finish ? 1 : 0
        let easing = settleEasing(
            from: released.state, to: target, velocity: velocity, scene: scene, parameters: parameters)
        let completed = releaseTime + easing.duration
        var settled = outcome == .finish ? InstagramPop.finished(onCell) : InstagramState.detailAlone(scene)
        if outcome == .cancel && parameters.bool("keepMaskOnCancel") {
            settled.mask = scene.bounds
            settled.maskRadius = base.maskRadius
        }

        let grid = input.frameGrid(start: began, end: completed)
        let frames = try grid.frames(
            state: { time in
                if time < recognized {
                    return SimulationFrame(
                        time: time, phase: .interactive, progress: 0,
                        layers: detailAlone)
                }
                if time < releaseTime {
                    let drag = Self.dragState(
                        gesture.translation(at: time), base: base, scene: scene, parameters: parameters)
                    return SimulationFrame(
                        time: time, phase: .interactive, progress: drag.progress, layers: drag.state.layers(scene))
                }
                let e = easing.value(at: time - releaseTime)
                return SimulationFrame(
                    time: time, phase: .animating,
                    progress: released.progress + (targetProgress - released.progress) * e,
                    layers: released.state.interpolated(to: target, e).layers(scene))
            },
            finalState: { time in
                SimulationFrame(time: time, phase: .settled, progress: targetProgress, layers: settled.layers(scene))
            })
        return Simulation(
            presetID: description.id, frameRate: input.frameRate, duration: (frames.last?.time ?? began) - began,
            layers: layers, decision: decision, events: gesture.events(completed: completed, outcome: outcome),
            frames: frames)
    }

    /// The settle: the `curve` from rest, as the seeds do (§6.5: no velocity hand-off);
    /// or, with `springSettle`, a UIKit spring whose relative initial velocity is the
    /// card's velocity (s·v, the card lags the finger by s) along its path, divided by
    /// the path's length (motion-math.md §2.8).
    func settleEasing(
        from start: InstagramState, to end: InstagramState, velocity: Point, scene: InstagramScene,
        parameters: ParameterValues
    ) -> Easing {
        let duration = parameters.number("duration")
        guard parameters.bool("springSettle") else { return InstagramAnimation.easing(parameters) }
        let path = end.translation - start.translation
        let length = (path.x * path.x + path.y * path.y).squareRoot()
        let along = length > 1e-9 ? (velocity.x * path.x + velocity.y * path.y) * start.scale / length : 0
        let relative = SpringVelocityHandoff.relativeVelocity(along, from: 0, to: length)
        let zeta = parameters.number("settleDampingRatio")
        let spring = Spring.uikit(duration: duration, dampingRatio: zeta, initialVelocity: relative) ?? .systemDefault
        return .spring(spring, initialVelocity: relative, duration: duration)
    }
}
