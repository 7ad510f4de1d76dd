import SegueMath
import Testing

@testable import SegueEngine

/// The `uikit` estimator (motion-math §4.1). Every expected value is worked out in the test.
@Suite struct UIKitPanVelocityTests {
    @Test func constantVelocityIsReportedExactly() throws {
        // 800 pt/s to the right at 120 Hz: x = 800·t at t = i/120, then a lift one frame later.
        var samples = [sample(0, 0, 0, .began)]
        for index in 1...9 {
            let time = Double(index) / 120
            samples.append(sample(time, 800 * time, 0))
        }
        samples.append(sample(10.0 / 120, 800 * 10.0 / 120, 0, .ended))
        let estimate = try GestureTrack(samples: samples).velocity(using: .uikit)
        #expect(isClose(estimate.velocity.x, 800, relative: 1e-12))
        #expect(estimate.velocity.y == 0)
        #expect(estimate.basis == .blend)
        #expect(estimate.sampleIndices == [7, 8, 9])
        #expect(estimate.estimator == .uikit)
    }

    /// Began at the origin; 8 pt per 10 ms twice, then (10, 5) pt in the last 10 ms.
    private let speedingUp = [
        sample(0.000, 0, 0, .began), sample(0.010, 8, 0), sample(0.020, 16, 0), sample(0.030, 26, 5),
    ]

    @Test func aLastStepAtADifferentSpeedIsBlendedTwoToEight() throws {
        // previous move (8, 0) / 0.01 s = (800, 0); newest (10, 5) / 0.01 s = (1000, 500);
        // 0.2 · (1000, 500) + 0.8 · (800, 0) = (840, 100).
        let estimate = try GestureTrack(samples: speedingUp).velocity()
        #expect(isClose(estimate.velocity, Point(x: 840, y: 100), absolute: 1e-9))
        #expect(estimate.basis == .blend)
        #expect(estimate.sampleIndices == [1, 2, 3])
        #expect(estimate.sampleCount == 3)
    }

    @Test func theEndedSampleMovementIsNotCounted() throws {
        // UIKit reports the velocity as of the last change: a lift far away changes nothing.
        let track = try GestureTrack(samples: speedingUp + [sample(0.040, 100, 100, .ended)])
        let estimate = track.velocity()
        #expect(isClose(estimate.velocity, Point(x: 840, y: 100), absolute: 1e-9))
        #expect(estimate.sampleIndices == [1, 2, 3])
    }

    @Test func theVelocityMidGestureUsesOnlyTheSamplesSoFar() throws {
        // At 25 ms only samples 0–2 exist: two moves of 800 pt/s blend to 800.
        let estimate = try GestureTrack(samples: speedingUp).velocity(at: 0.025)
        #expect(isClose(estimate.velocity, Point(x: 800, y: 0), absolute: 1e-9))
        #expect(estimate.sampleIndices == [0, 1, 2])
    }

    @Test func aSingleMoveIsUsedAlone() throws {
        // (10, 20) pt in 16 ms = (625, 1250) pt/s.
        let estimate = try GestureTrack(samples: [sample(0, 0, 0, .began), sample(0.016, 10, 20)]).velocity()
        #expect(isClose(estimate.velocity, Point(x: 625, y: 1250), absolute: 1e-9))
        #expect(estimate.basis == .newestMove)
        #expect(estimate.sampleIndices == [0, 1])
    }

    @Test func withoutAMoveTheVelocityIsZero() throws {
        let began = try GestureTrack(samples: [sample(0, 5, 5, .began)])
        #expect(began.velocity().velocity == .zero)
        #expect(began.velocity().basis == .noMovement)
        #expect(began.velocity().sampleIndices == [0])
        // An ended sample is not a move, however far it is from the began one.
        let tap = try GestureTrack(samples: [sample(0, 5, 5, .began), sample(0.1, 50, 50, .ended)])
        #expect(tap.velocity().velocity == .zero)
        #expect(tap.velocity().sampleIndices == [0])
        // Before the gesture began there are no samples at all.
        #expect(tap.velocity(at: -1).velocity == .zero)
        #expect(tap.velocity(at: -1).sampleIndices.isEmpty)
    }

    @Test func aNewestStepUnderOneMillisecondHasZeroVelocityButStillBlends() throws {
        // newest: 2 pt in 0.5 ms → 0 (under 1 ms); previous 10 pt / 10 ms = 1000 → 0.8 · 1000 = 800.
        let track = try GestureTrack(samples: [sample(0, 0, 0, .began), sample(0.010, 10, 0), sample(0.0105, 12, 0)])
        let estimate = track.velocity()
        #expect(isClose(estimate.velocity, Point(x: 800, y: 0), absolute: 1e-9))
        #expect(estimate.basis == .blend)
    }

    @Test func aPreviousStepUnderOneMillisecondContributesZero() throws {
        // previous: 1 pt in 0.5 ms → 0; newest 10 pt / 10 ms = 1000 → 0.2 · 1000 = 200.
        let track = try GestureTrack(samples: [sample(0, 0, 0, .began), sample(0.0005, 1, 0), sample(0.0105, 11, 0)])
        #expect(isClose(track.velocity().velocity, Point(x: 200, y: 0), absolute: 1e-9))
    }

    @Test func aPreviousStepWithinFloatEpsilonIsIgnored() throws {
        // previous step 1e-8 s ≤ FLT_EPSILON (≈ 1.19e-7 s): the newest move, 10 pt / 10 ms, stands alone.
        #expect(1e-8 < Double(Float.ulpOfOne))
        let track = try GestureTrack(samples: [
            sample(0, 0, 0, .began), sample(1e-8, 1, 0), sample(0.010 + 1e-8, 11, 0),
        ])
        let estimate = track.velocity()
        #expect(isClose(estimate.velocity, Point(x: 1000, y: 0), relative: 1e-9))
        #expect(estimate.basis == .newestMove)
        #expect(estimate.sampleIndices == [1, 2])
    }

    @Test func aRestingFingerKeepsTheStaleVelocityUntilTheLift() throws {
        // 1000 pt/s for 30 ms, then 200 ms without events, then the lift: no decay.
        let noEvents = try GestureTrack(samples: [
            sample(0, 0, 0, .began), sample(0.01, 10, 0), sample(0.02, 20, 0), sample(0.03, 30, 0),
            sample(0.23, 30, 0, .ended),
        ])
        #expect(isClose(noEvents.velocity().velocity, Point(x: 1000, y: 0), relative: 1e-12))
        // The same rest reported as changed samples at an unchanged location: iOS would not have
        // delivered them, so they are skipped and the velocity stays stale.
        var reported = [sample(0, 0, 0, .began), sample(0.01, 10, 0), sample(0.02, 20, 0), sample(0.03, 30, 0)]
        for index in 1...19 {
            reported.append(sample(0.03 + Double(index) * 0.01, 30, 0))
        }
        reported.append(sample(0.23, 30, 0, .ended))
        let estimate = try GestureTrack(samples: reported).velocity()
        #expect(isClose(estimate.velocity, Point(x: 1000, y: 0), relative: 1e-12))
        #expect(estimate.sampleIndices == [1, 2, 3])
    }

    @Test func aMoveAfterARestSpansTheWholeRest() throws {
        // Moves: 10 → 20 pt in 10 ms (1000 pt/s), then 20 → 25 pt from 20 ms to 50 ms, the
        // samples at 30 and 40 ms being at the same place: 5 / 0.03 pt/s.
        // 0.2 · 5 / 0.03 + 0.8 · 1000 = 33.33… + 800.
        let track = try GestureTrack(samples: [
            sample(0, 0, 0, .began), sample(0.01, 10, 0), sample(0.02, 20, 0), sample(0.03, 20, 0),
            sample(0.04, 20, 0), sample(0.05, 25, 0),
        ])
        let estimate = track.velocity()
        #expect(isClose(estimate.velocity.x, 0.2 * 5 / 0.03 + 800, relative: 1e-12))
        #expect(estimate.sampleIndices == [1, 2, 5])
    }
}
