import SegueMath

/// What the screen shows at one moment: every layer's state, the transition's progress, and
/// what the frame carries beside its layers (most presets: nothing).
struct Look {
    var layers: [LayerState]
    var progress: Double
    var annotations: [FrameAnnotation] = []
}

/// A tap-started transition: from time 0 the layers animate for `duration` seconds, then the
/// settled frame shows the end state (helper views removed). The frames come from the input's
/// grid, so the frame cap and the cancellation check apply.
struct TapTransition {
    var presetID: String
    var layers: [LayerDescription]
    /// Seconds from the tap to the animation's end.
    var duration: Double
    /// The look `time` seconds after the tap, for 0 ≤ time < duration.
    var animating: (Double) -> Look
    /// The layers once the transition has completed; progress is then 1.
    var settled: [LayerState]

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let grid = input.frameGrid(start: 0, end: duration)
        let frames = try grid.frames(
            state: { time in
                let look = animating(time)
                return SimulationFrame(
                    time: time, phase: .animating, progress: look.progress, layers: look.layers,
                    annotations: look.annotations)
            },
            finalState: { time in SimulationFrame(time: time, phase: .settled, progress: 1, layers: settled) })
        return Simulation(
            presetID: presetID, frameRate: input.frameRate, duration: (frames.last?.time ?? 0) - grid.start,
            layers: layers, decision: nil,
            events: [SimulationEvent(time: 0, type: .began), SimulationEvent(time: duration, type: .finished)],
            frames: frames)
    }
}

extension TapTransition {
    /// The common case: `state(e)` along an easing, progress e.
    init(
        presetID: String, layers: [LayerDescription], easing: TimingCurve, state: @escaping (Double) -> [LayerState],
        settled: [LayerState]
    ) {
        self.init(
            presetID: presetID, layers: layers, duration: easing.duration,
            animating: { time in
                let e = easing.fraction(at: time)
                return Look(layers: state(e), progress: e)
            }, settled: settled)
    }
}
