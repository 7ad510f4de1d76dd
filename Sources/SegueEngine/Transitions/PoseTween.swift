/// The layers between two sets of poses, drawn at a fraction: the one interpolation
/// (`LayerPose.interpolate`) for the layers that move, and, for a layer whose two poses are the
/// same, its state drawn once here and reused on every frame (interpolating a pose to itself gives
/// it back, so the frames are the same, for less work: most of a transition's layers hold still).
struct PoseTween {
    let layers: [LayerDescription]
    let from: [LayerPose]
    let to: [LayerPose]
    /// Each layer's state when its two poses are the same; nil for a layer that moves.
    let still: [LayerState?]

    init(layers: [LayerDescription], from: [LayerPose], to: [LayerPose]) {
        self.layers = layers
        self.from = from
        self.to = to
        still = layers.indices.map { from[$0] == to[$0] ? from[$0].state(of: layers[$0]) : nil }
    }

    /// Every layer `fraction` of the way from `from` to `to`, drawn.
    func states(at fraction: Double) -> [LayerState] {
        var states: [LayerState] = []
        states.reserveCapacity(layers.count)
        for index in layers.indices {
            states.append(
                still[index]
                    ?? LayerPose.interpolate(from: from[index], to: to[index], fraction: fraction).state(
                        of: layers[index]))
        }
        return states
    }
}
