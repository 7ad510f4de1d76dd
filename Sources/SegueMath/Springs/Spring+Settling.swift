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
    /// multiple of 0.1 s, as Core Animation reports (`SettlingGrid`).
    public func settlingDuration(initialVelocity: Double = 0, epsilon: Double = settlingEpsilon) -> Double {
        settlingSearch(initialVelocity: initialVelocity, epsilon: epsilon).duration
    }

    /// `settlingDuration` together with how many times it evaluated the motion, so that
    /// tests can hold the search to its bound (`SettlingGrid.maximumEvaluations`) without
    /// timing it. The under-damped closed form evaluates nothing.
    public func settlingSearch(initialVelocity: Double = 0, epsilon: Double = settlingEpsilon) -> SettlingGrid.Search {
        let epsilon = max(epsilon, 1e-6)
        let omega = naturalFrequency
        let zeta = renderedDampingRatio
        if zeta < 1 - 1e-9 {
            guard zeta > 0 else { return SettlingGrid.Search(duration: .infinity, evaluations: 0) }
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let b = (zeta * omega - initialVelocity) / omegaD
            let duration = max(0, -log(epsilon / (1 + abs(b))) / (zeta * omega))
            return SettlingGrid.Search(duration: duration, evaluations: 0)
        }
        return SettlingGrid(spring: self, initialVelocity: initialVelocity, epsilon: epsilon).search()
    }
}
