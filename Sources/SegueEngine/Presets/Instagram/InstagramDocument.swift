import SegueMath

/// The Instagram family's tap-started transitions as transition documents: its four layers (as
/// `InstagramLayers` declares them) and the states of Foltányi's push and pop
/// (github.com/Kolos65/InstagramTransition) written as poses, run along the `curve` over the
/// `duration` (docs/transitions.md, "tap").
enum InstagramDocument {
    /// A tap from `from` to `to` whose settled frame shows `settled`, each a named state.
    static func tap(
        _ scene: InstagramScene, from: (String, InstagramState), to: (String, InstagramState),
        settled: (String, InstagramState), parameters: ParameterValues
    ) -> TransitionDocument {
        let curve = parameters[InstagramKeys.curve].curve(duration: parameters[InstagramKeys.duration])
        return document(
            scene, poses: [from, to] + (settled.0 == to.0 ? [] : [settled]),
            interaction: .tap(TapInteraction(from: from.0, to: to.0, curve: curve, settled: settled.0)))
    }

    /// The family's layers in the named states, the first giving every frame, run by `interaction`.
    static func document(
        _ scene: InstagramScene, poses named: [(String, InstagramState)], interaction: Interaction
    ) -> TransitionDocument {
        let layers = scene.layers.all
        let first = named.first.map { $0.1.poses(scene) } ?? []
        let defaults = first.map { LayerPose(frame: $0.frame) }
        func pose(_ named: (String, InstagramState), from base: [LayerPose], frames: Bool) -> Pose {
            let changes = zip(named.1.poses(scene), base).map { change(to: $0, from: $1, frame: frames) }
            return Pose(
                name: named.0,
                layers: Dictionary(
                    uniqueKeysWithValues: zip(layers, changes).compactMap { layer, change in
                        change == PoseChange() ? nil : (layer.id, change)
                    }))
        }
        return TransitionDocument(
            window: scene.window,
            layers: layers.map { DocumentLayer(id: $0.id, kind: $0.kind, fill: $0.fill, role: $0.role) },
            poses: named.enumerated().map { index, state in
                index == 0 ? pose(state, from: defaults, frames: true) : pose(state, from: first, frames: false)
            },
            interaction: interaction)
    }

    /// What a pose says of a layer whose state is `state`: the fields that differ from `base`
    /// (and the frame, when `frame`).
    static func change(to state: LayerPose, from base: LayerPose, frame: Bool) -> PoseChange {
        var change = PoseChange()
        if frame || state.frame != base.frame { change.frame = state.frame }
        if state.scale != base.scale { change.scale = state.scale }
        if state.translation != base.translation { change.translation = state.translation }
        if state.opacity != base.opacity { change.opacity = state.opacity }
        if state.mask != base.mask { change.mask = state.mask.map { .set($0) } ?? .removed }
        return change
    }
}

extension InstagramState {
    /// Each layer's pose in this state, bottom to top (grid, placeholder, overlay, detail), as
    /// `layers(_:)` draws it: a view out of the hierarchy is opacity 0, and the detail's
    /// uniform scale and translation are its transform.
    func poses(_ scene: InstagramScene) -> [LayerPose] {
        var grid = LayerPose(frame: scene.bounds)
        grid.opacity = gridVisible ? 1 : 0
        var placeholder = LayerPose(frame: scene.cellFrame)
        placeholder.opacity = placeholderVisible ? 1 : 0
        var overlay = LayerPose(frame: scene.bounds)
        overlay.opacity = overlayOpacity
        var detail = LayerPose(frame: scene.bounds)
        detail.scale = PoseScale(scale)
        detail.translation = translation
        detail.opacity = detailVisible ? 1 : 0
        detail.mask = mask.map { PoseMask(rect: $0, cornerRadius: maskRadius, cornerCurve: .continuous) }
        return [grid, placeholder, overlay, detail]
    }
}
