import SegueMath

/// `yui.fbPaper.settings`: YUI's home settings pull-down (seed 004 `HomeView`;
/// seed-transitions.md §10.4, §15.8). A vertical pan drags the home container down
/// (opening) or up (closing) while the white settings view behind it scales and fades
/// with p = |ty| / (0.5·H); on release a flick over 500 pt/s decides by its direction,
/// otherwise p > 0.5 shows the settings; a change springs 0.6 s (ζ 0.8, v0 0.6), no
/// change snaps back on a 0.4 s critically damped spring.
struct YUIPaperSettings: Preset {
    let description = PresetDescription(
        id: "yui.fbPaper.settings", title: "YUI Facebook Paper home (pull down for settings)",
        summary: "A pan with |vy| > 1.5·|vx| drags the home container: opening (ty ≥ 0) it moves down and scales by "
            + "1 − 0.04p, p = ty / (0.5·H), while the white settings view behind scales 0.9 + 0.1p and fades in "
            + "(α = p); closing (from shown, ty ≤ 0) reverses it. Released with |vy| > 500 pt/s the settings show iff "
            + "vy > 0, otherwise iff ty / (0.5·H) > 0.5; a change toggles on a 0.6 s UIView spring (damping 0.8, "
            + "velocity 0.6), no change snaps back on a 0.4 s spring (damping 1). [inferred]: the order "
            + "'translate, then scale' read as the visual shift s·ty (as scene G's 0.98·211 = 206.8), applied after "
            + "the touch-down transform when closing; upward drags while hidden clamped to ty = 0.",
        source: "the YUI gallery, github.com/yihui-hu/YUI (YUI HomeView settings pan)")
    let sceneFields = YUIPaperScene.fields + [Keys.settingsShown.spec]
    let parameters = [ParameterSpec](
        Keys.maxTranslation, Keys.visibleScale, Keys.settingsHiddenScale, Keys.flickVelocity, Keys.progressThreshold,
        Keys.gateRatio, Keys.toggleDuration, Keys.toggleDampingRatio, Keys.toggleInitialVelocity,
        Keys.snapBackDuration, SharedKeys.velocityEstimator, SharedKeys.touchResampling)
    let trigger = Trigger.gesture(
        example: Self.exampleDrag,
        rules: DecisionRules(
            DecisionRule(
                id: "flickOrHalf",
                summary:
                    "if |vy| > 500 pt/s show iff vy > 0, else show iff ty / maxT > 0.5; a change finishes (toggles)",
                source: "YUI (yihui-hu/YUI) HomeView settings pan .ended/.cancelled")))

    /// §15.8: from (195, 200) the finger moves down 211 pt (p = 0.5) over 0.5 s at 60 Hz
    /// and rests there for 0.2 s before lifting: vy ≈ 0 < 500 and p = 0.5 is not above
    /// 0.5, so it snaps back.
    static let exampleDrag: [GestureSample] = {
        var samples = ExampleGestures.linearDrag(
            from: Point(x: 195, y: 200), by: Point(x: 0, y: 211), over: 0.5)
        let lift = samples.removeLast()
        for step in 1...12 {
            samples.append(
                GestureSample(time: lift.time + Double(step - 1) / 60, location: lift.location, phase: .changed))
        }
        samples.append(GestureSample(time: lift.time + 12.0 / 60, location: lift.location, phase: .ended))
        return samples
    }()

    /// The home container's and the settings view's look at one moment.
    struct State: Sendable, Hashable {
        var containerScale: Double
        /// The container's visual downward shift, points.
        var containerShift: Double
        var settingsScale: Double
        var settingsOpacity: Double

        func lerp(to other: State, _ x: Double) -> State {
            State(
                containerScale: containerScale + (other.containerScale - containerScale) * x,
                containerShift: containerShift + (other.containerShift - containerShift) * x,
                settingsScale: settingsScale + (other.settingsScale - settingsScale) * x,
                settingsOpacity: settingsOpacity + (other.settingsOpacity - settingsOpacity) * x)
        }

        /// Bottom to top: settings, home.
        func layers(_ scene: YUIPaperScene) -> [LayerState] {
            [
                LayerState(
                    id: "settings", frame: scene.bounds,
                    transform: AffineTransform(a: settingsScale, b: 0, c: 0, d: settingsScale, tx: 0, ty: 0),
                    opacity: settingsOpacity),
                LayerState(
                    id: "home", frame: scene.bounds,
                    transform: AffineTransform(
                        a: containerScale, b: 0, c: 0, d: containerScale, tx: 0, ty: containerShift),
                    cornerRadius: scene.displayCornerRadius),
            ]
        }
    }

    struct Model {
        var maxT: Double
        var visibleScale: Double
        var hiddenScale: Double

        /// Shown: the container translate(0, maxT) then scale(0.96), so shifted 0.96·maxT; settings identity.
        var shown: State {
            State(
                containerScale: visibleScale, containerShift: visibleScale * maxT, settingsScale: 1, settingsOpacity: 1)
        }
        /// Hidden: the container identity; settings at 0.9, α 0.
        var hidden: State {
            State(containerScale: 1, containerShift: 0, settingsScale: hiddenScale, settingsOpacity: 0)
        }

        /// §10.4's drag. Opening: translate(0, ty) then scale(1 − 0.04p), the centre moving
        /// s·ty; settings 0.9 + 0.1p, α p. Closing: the shown transform, then translate(0, ty)
        /// and scale(1 + 0.04p); settings 1 − 0.1p, α 1 − p.
        func drag(ty: Double, fromShown: Bool) -> State {
            let squeeze = 1 - visibleScale
            let grow = 1 - hiddenScale
            if fromShown {
                let t = min(ty, 0)
                let p = abs(t) / maxT
                let k = 1 + squeeze * p
                return State(
                    containerScale: k * visibleScale, containerShift: k * (visibleScale * maxT + t),
                    settingsScale: 1 - grow * p, settingsOpacity: 1 - p)
            }
            let t = max(ty, 0)
            let p = t / maxT
            let s = 1 - squeeze * p
            return State(
                containerScale: s, containerShift: s * t, settingsScale: hiddenScale + grow * p, settingsOpacity: p)
        }
    }

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let scene = YUIPaperScene(input.scene)
        let parameters = input.parameters
        let fromShown = input.scene[YUIPaperSettings.Keys.settingsShown]
        let gesture = try PresetGesture(input)
        let model = Model(
            maxT: parameters[YUIPaperSettings.Keys.maxTranslation] * scene.window.height,
            visibleScale: parameters[YUIPaperSettings.Keys.visibleScale],
            hiddenScale: parameters[YUIPaperSettings.Keys.settingsHiddenScale])
        let rest = fromShown ? model.shown : model.hidden
        let releaseTime = gesture.release.time
        let translation = gesture.translation(at: releaseTime)
        let velocity = gesture.releaseVelocity
        // The handler reads ty and vy on `.ended` and animates from the screen as the last `.changed` left it.
        let shownTY = gesture.shownAtRelease.y
        let releaseProgress = fromShown ? abs(min(shownTY, 0)) / model.maxT : max(shownTY, 0) / model.maxT
        let layers = [
            LayerDescription(
                id: "settings", role: "the full-screen white settings view, behind the home", frame: scene.bounds,
                kind: .solid, fill: .white),
            LayerDescription(
                id: "home", role: "the home container, rounded to the display corner radius", frame: scene.bounds),
        ]
        let ratio = parameters[YUIPaperInteractivePop.Keys.gateRatio]
        let gate = gesture.gate(
            accepting: { abs($0.y) > ratio * abs($0.x) },
            refusal: ", not vertical (|vy| > \(Format.amount(ratio))·|vx|)")
        guard let recognized = gate.recognized else {
            return try gesture.refused(
                gate.refusal + ": the settings stay \(fromShown ? "shown" : "hidden")", presetID: description.id,
                layers: layers, still: rest.layers(scene), input: input)
        }
        let decision = Self.decision(
            gesture: gesture, translation: translation, velocity: velocity, progress: releaseProgress, maxT: model.maxT,
            flick: parameters[YUIPaperInteractivePop.Keys.flickVelocity],
            threshold: parameters[YUIPaperInteractivePop.Keys.progressThreshold],
            fromShown: fromShown)
        let toggles = decision.outcome == .finish
        let target = (fromShown != toggles) ? model.shown : model.hidden
        let easing = Self.settleEasing(parameters, toggles: toggles)
        let released = model.drag(ty: shownTY, fromShown: fromShown)
        let completed = releaseTime + easing.duration
        let end = toggles ? 1.0 : 0
        return try InteractiveTransition(
            presetID: description.id, layers: layers, gesture: gesture, still: rest.layers(scene),
            recognized: recognized,
            dragging: { time in
                let ty = gesture.followed(at: time).y
                let p = fromShown ? abs(min(ty, 0)) / model.maxT : max(ty, 0) / model.maxT
                return Look(layers: model.drag(ty: ty, fromShown: fromShown).layers(scene), progress: p)
            },
            decision: decision, completed: completed,
            settling: { time in
                let x = easing.fraction(at: time - releaseTime)
                return Look(
                    layers: released.lerp(to: target, x).layers(scene),
                    progress: releaseProgress + (end - releaseProgress) * x)
            },
            settled: Look(layers: target.layers(scene), progress: toggles ? 1 : 0)
        ).simulate(input)
    }

    /// The toggle spring (0.6 s, ζ 0.8, v0 0.6) or the snap-back (0.4 s, ζ 1, v0 0), with
    /// UIKit's duration + damping mapping (motion-math.md §2.3).
    static func settleEasing(_ parameters: ParameterValues, toggles: Bool) -> TimingCurve {
        let duration = parameters[
            toggles ? YUIPaperSettings.Keys.toggleDuration : YUIPaperSettings.Keys.snapBackDuration]
        let ratio = toggles ? parameters[YUIPaperSettings.Keys.toggleDampingRatio] : 1
        let velocity = toggles ? parameters[YUIPaperSettings.Keys.toggleInitialVelocity] : 0
        return .uikitSpring(duration: duration, dampingRatio: ratio, initialVelocity: velocity)
    }

    /// §10.4's release: |vy| > 500 shows iff vy > 0; otherwise shows iff ty/maxT > 0.5.
    /// The outcome is `finish` when that changes the state (a toggle), `cancel` when it
    /// snaps back; a cancelled pan decides the same way, as the seed handles both alike.
    static func decision(
        gesture: PresetGesture, translation: Point, velocity: Point, progress: Double, maxT: Double, flick: Double,
        threshold: Double, fromShown: Bool
    ) -> Decision {
        let vy = Format.speed(velocity.y)
        let show: Bool
        let reason: String
        var ruleProgress: Double?
        if abs(velocity.y) > flick {
            show = velocity.y > 0
            reason = "released at vy = \(vy) pt/s, |vy| > \(Format.amount(flick)): \(show ? "show" : "hide")"
        } else {
            let ratio = translation.y / maxT
            // The rule's signed ratio, reported where the screen's (clamped, one-sided) progress differs.
            ruleProgress = ratio == progress ? nil : ratio
            show = ratio > threshold
            reason =
                "released at vy = \(vy) pt/s, |vy| ≤ \(Format.amount(flick)), with ty/maxT = \(Format.ratio(ratio)) "
                + (show ? "> \(Format.amount(threshold)): show" : "≤ \(Format.amount(threshold)): hide")
        }
        let toggles = show != fromShown
        return Decision(
            outcome: toggles ? .finish : .cancel, time: gesture.release.time, rule: "flickOrHalf",
            translation: translation, velocity: velocity, progress: progress, ruleProgress: ruleProgress,
            explanation: reason + (toggles ? ", which toggles the settings" : ", as they were: snap back"))
    }
}
