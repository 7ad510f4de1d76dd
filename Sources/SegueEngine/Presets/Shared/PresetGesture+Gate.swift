import SegueMath

/// What a pan-started preset's start gate found: when the pan was recognised, or (nil) why
/// nothing started.
struct PanGate {
    /// When the pan was recognised (the first frame that follows the finger); nil when refused.
    var recognized: Double?
    /// Why the pan started nothing, a clause for the decision's explanation; empty when recognised.
    var refusal: String
}

extension PresetGesture {
    /// The start gate the pan-started presets share: the pan begins on its first sample that
    /// moved (UIKit's pan recogniser), and the preset takes it only if `accepts` takes the
    /// velocity it began with. Refused, the reason is that the finger never moved, or "the pan
    /// began at (vx, vy) pt/s" followed by `refusal`.
    func gate(accepting accepts: (Point) -> Bool, refusal: @autoclosure () -> String) -> PanGate {
        guard let time = recognitionTime else {
            return PanGate(recognized: nil, refusal: "the finger never moved, so the pan never began")
        }
        let velocity = velocityAtRecognition
        if accepts(velocity) { return PanGate(recognized: time, refusal: "") }
        return PanGate(
            recognized: nil,
            refusal: "the pan began at (\(Format.speed(velocity.x)), \(Format.speed(velocity.y))) pt/s" + refusal())
    }

    /// A pan that started nothing: the screen holds `still` on every frame from the `began`
    /// sample to the release, which cancels under rule `gate` with `explanation`, on `input`'s
    /// frame grid (its rate, its frame cap and its cancellation check: a long gesture is many
    /// frames too). Each frame carries `annotations` beside its layers, and shows `progress` (0 but
    /// for a transition document's detents, where progress is a position).
    func refused(
        _ explanation: String, presetID: String, layers: [LayerDescription], still: [LayerState],
        annotations: [FrameAnnotation] = [], progress: Double = 0, input: SimulationInput
    ) throws(SimulationError) -> Simulation {
        let decision = Decision(
            outcome: .cancel, time: release.time, rule: "gate", translation: translation(at: release.time),
            velocity: releaseVelocity, progress: progress, explanation: explanation)
        let began = track.began.time
        let grid = input.frameGrid(start: began, end: decision.time)
        let frames = try grid.frames(
            state: { time in
                SimulationFrame(
                    time: time, phase: .interactive, progress: progress, layers: still, annotations: annotations)
            },
            finalState: { time in
                SimulationFrame(
                    time: time, phase: .settled, progress: progress, layers: still, annotations: annotations)
            })
        return Simulation(
            presetID: presetID, frameRate: input.frameRate, duration: (frames.last?.time ?? began) - began,
            layers: layers, decision: decision, events: events(completed: decision.time, outcome: .cancel),
            frames: frames)
    }
}
