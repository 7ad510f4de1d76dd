import Testing

@testable import SegueMath

@Suite struct SVGNumberTests {
    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (1.0, "1"), (-2.5, "-2.5"), (0.1, "0.1"), (200.0, "200"),
        (1.23456789, "1.234568"), (0.000001, "0.000001"), (-0.00001, "-0.00001"),
        (1e-7, "0"), (-4e-7, "0"), (123456.0000001, "123456"), (30.5732966, "30.573297"),
        (9.9999996, "10"), (-9.9999996, "-10"),
    ])
    func roundsToSixDecimalsAndWritesShortest(value: Double, expected: String) {
        #expect(SVGNumber.string(for: value) == expected)
    }

    @Test func hugeMagnitudesFallBackToTheShortestDescription() {
        #expect(SVGNumber.string(for: 1e12) == "1000000000000")
        #expect(SVGNumber.string(for: 1e16) == "1e+16")
        #expect(SVGNumber.string(for: -1e300) == "-1e+300")
    }

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
}
