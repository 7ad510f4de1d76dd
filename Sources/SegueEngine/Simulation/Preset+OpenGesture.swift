import SegueMath

extension Preset {
    /// Runs an interactive preset on a gesture that has not ended yet (its last sample is `began`
    /// or `changed`): the frames the samples so far determine, which are the frames at or before
    /// the latest sample, and no decision (unless one was already taken by then, as when a drag
    /// crosses a threshold that commits the transition with the finger down).
    ///
    /// Why it is done here, once, and not in each preset: every preset's frame at a time T reads
    /// only the samples up to T (each reads the finger at or before the frame time; velocity
    /// estimators look back; `interpolate` reaches forward only as far as the next sample, which
    /// for a frame at or before the latest sample is known). So the gesture is closed one frame
    /// after its latest sample, the preset runs as it always does, and the frames are built only up
    /// to that sample (`SimulationInput.horizon`). The release that closes it never reaches a
    /// frame that is kept, and the decision and the settle it leads to are dropped. That every
    /// preset keeps this promise is checked for the whole catalogue: each open prefix of a gesture
    /// gives exactly the first frames of the whole gesture's answer.
    func runOpen(_ input: SimulationInput, gesture: GestureTrack) throws(SimulationError) -> Simulation {
        guard let latest = gesture.samples.last, input.frameRate.isFinite, input.frameRate > 0 else {
            return try simulate(input)
        }
        guard let closing = GestureTrack.closingSample(after: latest, frameRate: input.frameRate) else {
            throw .gestureNeverEnds(otherwise: nil)  // a time so large that one frame later is not later
        }
        var determined = input
        determined.gesture = gesture.appending(checked: closing)
        return try runClosed(determined, openUntil: latest.time)
    }

    /// Runs `input`, whose gesture is an open one closed one frame after its latest sample, taken
    /// at `latest` (`runOpen`, or a live session's `LiveGesture`): the frames up to that sample,
    /// and the decision only if it was taken by then.
    func runClosed(_ input: SimulationInput, openUntil latest: Double) throws(SimulationError) -> Simulation {
        var determined = input
        determined.horizon = latest
        var simulation = try simulate(determined)
        simulation.frames.removeAll { $0.time > latest }
        simulation.events.removeAll { $0.time > latest }
        // A decision taken before the latest sample (a drag that crossed the preset's threshold and
        // commits with the finger still down) is known; the closing release's is not.
        if let decision = simulation.decision, decision.time > latest {
            simulation.decision = nil
        }
        let began = input.gesture?.began.time ?? latest
        simulation.duration = (simulation.frames.last?.time ?? began) - began
        simulation.isOpen = true
        return simulation
    }
}
