public import SegueMath

/// One sample of a curve: a value between `from` and `to` (springs may pass `to`)
/// and how fast it moves.
public struct CurveSample: Sendable, Hashable {
    /// Seconds since the curve started.
    public var time: Double
    /// The animated value, in the caller's units.
    public var value: Double
    /// The value's rate of change, in the caller's units per second.
    public var velocity: Double
}

/// Samples a timing curve on a frame grid, as a display refreshing at `frameRate`
/// would see it.
public enum CurveSampler {
    /// How many samples `samples(of:frameRate:from:to:)` returns: one per frame from
    /// time 0 while before the end, plus one at the end itself. Lets a caller refuse
    /// oversized requests before allocating anything.
    public static func sampleCount(duration: Double, frameRate: Double) -> Double {
        guard duration.isFinite else { return .infinity }
        return framesBeforeEnd(duration: duration, frameRate: frameRate) + 1
    }

    /// Samples at t = k/frameRate for every k with t < duration, then one at the
    /// duration exactly, mapping progress 0 → `from` and 1 → `to`. `duration` is the
    /// curve's (`TimingCurve.duration`), passed in because for a spring it is a
    /// settling search the caller has already done.
    public static func samples(
        of curve: TimingCurve, duration: Double, frameRate: Double, from: Double, to: Double
    ) -> [CurveSample] {
        let change = to - from
        // The caller has checked `sampleCount` against its cap; a count that is not an Int (an
        // unchecked call with an endless curve) gives no samples before the end, not a trap.
        let frames = max(Int(rounding: framesBeforeEnd(duration: duration, frameRate: frameRate)) ?? 0, 0)
        var samples: [CurveSample] = []
        samples.reserveCapacity(frames + 1)
        for index in 0..<frames {
            let time = Double(index) / frameRate
            let progress = curve.progress(at: time)
            samples.append(
                CurveSample(time: time, value: from + progress.value * change, velocity: progress.velocity * change))
        }
        let end = curve.progress(at: duration)
        samples.append(CurveSample(time: duration, value: from + end.value * change, velocity: end.velocity * change))
        return samples
    }

    /// The number of grid times k/frameRate strictly before `duration` (a grid time
    /// within 1e-9 s of the end counts as the end).
    private static func framesBeforeEnd(duration: Double, frameRate: Double) -> Double {
        max(1, (duration * frameRate - 1e-9 * frameRate).rounded(.up))
    }
}
