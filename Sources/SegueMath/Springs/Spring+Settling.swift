import Glibc

extension Spring {
    /// Core Animation's threshold for "at rest" in `settlingDuration`: 0.001 of the
    /// change, inferred and checked against Apple's documented examples
    /// (motion-math.md §2.7, ⚠ UNCERTAIN).
    public static let settlingEpsilon = 0.001

    /// `CASpringAnimation.settlingDuration`: how long, in seconds, until the spring is
    /// considered at rest (motion-math.md §2.7).
    ///
    /// Under-damped: when the envelope (|A| + |B|)·e^(−ζω0 t) reaches ε. Critically or
    /// over-damped: the first time on a 0.1 s grid from 0 at which the remaining
    /// fraction is below ε and stays below it for the next second, so the result is a
    /// multiple of 0.1 s, as Core Animation reports.
    public func settlingDuration(initialVelocity: Double = 0, epsilon: Double = settlingEpsilon) -> Double {
        let epsilon = max(epsilon, 1e-6)
        let omega = naturalFrequency
        let zeta = renderedDampingRatio
        if zeta < 1 - 1e-9 {
            guard zeta > 0 else { return .infinity }
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let b = (zeta * omega - initialVelocity) / omegaD
            return max(0, -log(epsilon / (1 + abs(b))) / (zeta * omega))
        }
        let step = 0.1
        let steadyCount = 10  // grid points in the following second
        let maximumSteps = 1_000_000  // 100 000 s: far beyond any spring a person would use
        var candidate: Int?
        for index in 0...maximumSteps {
            let remaining = abs(1 - progress(at: Double(index) * step, initialVelocity: initialVelocity).value)
            if remaining < epsilon {
                if candidate == nil { candidate = index }
                if let start = candidate, index - start >= steadyCount { return Double(start) * step }
            } else {
                candidate = nil
            }
        }
        return .infinity
    }
}
