import SegueMath

/// A tap with tracks (`TapTrack`), compiled with its document: each frame shows every layer
/// `curve`'s fraction of the way from `from` to `to`, then, for the properties a track names,
/// its curve's fraction instead; progress is `curve`'s, and the animation lasts until the last
/// curve ends. What a frame can know before the tap is worked out here once (which layers hold
/// still, which tracks claim which of a layer's properties, which curves are linear), so that a
/// frame pays for the fields that move and nothing else.
final class TrackedTap: Sendable {
    /// One track's timing: its curve and delay, and whether the curve is linear.
    struct Clock: Sendable {
        let delay: Double
        let curve: TimingCurve
        /// The duration of a linear curve (control points on the diagonal, where y = x), whose
        /// fraction is exactly elapsed / duration, as code that writes `min(max(t / d, 0), 1)`
        /// has it; the Bézier solver would leave up to 1e-9 of the change off. Nil otherwise.
        let linearDuration: Double?

        init(_ track: TapTrack, curve: TimingCurve) {
            delay = track.delay
            self.curve = curve
            if case .cubic(let bezier, let duration) = curve, bezier.x1 == bezier.y1, bezier.x2 == bezier.y2 {
                linearDuration = duration
            } else {
                linearDuration = nil
            }
        }

        /// The fraction of the track's change at `time` seconds after the tap.
        func fraction(at time: Double) -> Double {
            let elapsed = time - delay
            if let linearDuration { return min(max(elapsed / linearDuration, 0), 1) }
            return curve.fraction(at: elapsed)
        }
    }

    /// The properties of one layer that one track takes over.
    struct Claim: Sendable {
        let clock: Int
        let properties: [TrackProperty]
    }

    /// A layer some tracks take over some properties of. `placeable` when none of them is its
    /// mask or shadow, so that a frame past 0 places the tween's template (whose mask and shadow
    /// are the pose's there) instead of drawing the layer anew.
    final class TrackedLayer: Sendable {
        let tween: LayerTween
        let claims: [Claim]
        let placeable: Bool

        init(tween: LayerTween, claims: [Claim]) {
            self.tween = tween
            self.claims = claims
            let drawn: Set<TrackProperty> = [.mask, .shadow]
            placeable = claims.allSatisfy { drawn.isDisjoint(with: $0.properties) }
        }
    }

    /// A layer drawn once.
    final class Drawn: Sendable {
        let state: LayerState
        init(_ state: LayerState) { self.state = state }
    }

    /// How a frame draws one layer. Each case holds a reference, so that reading a plan costs a
    /// retain rather than a copy of a layer's state.
    enum Plan: Sendable {
        /// Its two poses are the same: whatever its tracks, it is drawn once.
        case still(Drawn)
        /// No track names it: the tap's curve alone moves it.
        case tween(LayerTween)
        case tracked(TrackedLayer)
    }

    let curve: TimingCurve
    let clocks: [Clock]
    let plans: [Plan]
    /// Seconds from the tap until its curve and every track's (delay included) have ended.
    let duration: Double
    let settled: [LayerState]

    /// The tap's tracks over what its plain frames are drawn from (`DocumentPreset.TapFrames`: the
    /// tween, the curve, the settled layers). The API parsed usable curves: a track whose curve
    /// gives no timing (which the reader refuses) follows the tap's.
    init(_ frames: DocumentPreset.TapFrames, tracks: [TapTrack], layers: [LayerDescription]) {
        let curve = frames.curve
        let clocks = tracks.map { Clock($0, curve: $0.curve.timingCurve() ?? curve) }
        self.curve = curve
        self.clocks = clocks
        duration = clocks.reduce(curve.duration) { max($0, $1.delay + $1.curve.duration) }
        var plans: [Plan] = []
        for (index, layer) in layers.enumerated() {
            let tween = frames.tween.layers[index]
            if tween.from == tween.to {
                plans.append(.still(Drawn(tween.from.state(of: layer))))
                continue
            }
            var claims: [Claim] = []
            for (track, named) in tracks.enumerated()
            where (named.layers?.contains(layer.id) ?? true) && !named.properties.isEmpty {
                claims.append(Claim(clock: track, properties: named.properties))
            }
            plans.append(claims.isEmpty ? .tween(tween) : .tracked(TrackedLayer(tween: tween, claims: claims)))
        }
        self.plans = plans
        settled = frames.settled
    }

    /// The layers and progress `time` seconds after the tap.
    func look(at time: Double) -> Look {
        let e = curve.fraction(at: time)
        var states: [LayerState] = []
        states.reserveCapacity(plans.count)
        withUnsafeTemporaryAllocation(of: Double.self, capacity: clocks.count) { fractions in
            for index in clocks.indices { fractions[index] = clocks[index].fraction(at: time) }
            for plan in plans {
                switch plan {
                case .still(let drawn):
                    states.append(drawn.state)
                case .tween(let tween):
                    states.append(tween.state(at: e))
                case .tracked(let layer):
                    let tween = layer.tween
                    var pose = tween.pose(at: e)
                    for claim in layer.claims {
                        for property in claim.properties {
                            tween.write(property, at: fractions[claim.clock], into: &pose)
                        }
                    }
                    states.append(layer.placeable ? tween.draw(pose, at: e, offset: .zero) : pose.state(id: tween.id))
                }
            }
        }
        return Look(layers: states, progress: e)
    }
}

extension DocumentPreset {
    /// The tracked tap as a tap transition.
    func trackedTransition(_ tap: TrackedTap) -> TapTransition {
        TapTransition(
            presetID: description.id, layers: layerDescriptions, duration: tap.duration,
            animating: { tap.look(at: $0) }, settled: tap.settled)
    }
}
