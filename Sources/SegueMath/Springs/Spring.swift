import Glibc

/// A damped harmonic oscillator, m·x″ + c·x′ + k·x = 0, in the physical terms Core
/// Animation's `CASpringAnimation` and `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`
/// take. Every other way designers describe a spring converts to this one
/// (`Spring+Conversions.swift`), and it is evaluated in closed form, so results do
/// not depend on a frame rate (motion-math.md §2.1).
public struct Spring: Sendable, Hashable {
    /// Mass m (> 0). Only k/m and c/m shape the motion, so UIKit's converters use m = 1.
    public let mass: Double
    /// Stiffness k (> 0).
    public let stiffness: Double
    /// Damping coefficient c (≥ 0).
    public let damping: Double
    /// Whether a spring with damping ratio above 1 moves as over-damped. Off by
    /// default, as in Core Animation (`CASpringAnimation.allowsOverdamping` defaults to
    /// false): such a spring then renders critically damped at ω0 = √(k/m)
    /// (motion-math.md §2.4). SwiftUI's and iOS 17's duration/bounce springs turn it on.
    public let allowsOverdamping: Bool

    /// Creates a spring, or nil unless mass and stiffness are positive, damping is
    /// non-negative, and all are finite.
    public init?(mass: Double, stiffness: Double, damping: Double, allowsOverdamping: Bool = false) {
        guard mass.isFinite, stiffness.isFinite, damping.isFinite, mass > 0, stiffness > 0, damping >= 0 else {
            return nil
        }
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.allowsOverdamping = allowsOverdamping
    }

    /// UIKit's system spring, `UISpringTimingParameters()` and the keyboard's curve 7:
    /// mass 3, stiffness 1000, damping 500 (damping ratio 4.56, so it renders
    /// critically damped; motion-math.md §2.5).
    public static let systemDefault = Spring(unchecked: 3, 1000, 500)

    init(unchecked mass: Double, _ stiffness: Double, _ damping: Double, allowsOverdamping: Bool = false) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.allowsOverdamping = allowsOverdamping
    }

    /// Whether the motion can be evaluated: k/m and c/m, which the closed forms use, and
    /// the damping ratio are finite. Each of mass, stiffness and damping may be finite
    /// while a ratio overflows (a mass of 1e-320 under a stiffness of 100, or k·m
    /// underflowing to 0 under the ratio), or a conversion may overflow (a SwiftUI
    /// response of 1e-200 s gives k = (2π/R)² = ∞).
    public var isUsable: Bool {
        stiffness.isFinite && damping.isFinite && (stiffness / mass).isFinite && (damping / mass).isFinite
            && dampingRatio.isFinite
    }

    /// ω0 = √(k/m), in radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// ζ = c / (2·√(k·m)): below 1 it overshoots, 1 is critical, above 1 over-damped.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The damping ratio the motion actually has: ζ, or 1 when ζ > 1 and over-damping
    /// is not allowed.
    public var renderedDampingRatio: Double {
        allowsOverdamping ? dampingRatio : min(dampingRatio, 1)
    }

    /// The spring whose own parameters describe the motion this one renders: itself, or, when
    /// ζ > 1 and over-damping is not allowed, the critically damped spring of the same mass and
    /// stiffness (damping 2·√(k·m)), which is what `displacement` evaluates. Platforms that do
    /// not clamp (Jetpack Compose, Android's SpringForce, Framer Motion, Rebound) run the
    /// rendered motion only when given these numbers.
    public var rendered: Spring {
        guard !allowsOverdamping, dampingRatio > 1 else { return self }
        return Spring(unchecked: mass, stiffness, 2 * (stiffness * mass).squareRoot())
    }

    /// The period of the undamped spring, 2π/ω0, in seconds: SwiftUI's `response`.
    public var response: Double { 2 * Double.pi / naturalFrequency }

    /// SwiftUI's bounce: 1 − ζ for ζ ≤ 1, 1/ζ − 1 (negative) for an over-damped spring.
    public var bounce: Double {
        let zeta = dampingRatio
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    /// Position and velocity at time `t` (seconds) of a spring released at
    /// displacement `x0` from its rest point with velocity `v0` (per second).
    /// The displacement is measured from the target: it decays to 0.
    public func displacement(at t: Double, from x0: Double, velocity v0: Double) -> (position: Double, velocity: Double)
    {
        let omega = naturalFrequency
        let zeta = renderedDampingRatio
        if abs(zeta - 1) < 1e-9 {
            // Critically damped: x = e^(−ω0 t)·(x0 + C·t), C = v0 + ω0·x0.
            let c = v0 + omega * x0
            let decay = exp(-omega * t)
            return (decay * (x0 + c * t), decay * (v0 - omega * c * t))
        }
        let beta = zeta * omega
        if zeta < 1 {
            // Under-damped: x = e^(−βt)·(A cos ωd t + B sin ωd t).
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let a = x0
            let b = (v0 + beta * x0) / omegaD
            let decay = exp(-beta * t)
            let cosine = cos(omegaD * t)
            let sine = sin(omegaD * t)
            let position = decay * (a * cosine + b * sine)
            let velocity = decay * ((b * omegaD - beta * a) * cosine - (a * omegaD + beta * b) * sine)
            return (position, velocity)
        }
        // Over-damped: two real exponentials e^(s1 t), e^(s2 t), s = −β ± ωo. This
        // form stays finite for large t, unlike cosh/sinh times a vanishing envelope.
        let omegaO = omega * (zeta * zeta - 1).squareRoot()
        let s1 = -beta + omegaO
        let s2 = -beta - omegaO
        let c1 = (v0 - s2 * x0) / (s1 - s2)
        let c2 = x0 - c1
        let e1 = exp(s1 * t)
        let e2 = exp(s2 * t)
        return (c1 * e1 + c2 * e2, s1 * c1 * e1 + s2 * c2 * e2)
    }

    /// Progress from 0 to 1 at time `t`, and its rate (per second), for an animation
    /// from one value to another: Core Animation's normalised form, where the
    /// `initialVelocity` is in fractions of the whole change per second, positive
    /// toward the target (motion-math.md §2.1, §2.8).
    public func progress(at t: Double, initialVelocity: Double = 0) -> (value: Double, velocity: Double) {
        let state = displacement(at: t, from: 1, velocity: -initialVelocity)
        return (1 - state.position, -state.velocity)
    }
}
