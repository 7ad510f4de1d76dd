import SegueMath
import Testing

@testable import SegueEngine

/// The `leastSquares` estimator (motion-math §4.2). Every expected value is worked out in the test.
@Suite struct LeastSquaresVelocityTests {
    @Test func aQuadraticPathIsRecoveredExactly() throws {
        // x(t) = a + b·t + c·t². With τ = t − tₙ (tₙ the newest time),
        // x = (a + b·tₙ + c·tₙ²) + (b + 2c·tₙ)·τ + c·τ², so the linear coefficient is b + 2c·tₙ.
        let (a, b, c) = (3.0, 400.0, -1500.0)
        let (d, e, f) = (-7.0, -250.0, 2000.0)
        let times = (0...8).map { 5 + 0.008 * Double($0) }
        let samples = times.enumerated().map { index, t in
            sample(t, a + b * t + c * t * t, d + e * t + f * t * t, index == 0 ? .began : .changed)
        }
        let newest = times[8]
        let estimate = try GestureTrack(samples: samples).velocity(using: .leastSquares)
        // b + 2c·5.064 = 400 − 15192 = −14792; e + 2f·5.064 = −250 + 20256 = 20006.
        #expect(isClose(b + 2 * c * newest, -14792, relative: 1e-12))
        #expect(isClose(estimate.velocity.x, -14792, relative: 1e-9))
        #expect(isClose(estimate.velocity.y, 20006, relative: 1e-9))
        #expect(estimate.basis == .quadraticFit)
        #expect(estimate.sampleIndices == Array(0...8))
        #expect(estimate.estimator == .leastSquares)
    }

    @Test func fewerThanThreeSamplesGiveZero() throws {
        let two = try GestureTrack(samples: [sample(0, 0, 0, .began), sample(0.01, 10, 0)])
        let estimate = two.velocity(using: .leastSquares)
        #expect(estimate.velocity == .zero)
        #expect(estimate.basis == .tooFewSamples)
        #expect(estimate.sampleIndices == [0, 1])
        let none = two.velocity(at: -1, using: .leastSquares)
        #expect(none.velocity == .zero)
        #expect(none.sampleIndices.isEmpty)
    }

    /// 100 pt/s for 20 ms, a 50 ms pause with no samples, then 700 pt/s.
    private let pausedThenFast = [
        sample(0.00, 0, 0, .began), sample(0.01, 1, 0), sample(0.02, 2, 0),
        sample(0.07, 30, 0), sample(0.08, 37, 0), sample(0.09, 44, 0),
    ]

    @Test func aFiftyMillisecondGapCutsTheWindow() throws {
        let track = try GestureTrack(samples: pausedThenFast)
        let estimate = track.velocity(using: .leastSquares)
        #expect(isClose(estimate.velocity, Point(x: 700, y: 0), relative: 1e-9))
        #expect(estimate.sampleIndices == [3, 4, 5])
        // At 80 ms only two samples follow the gap: too few.
        let early = track.velocity(at: 0.08, using: .leastSquares)
        #expect(early.basis == .tooFewSamples)
        #expect(early.sampleIndices == [3, 4])
        #expect(early.velocity == .zero)
    }

    @Test func aFortyMillisecondGapIsStillContinuousMotion() throws {
        // Gaps of exactly 40 ms count; 4 pt per 40 ms is 100 pt/s.
        let track = try GestureTrack(samples: [sample(0, 0, 0, .began), sample(0.04, 4, 0), sample(0.08, 8, 0)])
        let estimate = track.velocity(using: .leastSquares)
        #expect(isClose(estimate.velocity, Point(x: 100, y: 0), relative: 1e-9))
        #expect(estimate.sampleCount == 3)
    }

    @Test func theWindowReachesBackOneHundredMilliseconds() throws {
        // Samples every 10 ms from 0 to 150 ms at 300 pt/s: those 0–100 ms old are at 50…150 ms.
        let samples = (0...15).map { sample(Double($0) * 0.01, 3 * Double($0), 0, $0 == 0 ? .began : .changed) }
        let estimate = try GestureTrack(samples: samples).velocity(using: .leastSquares)
        #expect(estimate.sampleIndices == Array(5...15))
        #expect(isClose(estimate.velocity.x, 300, relative: 1e-9))
    }

    @Test func atMostTwentySamplesAreFitted() throws {
        // Every 4 ms for 200 ms: 26 samples lie within 100 ms, but Flutter keeps 20.
        let samples = (0...50).map { sample(Double($0) * 0.004, Double($0), 0, $0 == 0 ? .began : .changed) }
        let estimate = try GestureTrack(samples: samples).velocity(using: .leastSquares)
        #expect(estimate.sampleIndices == Array(31...50))
        #expect(isClose(estimate.velocity.x, 250, relative: 1e-9))
    }

    @Test func aFingerThatRestsMoreThanFortyMillisecondsBeforeLiftingHasStopped() throws {
        let moving = [sample(0, 0, 0, .began), sample(0.01, 10, 0), sample(0.02, 20, 0), sample(0.03, 30, 0)]
        let late = try GestureTrack(samples: moving + [sample(0.08, 30, 0, .ended)])
        let estimate = late.velocity(using: .leastSquares)
        #expect(estimate.velocity == .zero)
        #expect(estimate.basis == .pointerStopped)
        #expect(estimate.sampleIndices.isEmpty)
        // UIKit, by contrast, keeps the stale 1000 pt/s.
        #expect(isClose(late.velocity(using: .uikit).velocity.x, 1000, relative: 1e-12))
        // Lifting 40 ms after the last move still counts as moving (0.07 − 0.03 is
        // 0.04000000000000001 in binary; the 1 ns allowance reads it as the 40 ms it was written as).
        let prompt = try GestureTrack(samples: moving + [sample(0.07, 30, 0, .ended)])
        #expect(isClose(prompt.velocity(using: .leastSquares).velocity.x, 1000, relative: 1e-9))
        // Asking mid-track long after the newest sample is the same rest.
        let open = try GestureTrack(samples: moving)
        #expect(open.velocity(at: 0.2, using: .leastSquares).basis == .pointerStopped)
    }

    @Test func theEndedSampleLocationIsNotFitted() throws {
        let moving = [sample(0, 0, 0, .began), sample(0.01, 10, 0), sample(0.02, 20, 0), sample(0.03, 30, 0)]
        let track = try GestureTrack(samples: moving + [sample(0.035, 500, -500, .ended)])
        let estimate = track.velocity(using: .leastSquares)
        #expect(isClose(estimate.velocity, Point(x: 1000, y: 0), relative: 1e-9))
        #expect(estimate.sampleIndices == [0, 1, 2, 3])
    }

    @Test func nearlyCoincidentTimesGiveZeroNotNaN() throws {
        // Two of the three samples are 1e-15 s apart: the quadratic is not determined.
        let track = try GestureTrack(samples: [
            sample(0, 0, 0, .began), sample(0.04 - 1e-15, 4, 0), sample(0.04, 9, 0),
        ])
        let estimate = track.velocity(using: .leastSquares)
        #expect(estimate.basis == .degenerateFit)
        #expect(estimate.velocity == .zero)
        #expect(estimate.sampleIndices == [0, 1, 2])
    }
}
