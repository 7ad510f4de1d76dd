/// The layers between two sets of poses, drawn at a fraction: each layer's `LayerTween`, worked
/// out once, which interpolates only the fields that move and draws a layer that holds still once
/// (most of a transition's layers hold still, and most of the rest change a field or two).
struct PoseTween {
    /// In layer order.
    let layers: [LayerTween]

    init(layers: [LayerDescription], from: [LayerPose], to: [LayerPose]) {
        self.layers = layers.indices.map { LayerTween(id: layers[$0].id, from: from[$0], to: to[$0]) }
    }

    /// Every layer `fraction` of the way from `from` to `to`, drawn.
    func states(at fraction: Double) -> [LayerState] {
        var states: [LayerState] = []
        states.reserveCapacity(layers.count)
        for index in layers.indices {
            states.append(layers[index].state(at: fraction))
        }
        return states
    }

    /// Every layer's pose `fraction` of the way (`LayerPose.interpolate` for each).
    func poses(at fraction: Double) -> [LayerPose] {
        layers.indices.map { layers[$0].pose(at: fraction) }
    }
}
