import SegueEngine
import SegueMath

/// A sample at `time` seconds and (`x`, `y`) window points.
func sample(_ time: Double, _ x: Double, _ y: Double, _ phase: GesturePhase = .changed) -> GestureSample {
    GestureSample(time: time, location: Point(x: x, y: y), phase: phase)
}

/// Whether `actual` is within `absolute`, or within `relative` of the larger magnitude, of `expected`.
func isClose(_ actual: Double, _ expected: Double, absolute: Double = 0, relative: Double = 0) -> Bool {
    abs(actual - expected) <= max(absolute, relative * max(abs(actual), abs(expected)))
}

/// Both components close, with the same tolerances.
func isClose(_ actual: Point, _ expected: Point, absolute: Double = 0, relative: Double = 0) -> Bool {
    isClose(actual.x, expected.x, absolute: absolute, relative: relative)
        && isClose(actual.y, expected.y, absolute: absolute, relative: relative)
}

/// The (index, field) pairs of a validation failure, for comparing with an expected list.
struct IssueLocation: Hashable, CustomStringConvertible {
    var index: Int?
    var field: String?

    init(_ index: Int?, _ field: String?) {
        self.index = index
        self.field = field
    }

    var description: String { "(\(index.map(String.init) ?? "nil"), \(field ?? "nil"))" }
}

/// The issues that validating `samples` reports, or nil if they are valid.
func validationIssues(_ samples: [GestureSample], maximumSampleCount: Int = GestureTrack.defaultMaximumSampleCount)
    -> [GestureValidationError.Issue]?
{
    do throws(GestureValidationError) {
        _ = try GestureTrack(samples: samples, maximumSampleCount: maximumSampleCount)
        return nil
    } catch {
        return error.issues
    }
}

/// SplitMix64: a small seeded generator, so property tests are reproducible.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
