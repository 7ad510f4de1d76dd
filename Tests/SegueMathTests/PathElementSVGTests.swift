import Testing

@testable import SegueMath

/// SVG path data: each element's command, numbers written by `PathElement.svgNumberText`
/// (whose rounding `DecimalTextTests` covers).
@Suite struct PathElementSVGTests {
    @Test func pathDataJoinsCommandsWithSpaces() {
        let elements: [PathElement] = [
            .move(to: Point(x: 1, y: 2)),
            .line(to: Point(x: 3.5, y: -0.0)),
            .cubic(to: Point(x: 9, y: 10), control1: Point(x: 5, y: 6), control2: Point(x: 7, y: 8)),
            .arc(to: Point(x: 0, y: 0), radius: 2.25),
            .close,
        ]
        #expect(PathElement.svgPathData(for: elements) == "M 1,2 L 3.5,0 C 5,6 7,8 9,10 A 2.25,2.25 0 0 1 0,0 Z")
    }

    /// Coordinates are rounded to a millionth of a point, half away from zero.
    @Test func coordinatesAreRoundedToAMillionth() {
        let elements: [PathElement] = [.line(to: Point(x: 30.5732966, y: -9.9999996)), .arc(to: .zero, radius: 1e-7)]
        #expect(PathElement.svgPathData(for: elements) == "L 30.573297,-10 A 0,0 0 0 1 0,0")
    }
}
