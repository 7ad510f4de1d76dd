import SegueMath

/// The tap-started Dive Deeper run: frames from 0 along the spring from the card to
/// the detail (present) or back (dismiss), then the settled screen.
enum MiquidoAnimation {
    /// The state at spring progress `x` (0 at the animation's start).
    static func state(presenting: Bool, x: Double, fadeOpacity: Double, revealsDetail: Bool) -> MiquidoState {
        presenting
            ? .transitioning(morph: x, fade: fadeOpacity * x, revealsDetail: revealsDetail)
            : .transitioning(morph: 1 - x, fade: fadeOpacity * (1 - x), revealsDetail: revealsDetail)
    }

    static func run(id: String, presenting: Bool, input: SimulationInput) throws(SimulationError) -> Simulation {
        let scene = MiquidoScene(input.scene)
        let parameters = input.parameters
        let easing = MiquidoParameters.easing(parameters)
        let fade = parameters[MiquidoParameters.Keys.fadeOpacity]
        let reveals = parameters[MiquidoParameters.Keys.detailReveal] == .fade
        let settled: MiquidoState = presenting ? .detail : .grid
        let grid = input.frameGrid(start: 0, end: easing.duration)
        let frames = try grid.frames(
            state: { time in
                let x = easing.fraction(at: time)
                return SimulationFrame(
                    time: time, phase: .animating, progress: x,
                    layers: state(presenting: presenting, x: x, fadeOpacity: fade, revealsDetail: reveals).layers(scene)
                )
            },
            finalState: { time in
                SimulationFrame(time: time, phase: .settled, progress: 1, layers: settled.layers(scene))
            })
        return Simulation(
            presetID: id, frameRate: input.frameRate, duration: (frames.last?.time ?? 0) - grid.start,
            layers: MiquidoState.layerDescriptions(
                scene, fadeColor: parameters[MiquidoParameters.Keys.fadeColor].rawValue), decision: nil,
            events: [SimulationEvent(time: 0, type: .began), SimulationEvent(time: easing.duration, type: .finished)],
            frames: frames)
    }
}
