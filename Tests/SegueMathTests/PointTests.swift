import Testing

@testable import SegueMath

@Suite struct PointTests {
    @Test func interpolationHitsBothEndpointsExactly() {
        let start = Point(x: 1.1, y: -2.7)
        let end = Point(x: 5.3, y: 1e-3)
        #expect(Point.interpolate(from: start, to: end, fraction: 0) == start)
        #expect(Point.interpolate(from: start, to: end, fraction: 1) == end)
    }

    @Test func interpolationIsLinearAndExtrapolatesBeyondOne() {
        let start = Point(x: 1, y: 2)
        let end = Point(x: 5, y: -6)
        // A quarter of the way: (1 + 4/4, 2 − 8/4).
        expectClose(Point.interpolate(from: start, to: end, fraction: 0.25), Point(x: 2, y: 0))
        // A spring overshooting to 1.5: (1 + 1.5·4, 2 − 1.5·8).
        expectClose(Point.interpolate(from: start, to: end, fraction: 1.5), Point(x: 7, y: -10))
        // Undershooting to −0.5: (1 − 2, 2 + 4).
        expectClose(Point.interpolate(from: start, to: end, fraction: -0.5), Point(x: -1, y: 6))
    }

    @Test func finitenessRejectsNaNAndInfinity() {
        #expect(Point(x: 0, y: -3).isFinite)
        #expect(!Point(x: .nan, y: 0).isFinite)
        #expect(!Point(x: 0, y: -.infinity).isFinite)
    }
}

@Suite struct SizeTests {
    @Test func interpolationIsLinearInWidthAndHeight() {
        let start = Size(width: 10, height: 20)
        let end = Size(width: 30, height: 0)
        expectClose(Size.interpolate(from: start, to: end, fraction: 0.5).width, 20)
        expectClose(Size.interpolate(from: start, to: end, fraction: 0.5).height, 10)
        #expect(Size.interpolate(from: start, to: end, fraction: 0) == start)
        #expect(Size.interpolate(from: start, to: end, fraction: 1) == end)
    }

    @Test func finitenessRejectsNaNAndInfinity() {
        #expect(Size(width: 1, height: 0).isFinite)
        #expect(!Size(width: .infinity, height: 0).isFinite)
        #expect(!Size(width: 1, height: .nan).isFinite)
    }
}
