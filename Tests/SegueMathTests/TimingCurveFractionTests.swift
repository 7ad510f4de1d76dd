import Foundation
import SegueMath
import Testing

/// `TimingCurve.fraction(at:)`: what an animation shows, 0 before it starts and exactly 1 from
/// its duration on, whatever the curve's own value there.
@Suite struct TimingCurveFractionTests {
    @Test func linearCubicIsElapsedOverDuration() {
        let curve = TimingCurve.cubic(.linear, duration: 0.4)
        #expect(curve.fraction(at: -1) == 0)
        #expect(curve.fraction(at: 0) == 0)
        #expect(abs(curve.fraction(at: 0.1) - 0.25) < 1e-7)
        #expect(abs(curve.fraction(at: 0.3) - 0.75) < 1e-7)
        #expect(curve.fraction(at: 0.4) == 1)
        #expect(curve.fraction(at: 99) == 1)
    }

    /// An under-damped spring from rest: x(t) = 1 − e^(−ζω0 t)(cos ωd t + ζω0/ωd · sin ωd t), with
    /// m 1, k 100, c 10 (ω0 = 10, ζ = 0.5, ωd = √75); cut to exactly 1 at the given duration.
    @Test func springFollowsItsClosedFormUntilTheDuration() throws {
        let spring = try #require(Spring(mass: 1, stiffness: 100, damping: 10))
        let curve = TimingCurve.spring(spring, initialVelocity: 0, duration: 0.5)
        let t = 0.2
        let decay = 5.0
        let omega = 75.0.squareRoot()
        let expected = 1 - exp(-decay * t) * (cos(omega * t) + decay / omega * sin(omega * t))
        #expect(abs(curve.fraction(at: t) - expected) < 1e-9)
        #expect(curve.fraction(at: 0.5) == 1)
    }
}
