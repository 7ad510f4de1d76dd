import SegueMath

extension DocumentPreset {
    /// A tap with tracks (`TapTrack`): each frame shows every layer `curve`'s fraction of the way
    /// from `from` to `to`, then, for the properties a track names, its curve's fraction instead;
    /// progress is `curve`'s, and the animation lasts until the last curve ends.
    func tracked(
        _ tap: TapInteraction, curve: TimingCurve, from: [LayerPose], to: [LayerPose], settled: [LayerPose]
    ) -> TapTransition {
        let layers = layerDescriptions
        let tracks = tap.tracks
        // `problems` is empty and the API parsed usable curves; the fallback is the tap's own.
        let curves = tracks.map { $0.curve.timingCurve() ?? curve }
        let duration = zip(tracks, curves).reduce(curve.duration) { max($0, $1.0.delay + $1.1.duration) }
        // For each layer, the tracks that take over some of its properties, each with them: a
        // frame interpolates the layer once per such track, not once per property.
        let claims: [[(track: Int, properties: [TrackProperty])]] = layers.map { layer in
            tracks.indices.compactMap { index in
                (tracks[index].layers?.contains(layer.id) ?? true) && !tracks[index].properties.isEmpty
                    ? (index, tracks[index].properties) : nil
            }
        }
        // A layer whose two poses are the same holds still whatever its tracks: it is drawn once.
        let still: [LayerState?] = layers.indices.map {
            from[$0] == to[$0] ? from[$0].state(of: layers[$0]) : nil
        }
        // Each layer's tween, so that a frame interpolates only the fields its poses differ in.
        let tweens = layers.indices.map { LayerTween(id: layers[$0].id, from: from[$0], to: to[$0]) }
        return TapTransition(
            presetID: description.id, layers: layers, duration: duration,
            animating: { time in
                let e = curve.fraction(at: time)
                let fractions = zip(tracks, curves).map { $0.fraction($1, at: time) }
                var states: [LayerState] = []
                states.reserveCapacity(layers.count)
                for index in layers.indices {
                    if let state = still[index] {
                        states.append(state)
                        continue
                    }
                    let tween = tweens[index]
                    var pose = tween.pose(at: e)
                    for claim in claims[index] {
                        let source = tween.pose(at: fractions[claim.track])
                        for property in claim.properties { property.copy(from: source, into: &pose) }
                    }
                    states.append(pose.state(of: layers[index]))
                }
                return Look(layers: states, progress: e)
            },
            settled: render(layers, settled, settled, 0))
    }
}
