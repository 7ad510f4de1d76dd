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
