import Foundation
import Testing

@testable import SegueMath

@Suite struct SpringTests {
    private static func spring(_ m: Double, _ k: Double, _ c: Double, overdamping: Bool = false) -> Spring {
        Spring(unchecked: m, k, c, allowsOverdamping: overdamping)
    }

    /// Under-damped (ζ 0.25), critical (ζ 1), over-damped (ζ 2.5, allowed).
    static let regimes: [Spring] = [spring(1, 100, 5), spring(2, 50, 20), spring(1, 100, 50, overdamping: true)]

    @Test(arguments: regimes)
    func initialConditionsHold(spring: Spring) {
        for (x0, v0) in [(1.0, 0.0), (-3.0, 12.0), (0.0, -40.0), (250.0, 900.0)] {
            let state = spring.displacement(at: 0, from: x0, velocity: v0)
            #expect(isClose(state.position, x0, absolute: 1e-12, relative: 1e-12))
            #expect(isClose(state.velocity, v0, absolute: 1e-9, relative: 1e-12))
        }
    }

    /// m·x″ + c·x′ + k·x = 0, with x″ from a central difference of the velocity.
    @Test(arguments: regimes)
    func satisfiesTheOscillatorEquation(spring: Spring) {
        let h = 1e-6
        for step in 0..<40 {
            let t = 0.01 + Double(step) * 0.037
            let here = spring.displacement(at: t, from: 1, velocity: 3)
            let acceleration =
                (spring.displacement(at: t + h, from: 1, velocity: 3).velocity
                    - spring.displacement(at: t - h, from: 1, velocity: 3).velocity) / (2 * h)
            let residual =
                spring.mass * acceleration + spring.damping * here.velocity + spring.stiffness * here.position
            #expect(abs(residual) < 1e-4 * spring.stiffness, "t = \(t), residual \(residual)")
        }
    }

    /// Released from rest at 1, an under-damped spring first swings to −e^(−ζπ/√(1−ζ²))
    /// at t = π/ωd, with zero velocity there.
    @Test(arguments: [0.1, 0.25, 0.5, 0.8])
    func overshootMatchesTheClosedForm(zeta: Double) {
        let k = 100.0
        let spring = Spring(mass: 1, stiffness: k, damping: 2 * zeta * k.squareRoot())!
        let omegaD = k.squareRoot() * (1 - zeta * zeta).squareRoot()
        let state = spring.displacement(at: Double.pi / omegaD, from: 1, velocity: 0)
        #expect(isClose(state.position, -exp(-zeta * Double.pi / (1 - zeta * zeta).squareRoot()), absolute: 1e-12))
        #expect(abs(state.velocity) < 1e-10)
    }

    /// Just below and just above ζ = 1 the motion meets the critical form
    /// (1 + ω0 t)·e^(−ω0 t) for a release from 1 at rest.
    @Test(arguments: [1 - 1e-6, 1 + 1e-6])
    func nearCriticalMeetsTheCriticalForm(zeta: Double) {
        let spring = Spring(mass: 1, stiffness: 400, damping: 2 * zeta * 20, allowsOverdamping: true)!
        for step in 0...30 {
            let t = Double(step) * 0.02
            let critical = (1 + 20 * t) * exp(-20 * t)
            #expect(isClose(spring.displacement(at: t, from: 1, velocity: 0).position, critical, absolute: 1e-5))
        }
    }

    /// Over-damping off (Core Animation's default): ζ 2.5 renders critical at ω0.
    /// A spring is usable while k/m and c/m are finite doubles: the smallest positive double
    /// is about 4.9e-324, so 100 over it, and even 1 over it (2e323), exceed
    /// Double.greatestFiniteMagnitude (about 1.8e308), and so does (2π/1e-200)² ≈ 3.9e401
    /// for a SwiftUI response of 1e-200 s.
    @Test func usableOnlyWhileTheRatiosAreFinite() throws {
        let tiny = Double.leastNonzeroMagnitude
        #expect(Self.spring(1, 100, 10).isUsable)
        #expect(Self.spring(1e-12, 1e12, 0).isUsable)
        #expect(!Self.spring(tiny, 100, 0).isUsable)
        #expect(!Self.spring(tiny, 1, 1).isUsable)
        let response = try #require(Spring(response: 1e-200, dampingFraction: 1))
        #expect(!response.isUsable)
        #expect(try #require(Spring(response: 0.5, dampingFraction: 1)).isUsable)
    }

    /// The rendered spring of m 2.3, k 170, c 55 (ζ 1.3907, over-damping off) has the critical
    /// damping 2·√(170·2.3) = 39.5474, ζ exactly 1, and moves as the clamped original:
    /// x = (1 + ω0 t)·e^(−ω0 t), ω0 = √(170/2.3); unclamped or under-damped springs are their own.
    @Test func theRenderedSpringIsTheClampedMotionsOwnDescription() throws {
        let clamped = try #require(Spring(mass: 2.3, stiffness: 170, damping: 55))
        let rendered = clamped.rendered
        #expect(rendered.mass == 2.3 && rendered.stiffness == 170)
        #expect(isClose(rendered.damping, 2 * (170 * 2.3).squareRoot()))
        #expect(rendered.dampingRatio == 1)
        let omega = (170 / 2.3).squareRoot()
        for t in [0.05, 0.2, 0.36, 1] {
            let expected = (1 + omega * t) * exp(-omega * t)
            #expect(isClose(rendered.displacement(at: t, from: 1, velocity: 0).position, expected))
            #expect(isClose(clamped.displacement(at: t, from: 1, velocity: 0).position, expected))
        }
        let allowed = try #require(Spring(mass: 2.3, stiffness: 170, damping: 55, allowsOverdamping: true))
        #expect(allowed.rendered == allowed)
        let under = try #require(Spring(mass: 1, stiffness: 100, damping: 10))
        #expect(under.rendered == under)
    }

    @Test func overdampedRendersCriticalUnlessAllowed() {
        let clamped = Spring(mass: 1, stiffness: 100, damping: 50)!
        #expect(clamped.dampingRatio == 2.5)
        #expect(clamped.renderedDampingRatio == 1)
        for t in [0.05, 0.1, 0.3] {
            #expect(isClose(clamped.displacement(at: t, from: 1, velocity: 0).position, (1 + 10 * t) * exp(-10 * t)))
        }
        let allowed = Spring(mass: 1, stiffness: 100, damping: 50, allowsOverdamping: true)!
        // Roots −β ± ωo = −25 ± √525.
        let s1 = -25 + 525.0.squareRoot()
        let s2 = -25 - 525.0.squareRoot()
        let c1 = -s2 / (s1 - s2)
        let t = 0.2
        #expect(
            isClose(
                allowed.displacement(at: t, from: 1, velocity: 0).position, c1 * exp(s1 * t) + (1 - c1) * exp(s2 * t)))
        #expect(allowed.displacement(at: 1000, from: 1, velocity: 0).position.isFinite)
    }

    /// motion-math.md §2.3's table (four decimals): UIKit's duration + damping ratio → k, c.
    @Test(arguments: [
        (3.0, 0.25, 54.8336, 3.7025), (1.0, 0.5, 161.7195, 12.7169), (0.5, 0.7, 387.2746, 27.5510),
        (0.5, 0.8, 323.5895, 28.7817), (0.5, 1.0, 341.0237, 36.9337), (0.35, 1.0, 695.9667, 52.7624),
    ])
    func uikitDurationDampingMatchesTheReferenceTable(duration: Double, zeta: Double, k: Double, c: Double) throws {
        let spring = try #require(Spring.uikit(duration: duration, dampingRatio: zeta))
        #expect(spring.mass == 1)
        #expect(isClose(spring.stiffness, k, absolute: 1e-4))
        #expect(isClose(spring.damping, c, absolute: 1e-4))
    }

    /// With no initial velocity the under-damped root has a closed form:
    /// ω0 = −ln(ε·√(1−ζ²)/ζ)/(ζ·T); the Newton solve must land on it.
    @Test func uikitSolveAgreesWithTheClosedFormAtRest() throws {
        for duration in [0.1, 0.3, 0.5, 1, 2.5, 7] {
            for zeta in [0.05, 0.3, 0.6, 0.9, 0.99] {
                let spring = try #require(Spring.uikit(duration: duration, dampingRatio: zeta))
                let omega = -log(0.001 * (1 - zeta * zeta).squareRoot() / zeta) / (zeta * duration)
                #expect(isClose(spring.naturalFrequency, omega, relative: 1e-9), "T \(duration) ζ \(zeta)")
            }
        }
    }

    /// With an initial velocity V the solved ω0 makes the envelope exactly ε at T.
    @Test func uikitSolveHonoursInitialVelocity() throws {
        for (duration, zeta, velocity) in [(0.5, 0.7, 2.0), (0.8, 0.4, -1.5), (0.4, 1.0, 3.0)] {
            let spring = try #require(Spring.uikit(duration: duration, dampingRatio: zeta, initialVelocity: velocity))
            let omega = spring.naturalFrequency
            let envelope =
                zeta < 1
                ? abs((zeta * omega - velocity) / (omega * (1 - zeta * zeta).squareRoot()))
                    * exp(-zeta * omega * duration)
                : abs(1 + (omega - velocity) * duration) * exp(-omega * duration)
            #expect(isClose(envelope, 0.001, relative: 1e-6), "T \(duration) ζ \(zeta) V \(velocity)")
        }
    }

    @Test func uikitClampsDampingToOneAndDurationToTenSeconds() {
        #expect(Spring.uikit(duration: 0.5, dampingRatio: 2) == Spring.uikit(duration: 0.5, dampingRatio: 1))
        #expect(Spring.uikit(duration: 30, dampingRatio: 0.5) == Spring.uikit(duration: 10, dampingRatio: 0.5))
        #expect(Spring.uikit(duration: 0, dampingRatio: 0.5) == nil)
        #expect(Spring.uikit(duration: 1, dampingRatio: .nan) == nil)
    }

    @Test func uikitDurationInvertsTheUIKitSolve() throws {
        for duration in [0.2, 0.5, 1.2, 4] {
            for zeta in [0.2, 0.5, 0.85, 1] {
                let spring = try #require(Spring.uikit(duration: duration, dampingRatio: zeta))
                let recovered = try #require(spring.uikitDuration())
                #expect(isClose(recovered, duration, relative: 1e-9), "T \(duration) ζ \(zeta)")
            }
        }
        #expect(Spring(duration: 0.5, bounce: -0.5)?.uikitDuration() == nil)  // moves over-damped
    }

    /// Issue 25: the duration for UIKit's duration API must be solved with the initial velocity
    /// UIKit solves with. At it, the envelope UIKit's solve uses,
    /// |(ζω0 − V)/(ω0·√(1 − ζ²))|·e^(−ζω0T) (ζ < 1) or |1 + (ω0 − V)·T|·e^(−ω0T) (ζ = 1), is
    /// 0.001 for this spring's own ω0 (k 200, c 12: ω0 = √200, ζ = 12/(2√200)); at rest it was
    /// solved for, it is not.
    @Test(arguments: [
        (200.0, 12.0, -1.5), (200, 12, 1.2), (400, 30, 1.2), (102.7, 14.2, -3), (100, 20, 4), (100, 20, -2),
        (300, 10, 0),
    ])
    func theUIKitDurationHonoursTheInitialVelocity(stiffness: Double, damping: Double, velocity: Double) throws {
        let spring = try #require(Spring(mass: 1, stiffness: stiffness, damping: damping))
        let duration = try #require(spring.uikitDuration(initialVelocity: velocity))
        let omega = stiffness.squareRoot()
        let zeta = min(damping / (2 * omega), 1)
        let envelope =
            zeta < 1
            ? abs((zeta * omega - velocity) / (omega * (1 - zeta * zeta).squareRoot())) * exp(-zeta * omega * duration)
            : abs(1 + (omega - velocity) * duration) * exp(-omega * duration)
        #expect(isClose(envelope, 0.001, relative: 1e-9), "T \(duration)")
        let rebuilt = try #require(Spring.uikit(duration: duration, dampingRatio: zeta, initialVelocity: velocity))
        #expect(isClose(rebuilt.stiffness, stiffness, relative: 1e-9))
    }

    /// motion-math.md §2.5 and §7: the keyboard spring (m 3, k 1000, c 500) is critically
    /// damped at ω0 = √(1000/3): progress 0.5448 at 0.1 s, 0.9420 at 0.25 s, 0.99890 at 0.5 s.
    @Test func systemDefaultSpringMatchesTheKeyboardValues() {
        let spring = Spring.systemDefault
        #expect(isClose(spring.dampingRatio, 500 / (2 * 3000.0.squareRoot())))
        #expect(isClose(spring.progress(at: 0.1).value, 0.5448, absolute: 5e-5))
        #expect(isClose(spring.progress(at: 0.25).value, 0.9420, absolute: 5e-5))
        #expect(isClose(spring.progress(at: 0.5).value, 0.99890, absolute: 5e-6))
        #expect(isClose(spring.settlingDuration(), 0.6, absolute: 1e-12))
    }

    /// motion-math.md §2.7: m 1, k 100 → 2.855 s (c 5), 1.473 s (c 10), 1.022 s (c 15).
    @Test(arguments: [(5.0, 2.855), (10.0, 1.473), (15.0, 1.022)])
    func settlingDurationMatchesCoreAnimationsExamples(damping: Double, expected: Double) throws {
        let spring = try #require(Spring(mass: 1, stiffness: 100, damping: damping))
        #expect(isClose(spring.settlingDuration(), expected, absolute: 5e-4))
    }

    /// Settling means what it says: after settlingDuration the under-damped envelope
    /// keeps the remaining motion within ε.
    @Test func settledSpringsStayWithinEpsilon() throws {
        let spring = try #require(Spring(mass: 1, stiffness: 170, damping: 8))
        let settle = spring.settlingDuration()
        for step in 0...200 {
            let t = settle + Double(step) * 0.01
            #expect(abs(1 - spring.progress(at: t).value) <= 0.001 + 1e-12)
        }
    }

    /// Apple's Spring documentation: duration 0.5, bounce 0.3 → mass 1, stiffness 157.9,
    /// damping 17.6; mass 1, stiffness 100, damping 10 → duration (response) 0.63, bounce 0.5.
    @Test func swiftUIConversionsMatchApplesExamples() throws {
        let perceptual = try #require(Spring(duration: 0.5, bounce: 0.3))
        #expect(perceptual.mass == 1)
        #expect(isClose(perceptual.stiffness, pow(2 * Double.pi / 0.5, 2)))
        #expect(isClose(perceptual.stiffness, 157.9, absolute: 0.05))
        #expect(isClose(perceptual.damping, 17.6, absolute: 0.05))
        #expect(perceptual.allowsOverdamping)
        let physical = try #require(Spring(mass: 1, stiffness: 100, damping: 10))
        #expect(isClose(physical.response, 0.63, absolute: 0.005))
        #expect(isClose(physical.bounce, 0.5))
        let negative = try #require(Spring(duration: 1, bounce: -0.5))
        #expect(isClose(negative.dampingRatio, 2))
        #expect(isClose(negative.bounce, -0.5))
    }

    @Test func responseAndDampingFractionAreTheSchnorrMap() throws {
        let spring = try #require(Spring(response: 0.5, dampingFraction: 0.825))
        let omega = 2 * Double.pi / 0.5
        #expect(isClose(spring.stiffness, omega * omega))
        #expect(isClose(spring.damping, 2 * 0.825 * omega))
        #expect(isClose(spring.response, 0.5))
        #expect(isClose(spring.dampingRatio, 0.825))
    }

    /// Origami's default tension 40, friction 7 → Rebound's k 230.2, c 22; and back.
    @Test func origamiConvertsBothWays() throws {
        let spring = try #require(Spring(origamiTension: 40, friction: 7))
        #expect(isClose(spring.stiffness, 230.2, absolute: 1e-9))
        #expect(isClose(spring.damping, 22, absolute: 1e-9))
        #expect(isClose(spring.origami.tension, 40, absolute: 1e-9))
        #expect(isClose(spring.origami.friction, 7, absolute: 1e-9))
        #expect(Spring(origamiTension: -30, friction: 7) == nil)  // (−30 − 30)·3.62 + 194 < 0
    }

    @Test func framerMotionClampsBounceThenSolvesLikeUIKit() throws {
        let framer = try #require(Spring.framerMotion(duration: 0.8, bounce: 0.3))
        #expect(framer == Spring.uikit(duration: 0.8, dampingRatio: 0.7))
        #expect(Spring.framerMotion(duration: 0.8, bounce: 0.99) == Spring.uikit(duration: 0.8, dampingRatio: 0.05))
    }

    @Test func invalidSpringsAreRejectedNotTrapped() {
        #expect(Spring(mass: 0, stiffness: 1, damping: 1) == nil)
        #expect(Spring(mass: 1, stiffness: -1, damping: 1) == nil)
        #expect(Spring(mass: 1, stiffness: 1, damping: -1) == nil)
        #expect(Spring(mass: 1, stiffness: .infinity, damping: 1) == nil)
        #expect(Spring(response: 0, dampingFraction: 1) == nil)
        #expect(Spring(duration: 1, bounce: 1) == nil)
        #expect(Spring(duration: 1, bounce: -1) == nil)
    }

    @Test func progressHandsInitialVelocityAsRelative() throws {
        let spring = try #require(Spring(mass: 1, stiffness: 200, damping: 20))
        let start = spring.progress(at: 0, initialVelocity: 1.5)
        #expect(start.value == 0)
        #expect(isClose(start.velocity, 1.5))
    }
}

@Suite struct DecayAndRubberBandTests {
    /// WWDC 2018 "Designing Fluid Interfaces": 1000 pt/s at 0.998 → 499 pt; at 0.99 → 99 pt.
    @Test func projectionMatchesTheWWDCForm() {
        #expect(isClose(DecelerationRate.normal.projectedDistance(velocity: 1000), 499, absolute: 1e-9))
        #expect(isClose(DecelerationRate.fast.projectedDistance(velocity: 1000), 99, absolute: 1e-9))
        #expect(isClose(DecelerationRate.normal.projectedDistance(velocity: -1000), -499, absolute: 1e-9))
    }

    /// The continuous coast rests at −v0/λ = v0/(1000·(−ln d)): 499.5 pt for 1000 pt/s at 0.998.
    @Test func coastApproachesTheContinuousRestPoint() {
        let rest = 1000 / (-1000 * log(0.998))
        #expect(isClose(rest, 499.5, absolute: 0.01))
        let late = DecelerationRate.normal.coast(at: 30, velocity: 1000)
        #expect(isClose(late.position, rest, absolute: 1e-6))
        #expect(abs(late.velocity) < 1e-9)
        let early = DecelerationRate.normal.coast(at: 0.001, velocity: 1000)
        #expect(isClose(early.velocity, 998, absolute: 1e-9))  // one millisecond: ×0.998
    }

    @Test func durationToASpeedInvertsTheDecay() {
        let t = DecelerationRate.normal.duration(fromVelocity: 2000, toSpeed: 20)
        #expect(isClose(DecelerationRate.normal.coast(at: t, velocity: 2000).velocity, 20, absolute: 1e-9))
        #expect(DecelerationRate.normal.duration(fromVelocity: 10, toSpeed: 20) == 0)
        #expect(DecelerationRate(factor: 1) == nil)
    }

    /// motion-math.md §4.5, d = 812, c = 0.55: 10 → 5.46, 50 → 26.60, 100 → 51.51, 400 → 173.10.
    @Test(arguments: [(10.0, 5.46), (50.0, 26.60), (100.0, 51.51), (400.0, 173.10)])
    func rubberBandMatchesTheReferenceValues(overshoot: Double, expected: Double) throws {
        let band = try #require(RubberBand(dimension: 812))
        #expect(isClose(band.offset(forOvershoot: overshoot), expected, absolute: 0.005))
        #expect(isClose(band.offset(forOvershoot: -overshoot), -expected, absolute: 0.005))
        // Equivalent closed form x·d·c/(d + c·x).
        let closedForm: Double = overshoot * 812 * 0.55 / (812 + 0.55 * overshoot)
        #expect(isClose(band.offset(forOvershoot: overshoot), closedForm, relative: 1e-12))
    }

    @Test func rubberBandClampOnlyResistsOutsideTheRange() throws {
        let band = try #require(RubberBand(dimension: 400))
        #expect(band.clamp(50, to: 0...100) == 50)
        let expected: Double = 100 + 40 * 400 * 0.55 / (400 + 0.55 * 40)
        #expect(isClose(band.clamp(140, to: 0...100), expected, relative: 1e-12))
        #expect(band.clamp(-1e9, to: 0...100) > -400)
    }
}
