import SegueMath

/// `appstore.card.highlight`, phase 1 of 5: touching a card presses it to 0.96 with a
/// critically damped 0.5 s spring; lifting the finger springs it back (seed 003
/// "Highlighting"; seed-transitions.md §9.2).
///
/// Interruptible: each UIView animation since iOS 8 is additive, so the return
/// animation is added on top of the press still in flight. The scale is
/// 1 − Δ·x(t − down) + Δ·x(t − up) with x the spring's progress (1 from its duration
/// on): a touch released mid-spring turns around from where it is, without a jump in
/// position or velocity.
struct AppStoreHighlight: Preset {
    let description = PresetDescription(
        id: "appstore.card.highlight", title: "App Store card highlight (phase 1 of 5)",
        summary: "Phase 1 of 5: touch down presses the card to 0.96 with a 0.5 s spring (damping 1), touch up "
            + "springs it back; a touch released mid-spring turns around from where it is. [inferred] The "
            + "turn-around is UIKit's additive animation; changed samples are ignored; the touch up is reported as "
            + "a cancel (progress is how far pressed, back to 0). touchResampling is accepted as for every "
            + "touch-driven preset, and both modes give the same frames: the press reads when the finger touched "
            + "down and lifted, never where it was.",
        source:
            "Wirawit Rueopas, “App Store Interactive Transition Revealed”, and github.com/aunnnn/AppStoreiOS11InteractiveTransition (1 Highlighting)"
    )
    let sceneFields = AppStoreScene.fields
    let parameters = [ParameterSpec](
        AppStoreParameters.Keys.highlightedScale, AppStoreParameters.Keys.highlightDuration,
        AppStoreParameters.Keys.highlightDampingRatio, SharedKeys.touchResampling)
    let trigger = Trigger.gesture(
        example: AppStoreExampleGestures.highlight,
        rules: DecisionRules(
            DecisionRule(
                id: "touchUp",
                summary:
                    "the touch lifting (or cancelled) undoes the press: the card springs back to rest, reported as "
                    + "a cancel with progress 0",
                source:
                    "AppStoreiOS11InteractiveTransition (Wirawit Rueopas): touch up → UIView.animate(withDuration: 0.5, …) { self.transform = .identity }"
            )))

    /// The spring both highlight animations use.
    static func spring(_ parameters: ParameterValues) -> TimingCurve {
        .uikitSpring(
            duration: parameters[AppStoreParameters.Keys.highlightDuration],
            dampingRatio: parameters[AppStoreParameters.Keys.highlightDampingRatio])
    }

    /// The pressed card's scale at `time` for a touch down at `down` and, if given, up at `up`.
    static func scale(at time: Double, down: Double, up: Double?, pressed: Double, easing: TimingCurve) -> Double {
        let change = 1 - pressed
        var scale = 1 - change * easing.fraction(at: time - down)
        if let up, time >= up {
            scale += change * easing.fraction(at: time - up)
        }
        return scale
    }

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let scene = AppStoreScene(input.scene)
        let parameters = input.parameters
        let gesture = try PresetGesture(input)
        let down = gesture.track.began.time
        let up = gesture.release.time
        let pressed = parameters[AppStoreParameters.Keys.highlightedScale]
        let change = 1 - pressed
        let easing = Self.spring(parameters)
        /// The card at `time`; the progress is how far it is pressed.
        func look(at time: Double) -> Look {
            let scale = Self.scale(at: time, down: down, up: up, pressed: pressed, easing: easing)
            // The press is a real transform on the cell, laid out where it is (AppStoreiOS11InteractiveTransition:
            // `self.transform = .init(scaleX: 0.96, y: 0.96)`).
            var state = AppStoreState.cellAtRest(scene)
            state.scale = scale
            return Look(layers: state.layers(scene), progress: change == 0 ? 0 : (1 - scale) / change)
        }
        return try InteractiveTransition(
            presetID: description.id, layers: AppStoreState.layerDescriptions(scene, card: scene.cardFrame),
            gesture: gesture, dragging: look,
            decision: decision(gesture.track, release: gesture.release, progress: look(at: up).progress),
            completed: up + easing.duration, settling: look,
            settled: Look(layers: AppStoreState.cellAtRest(scene).layers(scene), progress: 0)
        ).simulate(input)
    }

    /// The touch up: the press is undone whatever the gesture did.
    func decision(_ track: GestureTrack, release: GestureSample, progress: Double) -> Decision {
        let cancelled = release.phase == .cancelled
        let held = Format.amount(release.time - track.began.time)
        return Decision(
            outcome: .cancel, time: release.time, rule: cancelled ? "gestureCancelled" : "touchUp",
            translation: release.location - track.began.location,
            velocity: track.velocity(at: release.time, using: .standard).velocity, progress: progress,
            explanation:
                "the touch \(cancelled ? "was cancelled" : "lifted") after \(held) s at \(Format.ratio(progress)) "
                + "of the press: the card springs back from there")
    }
}
