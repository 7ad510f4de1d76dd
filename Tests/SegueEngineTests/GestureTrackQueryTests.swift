import SegueMath
import Testing

@testable import SegueEngine

@Suite struct GestureTrackQueryTests {
    /// Began at (100, 200) at t = 1 s; moves; ends at t = 1.05 s.
    private let track: GestureTrack

    init() throws {
        track = try GestureTrack(samples: [
            sample(1.000, 100, 200, .began),
            sample(1.016, 110, 195),
            sample(1.033, 130, 190),
            sample(1.050, 131, 189, .ended),
        ])
    }

    @Test func theStateAtATimeIsTheLatestSampleAtOrBeforeIt() {
        #expect(track.sample(at: 0.999) == nil)
        #expect(track.sample(at: 1.000)?.location == Point(x: 100, y: 200))
        #expect(track.sample(at: 1.015)?.location == Point(x: 100, y: 200))
        #expect(track.sample(at: 1.016)?.location == Point(x: 110, y: 195))
        #expect(track.sample(at: 1.040)?.location == Point(x: 130, y: 190))
        #expect(track.sample(at: 1.050)?.phase == .ended)
        #expect(track.sample(at: 99)?.phase == .ended)
        #expect(track.sample(at: .infinity)?.phase == .ended)
        #expect(track.sample(at: -.infinity) == nil)
        #expect(track.sample(at: .nan) == nil)
    }

    @Test func translationIsTheLatestLocationMinusTheBeganLocation() {
        #expect(track.translation(at: 0.5) == .zero)
        #expect(track.translation(at: 1.0) == .zero)
        #expect(track.translation(at: 1.010) == .zero)
        #expect(track.translation(at: 1.020) == Point(x: 10, y: -5))
        #expect(track.translation(at: 1.040) == Point(x: 30, y: -10))
        // The ended sample's own location counts for translation.
        #expect(track.translation(at: 1.050) == Point(x: 31, y: -11))
        #expect(track.translation(at: 5) == Point(x: 31, y: -11))
    }

    @Test func hysteresisShrinksEachAxisTowardZeroWithoutCrossingIt() {
        // Raw (30, −10) at 1.04 s; 10 pt hysteresis → (20, 0); 25 pt → (5, 0).
        #expect(track.translation(at: 1.040, hysteresis: 10) == Point(x: 20, y: 0))
        #expect(track.translation(at: 1.040, hysteresis: 25) == Point(x: 5, y: 0))
        // Raw (31, −11) → (21, −1) with 10 pt.
        #expect(track.translation(at: 1.050, hysteresis: 10) == Point(x: 21, y: -1))
        // Nonsense hysteresis is ignored rather than trusted.
        #expect(track.translation(at: 1.040, hysteresis: -10) == Point(x: 30, y: -10))
        #expect(track.translation(at: 1.040, hysteresis: .nan) == Point(x: 30, y: -10))
    }

    @Test func durationAndReleaseDescribeTheWholeGesture() throws {
        #expect(isClose(track.duration, 0.050, absolute: 1e-15))
        #expect(track.release?.location == Point(x: 131, y: 189))
        let open = try GestureTrack(samples: [sample(0, 0, 0, .began), sample(0.25, 5, 5)])
        #expect(open.release == nil)
        #expect(open.duration == 0.25)
        let cancelled = try GestureTrack(samples: [sample(0, 0, 0, .began), sample(0.25, 5, 5, .cancelled)])
        #expect(cancelled.release?.phase == .cancelled)
    }

    @Test func phasesAndEstimatorsUseTheirWireNames() {
        #expect(GesturePhase.allCases.filter(\.isTerminal) == [.ended, .cancelled])
        #expect(GesturePhase.allCases.map(\.rawValue) == ["began", "changed", "ended", "cancelled"])
        #expect(VelocityEstimator.standard == .uikit)
        #expect(VelocityEstimator.allCases.map(\.rawValue) == ["uikit", "leastSquares"])
    }
}
