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
        let fade = parameters[MiquidoParameters.Keys.fadeOpacity]
        let reveals = parameters[MiquidoParameters.Keys.detailReveal] == .fade
        let settled: MiquidoState = presenting ? .detail : .grid
        return try TapTransition(
            presetID: id,
            layers: MiquidoState.layerDescriptions(
                scene, fadeColor: parameters[MiquidoParameters.Keys.fadeColor].rawValue),
            easing: MiquidoParameters.easing(parameters),
            state: { x in state(presenting: presenting, x: x, fadeOpacity: fade, revealsDetail: reveals).layers(scene)
            },
            settled: settled.layers(scene)
        ).simulate(input)
    }
}
