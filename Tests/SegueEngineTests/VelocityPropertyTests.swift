import SegueMath
import SegueTestSupport
import Testing

@testable import SegueEngine

/// Seeded property tests: many generated gestures, one fixed seed each, so failures reproduce.
@Suite struct VelocityPropertyTests {
    /// A component speed in ±[20, 5000] pt/s, so a relative tolerance is meaningful.
    private func speed(_ random: inout SeededGenerator) -> Double {
        let magnitude = Double.random(in: 20...5000, using: &random)
        return Bool.random(using: &random) ? magnitude : -magnitude
    }

    @Test func linearMotionGivesTheExactVelocityToBothEstimators() throws {
        var random = SeededGenerator(seed: 0x5E6E_0001)
        for _ in 0..<300 {
            let velocity = Point(x: speed(&random), y: speed(&random))
            let start = Point(
                x: Double.random(in: -1000...1000, using: &random), y: Double.random(in: -1000...1000, using: &random))
            let startTime = Double.random(in: 0...1000, using: &random)
            let count = Int.random(in: 3...40, using: &random)
            var time = startTime
            var samples: [GestureSample] = []
            for index in 0...count {
                let location = start + velocity * (time - startTime)
                let phase: GesturePhase = index == 0 ? .began : index == count ? .ended : .changed
                samples.append(GestureSample(time: time, location: location, phase: phase))
                time += Double.random(in: 0.004...0.020, using: &random)
            }
            let track = try GestureTrack(samples: samples)
            for estimator in VelocityEstimator.allCases {
                let estimate = track.velocity(using: estimator)
                #expect(
                    isClose(estimate.velocity, velocity, relative: 1e-9),
                    "\(estimator): \(estimate.velocity) for \(velocity) over \(count) samples")
            }
        }
    }

    @Test func quadraticMotionGivesTheExactSlopeToLeastSquares() throws {
        var random = SeededGenerator(seed: 0x5E6E_0002)
        for _ in 0..<300 {
            let b = speed(&random)
            let c = Double.random(in: -20_000...20_000, using: &random)
            let a = Double.random(in: -500...500, using: &random)
            var time = Double.random(in: 0...10, using: &random)
            var samples: [GestureSample] = []
            for index in 0..<Int.random(in: 3...30, using: &random) {
                let x = a + b * time + c * time * time
                samples.append(
                    GestureSample(time: time, location: Point(x: x, y: -x), phase: index == 0 ? .began : .changed))
                time += Double.random(in: 0.004...0.012, using: &random)
            }
            let newest = try #require(samples.last).time
            let slope = b + 2 * c * newest
            let estimate = try GestureTrack(samples: samples).velocity(using: .leastSquares)
            // Scale of the terms that cancel in the slope, for an absolute floor.
            let scale = abs(b) + abs(2 * c * newest)
            #expect(isClose(estimate.velocity.x, slope, absolute: 1e-9 * scale, relative: 1e-9))
            #expect(isClose(estimate.velocity.y, -slope, absolute: 1e-9 * scale, relative: 1e-9))
        }
    }

    @Test func anyValidTrackGivesFiniteVelocities() throws {
        // Extreme but valid input: steps from 1e-12 s to 50 ms, coordinates up to the 1e15 limit.
        var random = SeededGenerator(seed: 0x5E6E_0003)
        let steps = [1e-12, 1e-9, 1e-6, 1e-3, 0.01, 0.04, 0.05]
        for _ in 0..<300 {
            var time = Double.random(in: 0...100, using: &random)
            var samples: [GestureSample] = []
            let count = Int.random(in: 1...30, using: &random)
            for index in 0..<count {
                let limit = GestureTrack.largestMagnitude
                let location = Point(
                    x: Double.random(in: -limit...limit, using: &random),
                    y: Double.random(in: -1...1, using: &random))
                let phase: GesturePhase = index == 0 ? .began : index == count - 1 ? .ended : .changed
                samples.append(GestureSample(time: time, location: location, phase: phase))
                time += steps.randomElement(using: &random) ?? 0.01
            }
            let track = try GestureTrack(samples: samples)
            for estimator in VelocityEstimator.allCases {
                #expect(track.velocity(using: estimator).velocity.isFinite)
                #expect(track.velocity(at: track.began.time + 0.02, using: estimator).velocity.isFinite)
            }
        }
    }
}
