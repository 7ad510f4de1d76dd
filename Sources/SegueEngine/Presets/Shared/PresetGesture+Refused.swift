import SegueMath

extension PresetGesture {
    /// The decision for a pan the preset's start gate refused: a cancel at the release
    /// under rule `gate`, with the translation and velocity there.
    func refusedByGate(explanation: String) -> Decision {
        Decision(
            outcome: .cancel, time: release.time, rule: "gate", translation: translation(at: release.time),
            velocity: releaseVelocity, progress: 0, explanation: explanation)
    }

    /// A pan that started nothing: the screen holds `still` on every frame from the
    /// `began` sample to the release, then settles as it is, on `input`'s frame grid (its
    /// rate, its frame cap and its cancellation check: a long gesture is many frames too).
    /// Each frame carries `annotations` beside its layers.
    func stillSimulation(
        presetID: String, layers: [LayerDescription], still: [LayerState], annotations: [FrameAnnotation] = [],
        input: SimulationInput, decision: Decision
    ) throws(SimulationError) -> Simulation {
        let began = track.began.time
        let grid = input.frameGrid(start: began, end: decision.time)
        let frames = try grid.frames(
            state: { time in
                SimulationFrame(time: time, phase: .interactive, progress: 0, layers: still, annotations: annotations)
            },
            finalState: { time in
                SimulationFrame(time: time, phase: .settled, progress: 0, layers: still, annotations: annotations)
            })
        return Simulation(
            presetID: presetID, frameRate: input.frameRate, duration: (frames.last?.time ?? began) - began,
            layers: layers,
            decision: decision, events: events(completed: decision.time, outcome: .cancel), frames: frames)
    }
}
