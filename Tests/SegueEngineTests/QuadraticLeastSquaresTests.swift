import SegueMath
import Testing

@testable import SegueEngine

@Suite struct QuadraticLeastSquaresTests {
    @Test func threePointsAreInterpolatedExactly() throws {
        // v(τ) = 2 − 3τ + 5τ² through τ = −2, −1, 0: values 28, 10, 2; slope at 0 is −3.
        let fit = try #require(QuadraticLeastSquares(times: [-2, -1, 0]))
        let slope = try #require(fit.linearCoefficient(values: [28, 10, 2]))
        #expect(isClose(slope, -3, absolute: 1e-12))
    }

    @Test func anInexactFitMatchesTheHandComputedLeastSquaresSlope() throws {
        // Points τ = −3, −2, −1, 0 with values 0, 0, 0, 1. With u = τ + 1.5 the orthogonal basis
        // 1, u, u² − 1.25 gives coefficients 1/4, Σu·v / Σu² = 1.5 / 5 = 0.3, and
        // Σ(u² − 1.25)·v / Σ(u² − 1.25)² = 1 / 4. The slope at τ = 0 (u = 1.5) is
        // 0.3 + 2 · 0.25 · 1.5 = 1.05.
        let fit = try #require(QuadraticLeastSquares(times: [-3, -2, -1, 0]))
        #expect(isClose(try #require(fit.linearCoefficient(values: [0, 0, 0, 1])), 1.05, absolute: 1e-12))
        // The same shape over milliseconds: the slope scales by 1000.
        let fast = try #require(QuadraticLeastSquares(times: [-0.003, -0.002, -0.001, 0]))
        #expect(isClose(try #require(fast.linearCoefficient(values: [0, 0, 0, 1])), 1050, relative: 1e-12))
    }

    @Test func fewerThanThreeTimesCannotBeFitted() {
        #expect(QuadraticLeastSquares(times: []) == nil)
        #expect(QuadraticLeastSquares(times: [0]) == nil)
        #expect(QuadraticLeastSquares(times: [-1, 0]) == nil)
    }

    @Test func coincidentOrNearlyCoincidentTimesAreDegenerateNotNaN() {
        #expect(QuadraticLeastSquares(times: [0, 0, 0]) == nil)
        #expect(QuadraticLeastSquares(times: [-1, 0, 0]) == nil)
        // Two of three times 1e-15 s apart within a 40 ms span: relative separation 2.5e-14.
        #expect(QuadraticLeastSquares(times: [-0.04, -1e-15, 0]) == nil)
    }

    @Test func nonFiniteTimesAreRefused() {
        #expect(QuadraticLeastSquares(times: [-.infinity, -1, 0]) == nil)
        #expect(QuadraticLeastSquares(times: [.nan, -1, 0]) == nil)
    }
}
