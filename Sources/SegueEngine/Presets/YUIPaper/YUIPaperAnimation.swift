import SegueMath

/// The tap-started Facebook Paper runs: frames from 0 along seed 004's spring from
/// the home to the demo (push) or back (pop), then the settled screen.
enum YUIPaperAnimation {
    static func run(id: String, pushing: Bool, input: SimulationInput) throws(SimulationError) -> Simulation {
        let geometry = YUIPaperGeometry(scene: YUIPaperScene(input.scene), parameters: input.parameters)
        let easing = YUIPaperParameters.easing(input.parameters)
        let backdrop = input.parameters[YUIPaperParameters.Keys.backdropOpacity]
        let settled: YUIPaperState = pushing ? .demo(geometry) : .home(geometry)
        let grid = input.frameGrid(start: 0, end: easing.duration)
        let frames = try grid.frames(
            state: { time in
                let e = easing.fraction(at: time)
                let state: YUIPaperState =
                    pushing ? .push(geometry, e: e, backdrop: backdrop) : .pop(geometry, e: e, backdrop: backdrop)
                return SimulationFrame(time: time, phase: .animating, progress: e, layers: state.layers(geometry))
            },
            finalState: { time in
                SimulationFrame(time: time, phase: .settled, progress: 1, layers: settled.layers(geometry))
            })
        return Simulation(
            presetID: id, frameRate: input.frameRate, duration: (frames.last?.time ?? 0) - grid.start,
            layers: YUIPaperState.layerDescriptions(geometry), decision: nil,
            events: [SimulationEvent(time: 0, type: .began), SimulationEvent(time: easing.duration, type: .finished)],
            frames: frames)
    }
}
