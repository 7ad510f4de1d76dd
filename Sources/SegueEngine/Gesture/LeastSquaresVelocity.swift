import SegueMath

/// Flutter's default velocity tracker (motion-math §4.2), on explicit times.
///
/// Walking back from the newest sample, it takes samples while they are at most 100 ms older than
/// the newest (the horizon), at most 40 ms apart from the next newer one (a longer gap means the
/// finger had stopped), and at most 20 in all (Flutter's ring buffer). With three or more, it fits
/// x(τ) and y(τ) separately with an unweighted quadratic by least squares, τ being time relative
/// to the newest sample, and reports the linear coefficient: the slope at the newest sample.
/// If the time asked about is more than 40 ms after the newest sample, the finger is taken to
/// have rested and the velocity is zero (Flutter's "since last sample" stopwatch).
///
/// Flutter counts time in microseconds; here times are seconds in `Double`, so the 100 ms and
/// 40 ms limits are compared with a 1 ns allowance, so that a gap written as 0.040 s counts as
/// 40 ms despite decimal rounding.
enum LeastSquaresVelocity {
    /// How far back from the newest sample the window reaches, in seconds: 100 ms.
    static let horizon = 0.100
    /// The longest gap between consecutive samples (and between the newest sample and the time
    /// asked about) that still counts as continuous motion, in seconds: 40 ms.
    static let stoppedGap = 0.040
    /// The fewest samples worth fitting.
    static let minimumSampleCount = 3
    /// The most samples fitted (Flutter's history size).
    static let maximumSampleCount = 20
    /// Allowance for decimal rounding when comparing times with the limits, in seconds.
    static let timeAllowance = 1e-9

    /// The estimate at `time` from `samples`, the `began` and `changed` samples taken at or before
    /// it. Indices in the result are the samples' indices in the track.
    static func estimate(_ samples: ArraySlice<GestureSample>, at time: Double) -> VelocityEstimate {
        guard let newest = samples.last else {
            return result(.zero, .tooFewSamples, [])
        }
        guard time - newest.time <= stoppedGap + timeAllowance else {
            return result(.zero, .pointerStopped, [])
        }
        var oldest = samples.endIndex - 1
        while oldest > samples.startIndex && samples.endIndex - oldest < maximumSampleCount {
            let candidate = samples[oldest - 1]
            let age = newest.time - candidate.time
            let gap = samples[oldest].time - candidate.time
            guard age <= horizon + timeAllowance && gap <= stoppedGap + timeAllowance else { break }
            oldest -= 1
        }
        let window = samples[oldest...]
        let indices = Array(window.indices)
        guard window.count >= minimumSampleCount else {
            return result(.zero, .tooFewSamples, indices)
        }
        let times = window.map { $0.time - newest.time }
        let xs = window.map { $0.location.x - newest.location.x }
        let ys = window.map { $0.location.y - newest.location.y }
        guard let fit = QuadraticLeastSquares(times: times),
            let vx = fit.linearCoefficient(values: xs),
            let vy = fit.linearCoefficient(values: ys)
        else {
            return result(.zero, .degenerateFit, indices)
        }
        return result(Point(x: vx, y: vy), .quadraticFit, indices)
    }

    private static func result(_ velocity: Point, _ basis: VelocityEstimate.Basis, _ indices: [Int])
        -> VelocityEstimate
    {
        VelocityEstimate(velocity: velocity, estimator: .leastSquares, basis: basis, sampleIndices: indices)
    }
}
