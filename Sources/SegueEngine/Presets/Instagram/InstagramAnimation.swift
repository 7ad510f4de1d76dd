import SegueMath

/// The tap-started transitions' shared run: frames from 0 along the easing from one
/// state to another, and the settled state after completion.
enum InstagramAnimation {
    static func run(
        id: String, scene: InstagramScene, from start: InstagramState, to end: InstagramState,
        settled: InstagramState, easing: Easing, input: SimulationInput
    ) throws(SimulationError) -> Simulation {
        // The input's grid, so that the frame cap and the cancellation check both apply.
        let grid = input.frameGrid(start: 0, end: easing.duration)
        let frames = try grid.frames(
            state: { time in
                let e = easing.value(at: time)
                return SimulationFrame(
                    time: time, phase: .animating, progress: e, layers: start.interpolated(to: end, e).layers(scene))
            },
            finalState: { time in
                SimulationFrame(time: time, phase: .settled, progress: 1, layers: settled.layers(scene))
            })
        return Simulation(
            presetID: id, frameRate: input.frameRate, duration: (frames.last?.time ?? 0) - grid.start,
            layers: InstagramState.layerDescriptions(scene), decision: nil,
            events: [SimulationEvent(time: 0, type: .began), SimulationEvent(time: easing.duration, type: .finished)],
            frames: frames)
    }

    /// The easing the `curve` and `duration` parameters name.
    static func easing(_ parameters: ParameterValues) -> Easing {
        let curve = InstagramCurve(rawValue: parameters.choice("curve")) ?? .easeInOut
        return curve.easing(duration: parameters.number("duration"))
    }
}
