import SegueMath

/// The tap-started Facebook Paper runs: frames from 0 along YUI's UIView spring from
/// the home to the demo (push) or back (pop), then the settled screen.
enum YUIPaperAnimation {
    static func run(id: String, pushing: Bool, input: SimulationInput) throws(SimulationError) -> Simulation {
        let geometry = YUIPaperGeometry(scene: YUIPaperScene(input.scene), parameters: input.parameters)
        let backdrop = input.parameters[YUIPaperParameters.Keys.backdropOpacity]
        let settled: YUIPaperState = pushing ? .demo(geometry) : .home(geometry)
        return try TapTransition(
            presetID: id, layers: YUIPaperState.layerDescriptions(geometry),
            easing: YUIPaperParameters.easing(input.parameters),
            state: { e in
                let state: YUIPaperState =
                    pushing ? .push(geometry, e: e, backdrop: backdrop) : .pop(geometry, e: e, backdrop: backdrop)
                return state.layers(geometry)
            }, settled: settled.layers(geometry)
        ).simulate(input)
    }
}
