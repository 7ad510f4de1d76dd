import Glibc
import SegueTestSupport
import Testing

@testable import SegueMath

/// `SettlingGrid`: Core Animation's settling time for critically and over-damped springs, found
/// by bisection on the monotone pieces of the motion, must be the grid point the definition's
/// point-by-point scan finds (`scan` below, the code it replaced), at a bounded cost.
@Suite struct SettlingGridTests {
    /// The definition, scanned point by point as `Spring.settlingDuration` used to: the first grid
    /// index i ≤ `lastIndex` − 10 whose point and the next ten are at rest, or nil.
    static func scan(_ grid: SettlingGrid, through lastIndex: Int = SettlingGrid.maximumSteps) -> Int? {
        var candidate: Int?
        for index in 0...lastIndex {
            if grid.isAtRest(index) {
                if candidate == nil { candidate = index }
                if let start = candidate, index - start >= SettlingGrid.steadyCount { return start }
            } else {
                candidate = nil
            }
        }
        return nil
    }

    static func grid(_ spring: Spring, _ initialVelocity: Double) -> SettlingGrid {
        SettlingGrid(spring: spring, initialVelocity: initialVelocity, epsilon: Spring.settlingEpsilon)
    }

    /// Critically damped from rest: |x| = e^(−ω0 t)(1 + ω0 t) falls from 1, and reaches 0.001 at
    /// ω0·t = 9.23341 (solved by hand: e^(−9.23341)·10.23341 = 0.001000), so the answer is the
    /// next grid point: 9.3 s at ω0 = 1, and 9233.5 s at the catalogue's slowest ω0 = √(0.001/1000)
    /// = 0.001 rad/s (92 335 grid points, the scan's worst accepted case).
    @Test(arguments: [(1.0, 1.0, 9.3), (1000.0, 0.001, 9233.5)])
    func criticallyDampedFromRestSettlesWhereTheEnvelopeReachesEpsilon(
        mass: Double, stiffness: Double, expected: Double
    ) throws {
        let spring = try #require(
            Spring(mass: mass, stiffness: stiffness, damping: 2 * (mass * stiffness).squareRoot()))
        let search = spring.settlingSearch()
        #expect(isClose(search.duration, expected, absolute: 1e-9))
        #expect(search.evaluations <= SettlingGrid.maximumEvaluations)
    }

    /// Over-damped, ζ = 2, ω0 = 1: s = −2 ± √3, x = c1·e^(s1 t) + c2·e^(s2 t) with
    /// c1 = (2 + √3)/(2√3) = 1.07735 and c2 = −0.07735; |x| = 0.001 at t = 26.058 s, so 26.1 s.
    @Test func overDampedSettlesOnTheSlowExponential() throws {
        let spring = try #require(Spring(mass: 1, stiffness: 1, damping: 4, allowsOverdamping: true))
        #expect(isClose(spring.settlingDuration(), 26.1, absolute: 1e-9))
    }

    /// Thrown toward the target at v > ω0 = 1, x = e^(−t)(1 + C·t) with C = ω0 − v crosses zero at
    /// 1/(v − ω0) and peaks at v/(ω0·(v − ω0)). With v = 1.2 (C = −0.2) the crossing is at 5 s and the
    /// peak at 6 s is only e^(−6)·0.2 = 0.000496 deep, below ε: the spring is at rest from 4.6 s
    /// (|x(4.6)| = e^(−4.6)·0.08 = 0.00080, |x(4.5)| = e^(−4.5)·0.1 = 0.00111), before the crossing
    /// and the peak, which a search after the peak alone would miss. With v = 1.3 (C = −0.3) the
    /// grid points 3.3 s and 3.4 s near the crossing (3.33 s) are at rest but the next ones are
    /// not (peak e^(−4.33)·0.3 = 0.0039 deep), and the tail reaches rest at 7.1 s
    /// (|x(7.1)| = e^(−7.1)·1.13 = 0.00093, |x(7.0)| = e^(−7)·1.1 = 0.0010032).
    @Test(arguments: [(1.2, 4.6), (1.3, 7.1)])
    func aThrowThroughTheTargetSettlesWhereItStaysAtRest(initialVelocity: Double, expected: Double) throws {
        let spring = try #require(Spring(mass: 1, stiffness: 1, damping: 2))
        #expect(isClose(spring.settlingDuration(initialVelocity: initialVelocity), expected, absolute: 1e-9))
    }

    /// Over-damped and thrown through the target, the dip around the zero can itself be a second
    /// at rest while the swing past the target is not. ζ = 2, ω0 = 0.1 (m 1, k 0.01, c 0.4),
    /// v = 0.374: s = 0.1·(−2 ± √3), c1 = (−v − s2)/(s1 − s2) = −0.0022947,
    /// c2 = 1.0022947; x is zero at 17.55 s and extreme at 25.15 s, x = −0.0010856 there. |x| is
    /// below 0.001 from 16.1 s (x(16.0) = 0.0010622, x(16.1) = 0.0009725) to 21.9 s
    /// (x(22.0) = −0.0010003), 59 grid points, so the spring is at rest from 16.1 s, not 30.6 s where
    /// the tail comes to rest (x(30.5) = −0.0010020, x(30.6) = −0.0009998).
    @Test func aDipAtRestForASecondIsTheAnswerThoughTheSwingIsNot() throws {
        let spring = try #require(Spring(mass: 1, stiffness: 0.01, damping: 0.4, allowsOverdamping: true))
        #expect(isClose(spring.settlingDuration(initialVelocity: 0.374), 16.1, absolute: 1e-9))
    }

    /// The Touchwonders catalogue's ranges (m 0.001…1000 kg, k 0.001…100 000 N/m, c 0…100 000
    /// N·s/m, rendered critically damped past ζ = 1 as Core Animation does) and relative initial
    /// velocities up to the shape drop's velocityClip, 1000 per second: every search agrees with the
    /// whole scan, infinity included, within the evaluation bound.
    @Test func agreesWithTheScanAcrossTheCataloguesRanges() {
        var random = SeededGenerator(seed: 0x5E77_1E)
        for _ in 0..<1500 {
            let mass = Self.logUniform(0.001...1000, &random)
            let stiffness = Self.logUniform(0.001...100_000, &random)
            let critical = 2 * (mass * stiffness).squareRoot()
            // At least critical (at most 2·√(1000·100 000) = 20 000), so the grid is searched.
            let damping = min(critical * Self.logUniform(1...1e6, &random), 100_000)
            guard let spring = Spring(mass: mass, stiffness: stiffness, damping: damping) else {
                Issue.record("no spring for m \(mass), k \(stiffness), c \(damping)")
                continue
            }
            let velocity = Self.velocity(upTo: 1000, omega: spring.naturalFrequency, &random)
            Self.expectAgreement(spring, velocity)
        }
    }

    /// The curves endpoint's ranges: any positive mass and stiffness, damping, and initial velocity
    /// up to the 1e12 a request may carry, over-damping on or off. The scan stops at 20 000 grid
    /// points (2000 s) here to keep the test quick: within it the answers must agree, and where the
    /// scan found none the search's answer must lie past it.
    @Test func agreesWithTheScanAcrossTheCurvesEndpointsRanges() {
        var random = SeededGenerator(seed: 0xC0_4E5)
        let horizon = 20_000
        for _ in 0..<1500 {
            let mass = Self.logUniform(1e-6...1e12, &random)
            let stiffness = Self.logUniform(1e-6...1e12, &random)
            let critical = 2 * (mass * stiffness).squareRoot()
            let damping = critical * Self.logUniform(1...1e6, &random)
            guard
                let spring = Spring(
                    mass: mass, stiffness: stiffness, damping: damping, allowsOverdamping: Bool.random(using: &random)),
                spring.isUsable
            else { continue }
            let velocity = Self.velocity(upTo: 1e12, omega: spring.naturalFrequency, &random)
            let search = spring.settlingSearch(initialVelocity: velocity)
            #expect(search.evaluations <= SettlingGrid.maximumEvaluations)
            if let start = Self.scan(Self.grid(spring, velocity), through: horizon) {
                #expect(
                    search.duration == Double(start) * SettlingGrid.step,
                    "m \(mass), k \(stiffness), c \(damping), v \(velocity), over \(spring.allowsOverdamping)")
            } else {
                #expect(
                    search.duration >= Double(horizon - SettlingGrid.steadyCount + 1) * SettlingGrid.step,
                    "m \(mass), k \(stiffness), c \(damping), v \(velocity): \(search.duration) s")
            }
        }
    }

    /// Slow springs whose answers lie across the whole grid, up to and past its end (100 000 s):
    /// ω0 from 1e-4 rad/s (settling at about 92 000 s from rest) down to 5e-5 (past the grid,
    /// infinity), from rest and thrown either way.
    @Test(arguments: [1e-4, 9.3e-5, 9.2e-5, 5e-5])
    func agreesWithTheScanOnTheWholeGrid(omega: Double) throws {
        let spring = try #require(Spring(mass: 1, stiffness: omega * omega, damping: 2 * omega))
        for velocity in [0, 0.5 * omega, -3 * omega, 40 * omega] {
            Self.expectAgreement(spring, velocity)
        }
    }

    /// A piece of the grid is cut after the last point before each turning time, so that |x| is
    /// monotone on each piece: critically damped at ω0 = 1 thrown with v = 1.3, x is zero at
    /// 1/0.3 = 3.33 s (after grid point 33) and extreme at 1.3/0.3 = 4.33 s (after point 43).
    @Test func piecesAreCutAtTheZeroAndTheExtremum() throws {
        let spring = try #require(Spring(mass: 1, stiffness: 1, damping: 2))
        let pieces = Self.grid(spring, 1.3).pieces()
        #expect(pieces == [0...33, 34...43, 44...SettlingGrid.maximumSteps])
    }

    static func expectAgreement(
        _ spring: Spring, _ velocity: Double, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let search = spring.settlingSearch(initialVelocity: velocity)
        let expected = scan(grid(spring, velocity)).map { Double($0) * SettlingGrid.step } ?? .infinity
        #expect(
            search.duration == expected,
            "m \(spring.mass), k \(spring.stiffness), c \(spring.damping), v \(velocity)",
            sourceLocation: sourceLocation)
        #expect(search.evaluations <= SettlingGrid.maximumEvaluations, sourceLocation: sourceLocation)
    }

    static func logUniform(_ range: ClosedRange<Double>, _ random: inout SeededGenerator) -> Double {
        min(
            max(
                exp(Double.random(in: log(range.lowerBound)...log(range.upperBound), using: &random)), range.lowerBound),
            range.upperBound)
    }

    /// 0 a quarter of the time; else ± a log-uniform magnitude from 1e-3 to `limit`, or (as
    /// often) from 0.5·ω0 to 5·ω0, where a throw carries the spring through its target and back
    /// (the shapes with a dip and a swing), capped at `limit`.
    static func velocity(upTo limit: Double, omega: Double, _ random: inout SeededGenerator) -> Double {
        let kind = Int.random(in: 0..<4, using: &random)
        guard kind > 0 else { return 0 }
        let magnitude =
            kind == 1 ? logUniform(1e-3...limit, &random) : min(omega * logUniform(0.5...5, &random), limit)
        return kind == 3 || Bool.random(using: &random) ? magnitude : -magnitude
    }
}
