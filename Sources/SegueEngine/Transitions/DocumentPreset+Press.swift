import SegueMath

extension DocumentPreset {
    /// The press: from touch-down the layers go from `from` toward `to` on the curve; from the
    /// lift-off the way back is added to it (`PressInteraction`), and the settled frame shows
    /// `settled` (default `from`). Progress is how far pressed, x(t − down) − x(t − up): 0 on
    /// every frame when `from` and `to` are the same, since nothing is pressed.
    func pressTransition(_ press: PressInteraction, input: SimulationInput) throws(SimulationError) -> Simulation {
        // The press reads only when the finger touched down and lifted, which neither the
        // estimator nor the resampling changes.
        let gesture = try PresetGesture(input, estimator: .uikit, resampling: .latest)
        let down = gesture.track.began.time
        let up = gesture.release.time
        // `problems` is empty and the API parsed a usable curve, so these resolve.
        let from = document.resolved(press.from) ?? []
        let to = document.resolved(press.to) ?? []
        let settled = press.settled.flatMap { document.resolved($0) } ?? from
        let curve = press.curve.timingCurve() ?? .cubic(.linear, duration: 0.25)
        let tween = PoseTween(layers: layerDescriptions, from: from, to: to)
        let moves = from != to
        /// How far pressed at `time`: the press in flight less the way back added at the lift-off.
        func pressed(at time: Double) -> Double {
            var pressed = curve.fraction(at: time - down)
            if time >= up { pressed -= curve.fraction(at: time - up) }
            return pressed
        }
        func look(at time: Double) -> Look {
            let pressed = pressed(at: time)
            return Look(layers: tween.states(at: pressed), progress: moves ? pressed : 0)
        }
        let release = gesture.release
        let cancelled = release.phase == .cancelled
        // The fraction alone: the decision needs no layers drawn.
        let progress = moves ? pressed(at: up) : 0
        let held = Format.amount(up - down)
        let decision = Decision(
            outcome: .cancel, time: up, rule: cancelled ? "gestureCancelled" : PressInteraction.rule,
            translation: release.location - gesture.track.began.location,
            velocity: gesture.track.velocity(at: up, using: .standard).velocity, progress: progress,
            explanation: "the touch \(cancelled ? "was cancelled" : "lifted") after \(held) s at "
                + "\(Format.ratio(progress)) of the press: the layers go back from there")
        return try InteractiveTransition(
            presetID: description.id, layers: layerDescriptions, gesture: gesture, dragging: look,
            decision: decision, completed: up + curve.duration, settling: look,
            settled: Look(layers: render(layerDescriptions, settled, settled, 0), progress: 0)
        ).simulate(input)
    }

    /// The press's one rule.
    static func pressRules(source: String) -> DecisionRules {
        DecisionRules(
            DecisionRule(
                id: PressInteraction.rule,
                summary: "the touch lifting (or cancelled) undoes the press: the layers go back on the press's curve "
                    + "from where they are, reported as a cancel",
                source: source))
    }

    /// A touch at the window's centre, lifted halfway through the press's curve (at most 0.3 s).
    static func pressExample(_ document: TransitionDocument, _ press: PressInteraction) -> [GestureSample] {
        let centre = Point(x: document.window.width / 2, y: document.window.height / 2)
        let lift = min((press.curve.timingCurve()?.duration ?? 0.5) / 2, 0.3)
        let time = max((lift * 60).rounded() / 60, 1.0 / 60)
        return [
            GestureSample(time: 0, location: centre, phase: .began),
            GestureSample(time: time, location: centre, phase: .ended),
        ]
    }
}
