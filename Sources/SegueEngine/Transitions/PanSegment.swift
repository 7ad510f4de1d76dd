import SegueMath

/// Where a stroke takes hold of a pan's layers: the progress, and each layer's follow offset.
/// The first stroke starts at the tracking's start with no offsets; a stroke that interrupts a
/// settle starts where that settle had got to (`PanSegment.caught(at:)`).
struct PanGrab {
    var progress: Double
    var offsets: [Point]
}

/// One stroke of a document's pan and the settle after its release. A class: every frame reads
/// its segment, and a value this large was copied out of the list (all it holds retained) for
/// each frame.
final class PanSegment {
    let gesture: PresetGesture
    let grab: PanGrab
    let track: PanTrack
    let layers: [LayerDescription]
    /// The follow declaration of each layer, in layer order.
    let followers: [Follow?]
    /// Progress at the release (the last followed sample's), and what the guards read.
    let releaseProgress: Double
    let decision: Decision
    let target: String
    /// Every layer from the release to the target, worked out once for the settle's frames; nil
    /// when the settle runs along the scrub instead (`Settle.alongScrub`, the target at a scrub's end).
    let settle: PoseTween?
    /// What the final frame shows: the target, or the pan's `settled` pose for it, drawn.
    let settledLayers: [LayerState]
    /// The follow offsets at the release.
    let offsetsAtRelease: [Point]
    let endProgress: Double
    let curve: TimingCurve

    init(
        gesture: PresetGesture, grab: PanGrab, track: PanTrack, layers: [LayerDescription], followers: [Follow?],
        releaseProgress: Double, decision: Decision, target: String, settle: PoseTween?, settledLayers: [LayerState],
        offsetsAtRelease: [Point], endProgress: Double, curve: TimingCurve
    ) {
        self.gesture = gesture
        self.grab = grab
        self.track = track
        self.layers = layers
        self.followers = followers
        self.releaseProgress = releaseProgress
        self.decision = decision
        self.target = target
        self.settle = settle
        self.settledLayers = settledLayers
        self.offsetsAtRelease = offsetsAtRelease
        self.endProgress = endProgress
        self.curve = curve
    }

    var releaseTime: Double { gesture.release.time }
    /// When the settle ends.
    var completed: Double { releaseTime + curve.duration }

    /// Progress while the finger drags, the finger at `translation` (held): the grab's, moved by
    /// the finger along the axis.
    func progress(at translation: Point) -> Double {
        grab.progress + track.progress(along: track.axis.of(translation)) - track.startProgress
    }

    /// Each layer's follow offset at `time`, given the layers' poses then (for `scaled`).
    func offsets(at time: Double, poses: [LayerPose]) -> [Point] {
        Self.offsets(gesture.followed(at: time), grab: grab, followers: followers, poses: poses)
    }

    /// The follow offsets for a finger `translation` from the grab (`offset(_:grab:follow:scale:)`
    /// for each layer).
    static func offsets(_ translation: Point, grab: PanGrab, followers: [Follow?], poses: [LayerPose]) -> [Point] {
        followers.indices.map { index in
            offset(translation, grab: grab.offsets[index], follow: followers[index], scale: poses[index].scale)
        }
    }

    /// One layer's follow offset for a finger `translation`: its grab offset, plus the
    /// translation on its axes (times its current `scale` when `scaled`) if it follows.
    static func offset(_ translation: Point, grab: Point, follow: Follow?, scale: PoseScale) -> Point {
        guard let follow else { return grab }
        var moved = translation
        if follow.axes == .x { moved.y = 0 }
        if follow.axes == .y { moved.x = 0 }
        let base = follow.base
        return grab + (follow.scaled ? Point(x: moved.x * scale.x / base.x, y: moved.y * scale.y / base.y) : moved)
    }

    /// The screen while the finger drags: each layer interpolated, moved and drawn in one pass
    /// (a frame's only array is its states); a layer that follows no finger is its tween's state,
    /// drawn once when it holds still.
    func dragging(_ time: Double) -> Look {
        let translation = track.held(gesture.followed(at: time))
        let p = progress(at: translation)
        let span = track.tween(at: p)
        var states: [LayerState] = []
        states.reserveCapacity(layers.count)
        for index in layers.indices {
            guard followers[index] != nil else {
                states.append(span.tween.layers[index].state(at: span.fraction, offset: grab.offsets[index]))
                continue
            }
            let layer = span.tween.layers[index]
            let pose = layer.pose(at: span.fraction)
            let moved = Self.offset(translation, grab: grab.offsets[index], follow: followers[index], scale: pose.scale)
            states.append(layer.draw(pose, at: span.fraction, offset: moved))
        }
        return Look(layers: states, progress: p)
    }

    /// The progress the settle shows at `time`, as `settling(_:)` reports it.
    func settlingProgress(at time: Double) -> Double {
        lerp(releaseProgress, endProgress, curve.fraction(at: time - releaseTime))
    }

    /// The screen while the layers settle.
    func settling(_ time: Double) -> Look {
        let e = curve.fraction(at: time - releaseTime)
        let progress = lerp(releaseProgress, endProgress, e)
        let span = settle.map { (tween: $0, fraction: e) } ?? track.tween(at: progress)
        var states: [LayerState] = []
        states.reserveCapacity(layers.count)
        for index in layers.indices {
            states.append(span.tween.layers[index].state(at: span.fraction, offset: offsetsAtRelease[index] * (1 - e)))
        }
        return Look(layers: states, progress: progress)
    }

    /// The screen once settled.
    var settled: Look { Look(layers: settledLayers, progress: endProgress) }

    /// Where a new stroke at `time` (during the settle) takes hold: the settle's progress and
    /// offsets then. The layers go on from the tracking's poses at that progress, which is where
    /// the settle had them when it heads for the scrub's `from` or `to` or a detent; a settle
    /// heading elsewhere (a pose off the scrub) is put back on it.
    func caught(at time: Double) -> PanGrab {
        let e = curve.fraction(at: time - releaseTime)
        return PanGrab(progress: lerp(releaseProgress, endProgress, e), offsets: offsetsAtRelease.map { $0 * (1 - e) })
    }

    /// The decision with the progress a frame at its time shows (as `InteractiveTransition`'s).
    var decisionAsShown: Decision {
        var shown = decision
        // The progress alone: drawing the frame at the decision's time only to read it cost a frame.
        shown.progress = completed > decision.time ? settlingProgress(at: decision.time) : endProgress
        return shown
    }
}
