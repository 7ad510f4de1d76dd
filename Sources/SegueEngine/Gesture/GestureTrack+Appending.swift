extension GestureTrack {
    /// The track with `more` samples after its own, checked as `init(samples:)` checks a whole
    /// track, but looking only at the new samples: this track is valid already, so each rule
    /// (phases, strictly increasing times, finite and bounded numbers, the count) comes down to
    /// each new sample against the one before it. A live drive session adds a few samples per
    /// message to thousands; checking all of them again at every message made a session cost more
    /// the longer it ran.
    ///
    /// When the new samples break a rule, the whole track is checked the usual way, so the error
    /// lists the same issues, with the same indices and words, as `init(samples:)` would.
    public func appending(
        _ more: [GestureSample], maximumSampleCount: Int = GestureTrack.defaultMaximumSampleCount,
        allowsMultipleStrokes: Bool = false
    ) throws(GestureValidationError) -> GestureTrack {
        var track = self
        try track.append(
            contentsOf: more, maximumSampleCount: maximumSampleCount, allowsMultipleStrokes: allowsMultipleStrokes)
        return track
    }

    /// As ``appending(_:maximumSampleCount:allowsMultipleStrokes:)``, in place: a track with one
    /// owner grows by the new samples without copying the old ones. On a mistake the track is
    /// left as it was.
    public mutating func append(
        contentsOf more: [GestureSample], maximumSampleCount: Int = GestureTrack.defaultMaximumSampleCount,
        allowsMultipleStrokes: Bool = false
    ) throws(GestureValidationError) {
        // A track of several strokes is valid only where several are allowed: else the whole check says so.
        guard allowsMultipleStrokes || strokeBegins.count == 1,
            Self.canExtend(
                samples, with: more, maximumSampleCount: maximumSampleCount,
                allowsMultipleStrokes: allowsMultipleStrokes)
        else {
            self = try GestureTrack(
                samples: samples + more, maximumSampleCount: maximumSampleCount,
                allowsMultipleStrokes: allowsMultipleStrokes)
            return
        }
        extend(checked: more)
    }

    /// Whether `samples + more` is a valid track, given that `samples` is one: what
    /// `issues(in:maximumSampleCount:allowsMultipleStrokes:)` finds nothing in, rule by rule
    /// (`GestureTrackAppendingTests` holds the two to the same answer on generated tracks).
    static func canExtend(
        _ samples: [GestureSample], with more: [GestureSample], maximumSampleCount: Int, allowsMultipleStrokes: Bool
    ) -> Bool {
        guard var previous = samples.last, samples.count + more.count <= maximumSampleCount else { return false }
        for sample in more {
            if previous.phase.isTerminal {
                // Nothing may follow a release but a touch-down that starts a new stroke.
                guard allowsMultipleStrokes, sample.phase == .began else { return false }
            } else if sample.phase == .began {
                return false
            }
            guard sample.time.isFinite, abs(sample.time) <= largestMagnitude, sample.time > previous.time,
                sample.location.x.isFinite, abs(sample.location.x) <= largestMagnitude,
                sample.location.y.isFinite, abs(sample.location.y) <= largestMagnitude
            else { return false }
            previous = sample
        }
        return true
    }

    /// The release that closes an open gesture one frame after its latest sample, `latest`, so
    /// that the frames up to it can be simulated (`Preset.runOpen`, `LiveGesture`): nil where that
    /// time is not a valid next sample (not finite, past the bound a time is held to, or not later).
    static func closingSample(after latest: GestureSample, frameRate: Double) -> GestureSample? {
        let closing = GestureSample(time: latest.time + 1 / frameRate, location: latest.location, phase: .ended)
        let valid = canExtend([latest], with: [closing], maximumSampleCount: .max, allowsMultipleStrokes: true)
        return valid ? closing : nil
    }

    /// The track with `sample` after its own, known to extend it validly (a closing sample).
    func appending(checked sample: GestureSample) -> GestureTrack {
        var track = self
        track.extend(checked: CollectionOfOne(sample))
        return track
    }
}
