import Testing

@testable import SegueMath

/// How far a computed number may be from the expected one: it passes when the difference is within
/// `absolute` or within `relative` times the larger magnitude. Each test names its own tolerance
/// and says why it is that size.
struct Tolerance: CustomStringConvertible {
    var absolute: Double
    var relative: Double

    /// For hand-computed geometry of a few hundred points: a billionth of a point, or 1e-12
    /// relative, both far above Double rounding on a handful of operations and far below anything
    /// visible.
    static let points = Tolerance(absolute: 1e-9, relative: 1e-12)

    func accepts(_ actual: Double, _ expected: Double) -> Bool {
        if actual == expected { return true }
        let difference = abs(actual - expected)
        return difference <= absolute || difference <= relative * max(abs(actual), abs(expected))
    }

    var description: String { "abs \(absolute), rel \(relative)" }
}

func expectClose(
    _ actual: Double, _ expected: Double, _ tolerance: Tolerance = .points, _ what: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        tolerance.accepts(actual, expected),
        "\(what) \(actual) is not \(expected) within \(tolerance)",
        sourceLocation: sourceLocation
    )
}

func expectClose(
    _ actual: Point, _ expected: Point, _ tolerance: Tolerance = .points, _ what: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        tolerance.accepts(actual.x, expected.x) && tolerance.accepts(actual.y, expected.y),
        "\(what) \(actual) is not \(expected) within \(tolerance)",
        sourceLocation: sourceLocation
    )
}

func expectClose(
    _ actual: Rect, _ expected: Rect, _ tolerance: Tolerance = .points, _ what: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let fields = [
        (actual.x, expected.x), (actual.y, expected.y), (actual.width, expected.width),
        (actual.height, expected.height),
    ]
    #expect(
        fields.allSatisfy { tolerance.accepts($0.0, $0.1) },
        "\(what) \(actual) is not \(expected) within \(tolerance)",
        sourceLocation: sourceLocation
    )
}

/// Compares the linear part (a, b, c, d) and the translation (tx, ty) with separate tolerances,
/// because translations are in points and can be much larger than the unitless entries.
func expectClose(
    _ actual: AffineTransform, _ expected: AffineTransform, linear: Tolerance = .points,
    translation: Tolerance = .points, _ what: String = "", sourceLocation: SourceLocation = #_sourceLocation
) {
    let linearFields = [(actual.a, expected.a), (actual.b, expected.b), (actual.c, expected.c), (actual.d, expected.d)]
    let translationFields = [(actual.tx, expected.tx), (actual.ty, expected.ty)]
    #expect(
        linearFields.allSatisfy { linear.accepts($0.0, $0.1) }
            && translationFields.allSatisfy { translation.accepts($0.0, $0.1) },
        "\(what) \(actual) is not \(expected) within linear \(linear), translation \(translation)",
        sourceLocation: sourceLocation
    )
}
