import SegueMath
import SegueTestSupport
import Testing

@testable import SegueEngine

/// `GestureTrack.appending` checks only the new samples, against the one before them: on
/// generated tracks that try every rule (phases in any order, a second stroke with and without
/// leave, times equal, earlier, not finite or too large, locations the same, counts at the cap),
/// it gives the very track, or the very error, that checking the whole again gives.
@Suite struct GestureTrackAppendingTests {
    /// A sample that is mostly well-formed, sometimes breaking one rule.
    static func sample(after previous: GestureSample?, _ random: inout SeededGenerator) -> GestureSample {
        let phases: [GesturePhase] = [
            .changed, .changed, .changed, .changed, .changed, .changed, .began, .ended, .cancelled,
        ]
        var phase = phases[Int(random.next() % UInt64(phases.count))]
        if previous == nil && random.next() % 4 != 0 { phase = .began }
        let last = previous?.time ?? 0
        let times = [
            last + 1.0 / 120, last + 1.0 / 60, last, last - 0.01, .nan, .infinity, 2e15, last + 1e-9,
        ]
        let time = random.next() % 8 == 0 ? times[Int(random.next() % UInt64(times.count))] : times[0]
        let coordinates = [100.0, -3, .nan, -.infinity, 2e15, 1e15]
        let x = random.next() % 16 == 0 ? coordinates[Int(random.next() % UInt64(coordinates.count))] : 50
        let y = random.next() % 16 == 0 ? coordinates[Int(random.next() % UInt64(coordinates.count))] : 60
        return GestureSample(time: time, location: Point(x: x, y: y), phase: phase)
    }

    static func samples(_ count: Int, after previous: GestureSample?, _ random: inout SeededGenerator)
        -> [GestureSample]
    {
        var out: [GestureSample] = []
        var last = previous
        for _ in 0..<count {
            let next = sample(after: last, &random)
            out.append(next)
            if next.time.isFinite { last = next }
        }
        return out
    }

    /// Whole against incremental, over 4 000 generated pairs per seed.
    @Test(arguments: 0..<8) func appendingIsCheckingTheWholeTrack(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var compared = 0
        var extended = 0
        for _ in 0..<4_000 {
            let multiple = random.next() % 2 == 0
            let limit = [4, 8, 64, .max][Int(random.next() % 4)]
            let prefix = Self.samples(Int(random.next() % 6) + 1, after: nil, &random)
            guard
                let held = try? GestureTrack(
                    samples: prefix, maximumSampleCount: limit, allowsMultipleStrokes: random.next() % 3 != 0)
            else { continue }
            let more = Self.samples(Int(random.next() % 5), after: prefix.last, &random)
            let whole: Result<GestureTrack, GestureValidationError>
            do throws(GestureValidationError) {
                whole = .success(
                    try GestureTrack(samples: prefix + more, maximumSampleCount: limit, allowsMultipleStrokes: multiple)
                )
            } catch {
                whole = .failure(error)
            }
            let appended: Result<GestureTrack, GestureValidationError>
            do throws(GestureValidationError) {
                appended = .success(
                    try held.appending(more, maximumSampleCount: limit, allowsMultipleStrokes: multiple))
            } catch {
                appended = .failure(error)
            }
            #expect(appended == whole, "\(prefix) + \(more), limit \(limit), multiple \(multiple)")
            compared += 1
            if case .success = whole, !more.isEmpty { extended += 1 }
        }
        // The generator must reach both answers often, or the comparison proves little.
        #expect(compared > 1_000 && extended > 200 && compared - extended > 200, "\(compared), \(extended)")
    }
}
