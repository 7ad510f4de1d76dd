import Glibc

/// The parametrisations designers use, each converted to mass, stiffness and damping.
extension Spring {
    // MARK: UIKit duration + damping ratio

    /// UIKit's threshold: the envelope of the motion is 0.001 of the change at the
    /// animation's duration (motion-math.md §2.3).
    public static let uikitEpsilon = 0.001
    /// UIKit clamps the damping ratio to [FLT_EPSILON, 1]: it never builds an
    /// over-damped spring from a duration (motion-math.md §2.3).
    public static let uikitDampingRatioRange = 1.1920929e-7...1.0
    /// UIKit clamps the duration to 0.01…10 s (motion-math.md §2.3).
    public static let uikitDurationRange = 0.01...10.0

    /// The spring UIKit builds for `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`
    /// and `UISpringTimingParameters(dampingRatio:initialVelocity:)` run for `duration`:
    /// mass 1, and ω0 chosen so that the envelope of the motion has decayed to 0.001
    /// of the change at `duration` (motion-math.md §2.3).
    ///
    /// Newton's method from ω0 = 5/T for a fixed 12 iterations, as UIKit does; the
    /// damping ratio is clamped to at most 1 and the duration to 0.01…10 s.
    /// - Parameters:
    ///   - duration: seconds.
    ///   - dampingRatio: ζ; values above 1 act as 1.
    ///   - initialVelocity: relative, in whole changes per second (UIKit's `initialSpringVelocity`).
    /// - Returns: nil unless all three are finite and the duration and ratio are positive.
    public static func uikit(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) -> Spring? {
        guard duration.isFinite, dampingRatio.isFinite, initialVelocity.isFinite, duration > 0, dampingRatio > 0
        else { return nil }
        let period = min(max(duration, uikitDurationRange.lowerBound), uikitDurationRange.upperBound)
        let zeta = min(max(dampingRatio, uikitDampingRatioRange.lowerBound), uikitDampingRatioRange.upperBound)
        let omega = uikitNaturalFrequency(duration: period, dampingRatio: zeta, initialVelocity: initialVelocity)
        return Spring(unchecked: 1, omega * omega, 2 * zeta * omega)
    }

    /// Solves envelope(ω0) = ε at t = T for ω0 (m = 1, V the relative velocity):
    /// - ζ < 1: |(ζω0 − V)/(ω0·√(1−ζ²))|·e^(−ζω0T)
    /// - ζ = 1: |1 + (ω0 − V)·T|·e^(−ω0T)
    static func uikitNaturalFrequency(duration: Double, dampingRatio zeta: Double, initialVelocity: Double) -> Double {
        let epsilon = uikitEpsilon
        let period = duration
        let velocity = initialVelocity
        var omega = 5 / period
        for _ in 0..<12 {
            let envelope: Double
            let derivative: Double
            if zeta < 1 {
                let root = (1 - zeta * zeta).squareRoot()
                let decay = exp(-zeta * omega * period)
                envelope = (zeta * omega - velocity) / (omega * root) * decay
                derivative =
                    decay / root * (velocity / (omega * omega) - zeta * period * (zeta * omega - velocity) / omega)
            } else {
                let decay = exp(-omega * period)
                envelope = (1 + (omega - velocity) * period) * decay
                derivative = -period * period * (omega - velocity) * decay
            }
            let sign: Double = envelope < 0 ? -1 : 1
            let slope = sign * derivative
            guard slope != 0, slope.isFinite else { break }
            let next = omega - (sign * envelope - epsilon) / slope
            guard next.isFinite, next > 0 else { break }
            omega = next
        }
        return omega
    }

    /// The duration that UIKit's duration API (`UIView.animate(withDuration:delay:usingSpringWithDamping:
    /// initialSpringVelocity:…)`), given this spring's damping ratio and `initialVelocity`, turns back
    /// into this spring (mass-normalised), in seconds; nil when that API cannot express it (an
    /// over-damped spring that moves over-damped, a damping ratio below UIKit's floor, or a duration
    /// outside 0.01…10 s).
    ///
    /// UIKit solves for ω0 with the velocity in its envelope (`uikit(duration:dampingRatio:initialVelocity:)`),
    /// so a duration solved for a spring at rest builds another spring when a velocity is given
    /// (stiffness 214.3 for 200 at V = −1.5). Here the envelope is inverted for T at this ω0 (closed
    /// form below ζ = 1, Newton at ζ = 1), then refined by the secant method on UIKit's own solve
    /// until that solve gives back ω0 to 1e-12 relative; nil if it does not reach 1e-9.
    public func uikitDuration(initialVelocity velocity: Double = 0) -> Double? {
        let zeta = renderedDampingRatio
        let omega = naturalFrequency
        guard velocity.isFinite, omega.isFinite, omega > 0, zeta <= 1, zeta >= Self.uikitDampingRatioRange.lowerBound,
            let guess = Self.uikitEnvelopeTime(omega: omega, dampingRatio: zeta, initialVelocity: velocity)
        else { return nil }
        let range = Self.uikitDurationRange
        func mismatch(_ duration: Double) -> Double {
            let period = min(max(duration, range.lowerBound), range.upperBound)
            return Self.uikitNaturalFrequency(duration: period, dampingRatio: zeta, initialVelocity: velocity) / omega
                - 1
        }
        var (previous, current) = (guess * (1 + 1e-6), guess)
        var (previousError, currentError) = (mismatch(previous), mismatch(current))
        for _ in 0..<40 where abs(currentError) > 1e-12 {
            let slope = (currentError - previousError) / (current - previous)
            guard slope != 0, slope.isFinite else { break }
            let next = current - currentError / slope
            guard next.isFinite, next > 0 else { break }
            (previous, previousError) = (current, currentError)
            (current, currentError) = (next, mismatch(next))
        }
        guard abs(currentError) <= 1e-9, range.contains(current) else { return nil }
        return current
    }

    /// The time T at which the envelope UIKit's solve uses (`uikitNaturalFrequency`) falls to 0.001
    /// for this ω0, ζ and relative velocity V: T = ln(|ζω0 − V| / (0.001·ω0·√(1 − ζ²))) / (ζω0) below
    /// ζ = 1; at ζ = 1, u = ω0T solves |1 + (1 − V/ω0)·u|·e^(−u) = 0.001 (Newton from the root at rest,
    /// on the branch where the envelope falls). Nil when no such positive time exists.
    static func uikitEnvelopeTime(omega: Double, dampingRatio zeta: Double, initialVelocity velocity: Double)
        -> Double?
    {
        if zeta < 1 {
            let ratio = abs(zeta * omega - velocity) / (uikitEpsilon * omega * (1 - zeta * zeta).squareRoot())
            let time = log(ratio) / (zeta * omega)
            return time.isFinite && time > 0 ? time : nil
        }
        let slope = 1 - velocity / omega
        var u = max(criticalEnvelopeTime, slope < 0 ? 1 / -slope + criticalEnvelopeTime : 0)
        for _ in 0..<60 {
            let linear = 1 + slope * u
            let sign: Double = linear < 0 ? -1 : 1
            let value = sign * linear * exp(-u) - uikitEpsilon
            let derivative = sign * (slope - linear) * exp(-u)
            guard derivative != 0, derivative.isFinite else { break }
            let next = u - value / derivative
            guard next.isFinite, next > 0 else { break }
            u = next
        }
        let time = u / omega
        return time.isFinite && time > 0 ? time : nil
    }

    /// u with (1 + u)·e^(−u) = 0.001: the critically damped envelope reaches UIKit's
    /// threshold at t = u/ω0.
    static let criticalEnvelopeTime: Double = {
        var u = 9.0
        for _ in 0..<50 {
            let value = (1 + u) * exp(-u) - uikitEpsilon
            let slope = -u * exp(-u)
            u -= value / slope
        }
        return u
    }()

    // MARK: SwiftUI and iOS 17

    /// SwiftUI's `Spring(response:dampingFraction:)`: mass 1, k = (2π/R)², c = 4πζ/R
    /// (motion-math.md §2.2, §2.6). `response` in seconds.
    public init?(response: Double, dampingFraction: Double) {
        guard response.isFinite, dampingFraction.isFinite, response > 0, dampingFraction >= 0 else { return nil }
        let omega = 2 * Double.pi / response
        self.init(unchecked: 1, omega * omega, 2 * dampingFraction * omega)
    }

    /// SwiftUI's `Spring(duration:bounce:)`, iOS 17's `UISpringTimingParameters(duration:bounce:)`
    /// and `CASpringAnimation(perceptualDuration:bounce:)`: mass 1, k = (2π/d)²,
    /// ζ = 1 − bounce (bounce ≥ 0) or 1/(1 + bounce) (bounce < 0), with over-damping
    /// allowed (motion-math.md §2.2, §2.6). `duration` in seconds; bounce in (−1, 1).
    public init?(duration: Double, bounce: Double) {
        guard duration.isFinite, bounce.isFinite, duration > 0, bounce > -1, bounce < 1 else { return nil }
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        let omega = 2 * Double.pi / duration
        self.init(unchecked: 1, omega * omega, 2 * zeta * omega, allowsOverdamping: true)
    }

    // MARK: Origami / Rebound

    /// Origami's tension and friction, converted by Rebound's formulas to its raw
    /// spring constants with mass 1: k = (tension − 30)·3.62 + 194,
    /// c = (friction − 8)·3 + 25 (motion-math.md §6; Origami's default 40/7 → 230.2/22).
    public init?(origamiTension tension: Double, friction: Double) {
        guard tension.isFinite, friction.isFinite else { return nil }
        self.init(mass: 1, stiffness: (tension - 30) * 3.62 + 194, damping: (friction - 8) * 3 + 25)
    }

    /// This spring's motion as Origami's tension and friction (of its mass-1 equivalent).
    public var origami: (tension: Double, friction: Double) {
        ((stiffness / mass - 194) / 3.62 + 30, (damping / mass - 25) / 3 + 8)
    }

    // MARK: Framer Motion

    /// Framer Motion's `spring({duration, bounce})`: the same envelope search as UIKit's
    /// (mass 1, ε 0.001) with ζ = 1 − bounce clamped to [0.05, 1] (motion-math.md §6).
    /// `duration` in seconds. Framer Motion's stiffness/damping/mass form is this
    /// type's own initialiser.
    public static func framerMotion(duration: Double, bounce: Double) -> Spring? {
        guard bounce.isFinite else { return nil }
        return uikit(duration: duration, dampingRatio: min(max(1 - bounce, 0.05), 1))
    }
}
