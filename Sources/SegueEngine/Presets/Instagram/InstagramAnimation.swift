import SegueMath

/// The Instagram family's tap-started run: the states interpolated along the eased curve
/// the `curve` and `duration` parameters name.
enum InstagramAnimation {
    static func tap(
        id: String, scene: InstagramScene, from start: InstagramState, to end: InstagramState,
        settled: InstagramState, parameters: ParameterValues
    ) -> TapTransition {
        let layers = scene.layers
        return TapTransition(
            presetID: id, layers: layers.all, easing: easing(parameters),
            state: { e in start.interpolated(to: end, e).layers(layers) }, settled: settled.layers(layers))
    }

    /// The easing the `curve` and `duration` parameters name.
    static func easing(_ parameters: ParameterValues) -> TimingCurve {
        parameters[InstagramKeys.curve].easing(duration: parameters[InstagramKeys.duration])
    }
}
