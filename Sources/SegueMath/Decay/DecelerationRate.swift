import Glibc

/// `UIScrollView.DecelerationRate`: the factor velocity is multiplied by each
/// millisecond while a scroll view coasts (motion-math.md §4.4).
public struct DecelerationRate: Sendable, Hashable {
    /// The per-millisecond factor, in (0, 1).
    public let factor: Double

    /// Creates a rate, or nil unless 0 < factor < 1.
    public init?(factor: Double) {
        guard factor.isFinite, factor > 0, factor < 1 else { return nil }
        self.factor = factor
    }

    init(unchecked factor: Double) {
        self.factor = factor
    }

    /// `.normal` = 0.998 (universally quoted; Apple's pages do not print it; ⚠ UNCERTAIN).
    public static let normal = DecelerationRate(unchecked: 0.998)
    /// `.fast` = 0.99.
    public static let fast = DecelerationRate(unchecked: 0.99)

    /// λ = 1000·ln(d), the exponential rate per second (negative).
    public var lambda: Double { 1000 * log(factor) }

    /// How far a release velocity carries, in points, by WWDC 2018 session 803's
    /// projection: (v/1000)·d/(1 − d), v in points per second. The discrete sum of
    /// the per-millisecond decay; 1000 pt/s at 0.998 projects 499 pt.
    public func projectedDistance(velocity: Double) -> Double {
        velocity / 1000 * factor / (1 - factor)
    }

    /// Position and velocity after `t` seconds of coasting from velocity `v0` (pt/s),
    /// relative to the release point: x(t) = v0·(d^(1000t) − 1)/λ, the continuous
    /// model, whose rest point is −v0/λ.
    public func coast(at t: Double, velocity v0: Double) -> (position: Double, velocity: Double) {
        let remaining = exp(lambda * t)
        return (v0 * (remaining - 1) / lambda, v0 * remaining)
    }

    /// Seconds until the speed falls from |v0| to `speed` (pt/s): ln(speed/|v0|)/λ;
    /// 0 if it is already that slow.
    public func duration(fromVelocity v0: Double, toSpeed speed: Double) -> Double {
        guard abs(v0) > speed, speed > 0 else { return 0 }
        return log(speed / abs(v0)) / lambda
    }
}
