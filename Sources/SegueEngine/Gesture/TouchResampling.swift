public import SegueMath

/// How the finger is read at a frame's time, between two touch samples.
///
/// UIKit hands an app each touch as it is delivered, so between deliveries the app sees the
/// latest one (`latest`, what the source articles' code reads). A display runs at its own rate
/// and touches arrive at theirs (60, 120 or 240 Hz), so a frame can fall just before the sample
/// meant for it, or see two samples move in one frame and none in the next: progress stutters.
/// iOS and Android resample touches to the display's clock; `interpolate` models that, giving the
/// finger's position and velocity linearly interpolated between the samples around the frame's
/// time. It reads one sample past the frame's time, so a live stream yields that frame once the
/// next sample has arrived (one sample of latency, as the systems' resampling has).
public enum TouchResampling: String, Sendable, Hashable, CaseIterable, Codable {
    /// The latest sample at or before the frame's time.
    case latest
    /// Position and velocity interpolated between the samples either side of the frame's time.
    case interpolate
}

extension GestureTrack {
    /// Where `time` falls between two samples of one stroke: the earlier sample's index and the
    /// fraction of the way to the next, or nil when no later sample of the stroke is moving
    /// toward (before the first sample, at or after the stroke's last, or after a release).
    func bracket(at time: Double) -> (index: Int, fraction: Double)? {
        let count = sampleCount(atOrBefore: time)
        guard count > 0, count < samples.count else { return nil }
        let earlier = samples[count - 1]
        let later = samples[count]
        guard !earlier.phase.isTerminal, later.phase != .began else { return nil }
        let span = later.time - earlier.time
        guard span > 0 else { return nil }
        return (count - 1, min(max((time - earlier.time) / span, 0), 1))
    }

    /// The translation at `time` read as `resampling` says: ``translation(at:hysteresis:)`` for
    /// `latest`; for `interpolate`, the locations of the samples either side of `time`
    /// interpolated linearly (the latest sample's where there is no later one in the stroke).
    public func translation(at time: Double, resampling: TouchResampling, hysteresis: Double = 0) -> Point {
        guard resampling == .interpolate, let (index, fraction) = bracket(at: time) else {
            return translation(at: time, hysteresis: hysteresis)
        }
        let earlier = translation(at: samples[index].time, hysteresis: hysteresis)
        let later = translation(at: samples[index + 1].time, hysteresis: hysteresis)
        return Point.interpolate(from: earlier, to: later, fraction: fraction)
    }

    /// The velocity at `time` read as `resampling` says: ``velocity(at:using:)`` for `latest`;
    /// for `interpolate`, the estimates at the samples either side of `time` interpolated
    /// linearly, with the later estimate's basis.
    public func velocity(
        at time: Double, using estimator: VelocityEstimator, resampling: TouchResampling
    ) -> VelocityEstimate {
        guard resampling == .interpolate, let (index, fraction) = bracket(at: time) else {
            return velocity(at: time, using: estimator)
        }
        let earlier = velocity(at: samples[index].time, using: estimator)
        var later = velocity(at: samples[index + 1].time, using: estimator)
        later.velocity = Point.interpolate(from: earlier.velocity, to: later.velocity, fraction: fraction)
        return later
    }
}

extension GestureTrack {
    /// The samples an app's handler receives with `interpolate`: these samples, and between two of a
    /// stroke (the earlier still down) a `changed` sample at each frame time `start + k / frameRate`
    /// strictly between them, at the linearly interpolated location, as iOS delivers touches
    /// resampled to the display. For presets whose handler acts on each delivered touch (a paused
    /// animator scrubbed per event) rather than reading the finger at a frame's time.
    ///
    /// A frame time within ``timeResolution`` of a sample adds nothing: that sample is delivered.
    public func resampledDeliveries(start: Double, frameRate: Double) -> [GestureSample] {
        guard frameRate.isFinite, frameRate > 0, samples.count > 1 else { return samples }
        var delivered: [GestureSample] = []
        delivered.reserveCapacity(samples.count)
        for (earlier, later) in zip(samples, samples.dropFirst()) {
            delivered.append(earlier)
            guard !earlier.phase.isTerminal, later.phase != .began, later.time > earlier.time else { continue }
            let span = later.time - earlier.time
            var index = ((earlier.time - start) * frameRate).rounded(.down) + 1
            while true {
                let time = start + index / frameRate
                guard time < later.time - Self.timeResolution else { break }
                if time > earlier.time + Self.timeResolution {
                    let location = Point.interpolate(
                        from: earlier.location, to: later.location, fraction: (time - earlier.time) / span)
                    delivered.append(GestureSample(time: time, location: location, phase: .changed))
                }
                index += 1
            }
        }
        if let last = samples.last { delivered.append(last) }
        return delivered
    }
}
