import SegueMath

/// How far a release could have changed and kept its outcome: each of its velocity and its
/// translation moved down and up, the other held, until the preset decides otherwise.
///
/// Each direction is walked from the release in steps of one map cell until the outcome flips or
/// the span ends, then the flip is bisected to `precision` of a cell. A value of nil means the
/// outcome holds all the way to the span's end.
public struct ReleaseMargin: Sendable, Hashable {
    /// Points per second the release could have been slower (lower velocity) and kept its outcome.
    public var velocityBelow: Double?
    /// Points per second it could have been faster.
    public var velocityAbove: Double?
    /// Points it could have been shorter (less translation).
    public var translationBelow: Double?
    /// Points it could have been longer.
    public var translationAbove: Double?

    /// Bisections once a flip is bracketed: the margin is then within 1/1024 of a cell.
    static let bisections = 10
    /// The most steps one direction takes before its bisection: a release far outside the span
    /// walks in longer steps.
    static let maximumSteps = 512

    /// The margins of `release` (whose outcome is `outcome`) within `translation` × `velocity`,
    /// each widened to hold the release.
    public static func measure(
        _ release: ReleasePoint, outcome: Decision.Outcome, probe: ReleaseProbe, translation: SampledSpan,
        velocity: SampledSpan
    ) throws(SimulationError) -> ReleaseMargin {
        /// How far `value` can move by `direction` (±1), at most `reach`, before the outcome flips.
        func distance(
            _ value: Double, _ direction: Double, reach: Double, cell: Double, _ make: (Double) -> ReleasePoint
        ) throws(SimulationError) -> Double? {
            // One cell a step, or fewer steps when the release lies far outside the span.
            let step = max(abs(cell), reach / Double(maximumSteps))
            guard step > 0, reach > 0 else { return nil }
            var kept = 0.0
            while kept < reach {
                if probe.isCancelled { throw .cancelled }
                let next = min(kept + step, reach)
                if try probe.outcome(at: make(value + direction * next)) != outcome {
                    return try Bisection.midpoint(kept: kept, changed: next, steps: bisections) {
                        distance throws(SimulationError) in
                        try probe.outcome(at: make(value + direction * distance)) == outcome
                    }
                }
                kept = next
            }
            return nil
        }
        let atVelocity = { (v: Double) in ReleasePoint(translation: release.translation, velocity: v) }
        let atTranslation = { (t: Double) in ReleasePoint(translation: t, velocity: release.velocity) }
        let v = release.velocity
        let t = release.translation
        let (vLow, vHigh) = (min(velocity.min, velocity.max, v), max(velocity.min, velocity.max, v))
        let (tLow, tHigh) = (min(translation.min, translation.max, t), max(translation.min, translation.max, t))
        return ReleaseMargin(
            velocityBelow: try distance(v, -1, reach: v - vLow, cell: velocity.cell, atVelocity),
            velocityAbove: try distance(v, 1, reach: vHigh - v, cell: velocity.cell, atVelocity),
            translationBelow: try distance(t, -1, reach: t - tLow, cell: translation.cell, atTranslation),
            translationAbove: try distance(t, 1, reach: tHigh - t, cell: translation.cell, atTranslation))
    }
}
