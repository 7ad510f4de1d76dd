import Testing

@testable import SegueMath

@Suite struct RoundedRectangleTests {
    /// motion-math.md §5.1's symmetric table, typed here from the reference, not read from the code:
    /// (u, v) in multiples of r; u back along the arriving edge, v along the leaving edge.
    private static let table: [(u: Double, v: Double)] = [
        (1.52866483, 0),
        (1.08849299, 0), (0.86840701, 0), (0.66993427, 0.06549600),
        (0.63149399, 0.07491100),
        (0.37282401, 0.16906001), (0.16906001, 0.37282401), (0.07491100, 0.63149399),
        (0.06549600, 0.66993427),
        (0, 0.86840701), (0, 1.08849299), (0, 1.52866483),
    ]

    private let card = Rect(x: 0, y: 0, width: 200, height: 100)

    @Test func publishedConstantsAreTheReferenceTable() {
        #expect(RoundedRectangle.continuousCornerExtent == 1.52866483)
        #expect(RoundedRectangle.continuousCornerPoints.count == Self.table.count)
        for (point, entry) in zip(RoundedRectangle.continuousCornerPoints, Self.table) {
            #expect(point == Point(x: entry.u, y: entry.v))
        }
    }

    @Test func middleCubicEndsOnTheCircleOfSection5Point2() {
        // §5.2: cubic 2 is an arc of radius 0.93125 r centred 0.95 r from both edges. Its ends are
        // table rows 4 and 7; the table has 8 digits, so they agree to about 1e-6.
        for index in [4, 7] {
            let (u, v) = Self.table[index]
            let distance = ((u - 0.95) * (u - 0.95) + (v - 0.95) * (v - 0.95)).squareRoot()
            expectClose(distance, 0.93125, Tolerance(absolute: 1e-6, relative: 0))
        }
    }

    @Test func zeroRadiusIsAPlainRectangle() {
        let expected = "M 0,0 L 200,0 L 200,100 L 0,100 Z"
        #expect(RoundedRectangle(rect: card, cornerRadius: 0, cornerCurve: .continuous).svgPathData == expected)
        #expect(RoundedRectangle(rect: card, cornerRadius: -5, cornerCurve: .circular).svgPathData == expected)
        #expect(RoundedRectangle(rect: card, cornerRadius: .nan, cornerCurve: .continuous).svgPathData == expected)
        #expect(RoundedRectangle(rect: card, cornerRadius: 0).resolvedCornerShape == .square)
    }

    @Test func circularCornersAreExactQuarterArcs() {
        // 100 × 50 with r = 10: straight runs from 10 to 90 and 10 to 40, clockwise arcs between.
        let rounded = RoundedRectangle(rect: Rect(x: 0, y: 0, width: 100, height: 50), cornerRadius: 10)
        let expected =
            "M 10,0 L 90,0 A 10,10 0 0 1 100,10 L 100,40 A 10,10 0 0 1 90,50 "
            + "L 10,50 A 10,10 0 0 1 0,40 L 0,10 A 10,10 0 0 1 10,0 Z"
        #expect(rounded.svgPathData == expected)
    }

    @Test func circularRadiusClampsToHalfTheShortSide() {
        // r = 100 on 100 × 50 clamps to 25: a capsule whose straight sides on the short axis vanish.
        let pill = RoundedRectangle(rect: Rect(x: 0, y: 0, width: 100, height: 50), cornerRadius: 100)
        #expect(pill.resolvedCornerShape == .circular(radius: 25))
        let expected =
            "M 25,0 L 75,0 A 25,25 0 0 1 100,25 L 100,25 A 25,25 0 0 1 75,50 "
            + "L 25,50 A 25,25 0 0 1 0,25 L 0,25 A 25,25 0 0 1 25,0 Z"
        #expect(pill.svgPathData == expected)
    }

    @Test func continuousCornerPointsAreTheTableTimesTheRadius() {
        // 200 × 100, r = 20: well under the limit 50/1.52866483 ≈ 32.7.
        let r = 20.0
        let rounded = RoundedRectangle(rect: card, cornerRadius: r, cornerCurve: .continuous)
        #expect(rounded.resolvedCornerShape == .continuous(radius: r))
        let elements = rounded.pathElements
        // Move, then per corner a line and five segments, then close.
        #expect(elements.count == 1 + 4 * 6 + 1)
        guard elements.count == 26 else { return }

        // Each corner's vertex and how (u, v) turn into rect coordinates, clockwise from top-right.
        let corners: [(name: String, map: (Double, Double) -> Point)] = [
            ("top-right", { u, v in Point(x: 200 - u * r, y: 0 + v * r) }),
            ("bottom-right", { u, v in Point(x: 200 - v * r, y: 100 - u * r) }),
            ("bottom-left", { u, v in Point(x: 0 + u * r, y: 100 - v * r) }),
            ("top-left", { u, v in Point(x: 0 + v * r, y: 0 + u * r) }),
        ]
        #expect(elements.first == .move(to: corners[3].map(0, 1.52866483)))
        for (index, corner) in corners.enumerated() {
            let p = Self.table.map { corner.map($0.u, $0.v) }
            let expected: [PathElement] = [
                .line(to: p[0]),
                .cubic(to: p[3], control1: p[1], control2: p[2]),
                .line(to: p[4]),
                .cubic(to: p[7], control1: p[5], control2: p[6]),
                .line(to: p[8]),
                .cubic(to: p[11], control1: p[9], control2: p[10]),
            ]
            for (offset, element) in expected.enumerated() {
                let actual = elements[1 + index * 6 + offset].points
                #expect(actual.count == element.points.count)
                for (a, e) in zip(actual, element.points) {
                    expectClose(a, e, .points, "\(corner.name) segment \(offset)")
                }
            }
        }
        #expect(elements.last == .close)

        // One control point worked fully by hand: top-right cubic 2, first control:
        // (200 − 0.37282401·20, 0.16906001·20) = (192.5435198, 3.3812002).
        expectClose(elements[4].points[0], Point(x: 192.5435198, y: 3.3812002))
    }

    @Test func continuousPathDataStartsAsComputedByHand() {
        // 20·1.52866483 = 30.5732966 → "30.573297"; 200 − 30.5732966 = 169.4267034 → "169.426703";
        // 200 − 20·1.08849299 = 178.2301402 → "178.23014"; 200 − 20·0.86840701 = 182.6318598 →
        // "182.63186"; (200 − 20·0.66993427, 20·0.065496) = (186.6013146, 1.30992).
        let data = RoundedRectangle(rect: card, cornerRadius: 20, cornerCurve: .continuous).svgPathData
        #expect(data.hasPrefix("M 30.573297,0 L 169.426703,0 C 178.23014,0 182.63186,0 186.601315,1.30992 L "))
        // The top-left corner's last cubic runs along the top edge, (x, y) = (v·r, u·r):
        // 20·0.86840701 = 17.3681402, 20·1.08849299 = 21.7698598, ending back at the start.
        #expect(data.hasSuffix(" C 17.36814,0 21.76986,0 30.573297,0 Z"))
    }

    @Test(arguments: [
        (Rect(x: 0, y: 0, width: 200, height: 100), 20.0),
        (Rect(x: -30, y: 12.5, width: 75, height: 140), 24.0),
        (Rect(x: 10, y: 10, width: 40, height: 40), 13.0),
        (Rect(x: 5, y: -8, width: 390, height: 844), 47.33),
        (Rect(x: 0, y: 0, width: 100, height: 40), 500.0),
    ])
    func everyPointStaysInsideTheRect(rect: Rect, radius: Double) {
        for curve in CornerCurve.allCases {
            for rule in RoundedRectangle.LargeRadiusRule.allCases {
                let rounded = RoundedRectangle(
                    rect: rect, cornerRadius: radius, cornerCurve: curve, largeRadiusRule: rule)
                for point in rounded.pathElements.flatMap(\.points) {
                    #expect(point.x >= rect.minX - 1e-9 && point.x <= rect.maxX + 1e-9, "\(curve) \(rule) \(point)")
                    #expect(point.y >= rect.minY - 1e-9 && point.y <= rect.maxY + 1e-9, "\(curve) \(rule) \(point)")
                }
            }
        }
    }

    @Test(arguments: CornerCurve.allCases)
    func pathStartsOnTheTopEdgeAndEndsWhereItStarted(curve: CornerCurve) {
        let rounded = RoundedRectangle(
            rect: Rect(x: 3, y: 4, width: 120, height: 90), cornerRadius: 15, cornerCurve: curve)
        let elements = rounded.pathElements
        guard case .move(let start) = elements.first, let lastDrawn = elements.dropLast().last?.points.last else {
            Issue.record("expected a move first and a drawing element before the close")
            return
        }
        // The top edge is y = 4; the start is where the top-left corner meets it: 15 or 15·1.52866483.
        let extent = curve == .circular ? 15 : 15 * 1.52866483
        expectClose(start, Point(x: 3 + extent, y: 4))
        expectClose(lastDrawn, start)
        #expect(elements.last == .close)
    }

    @Test func continuousRadiusAtTheLimitStaysContinuous() {
        // 100 × 40: limit = 40/2/1.52866483 = 20/1.52866483.
        let rect = Rect(x: 0, y: 0, width: 100, height: 40)
        let limit = 20 / 1.52866483
        let rounded = RoundedRectangle(rect: rect, cornerRadius: limit, cornerCurve: .continuous)
        expectClose(rounded.continuousRadiusLimit, limit)
        #expect(rounded.resolvedCornerShape == .continuous(radius: limit))
        #expect(
            RoundedRectangle(rect: rect, cornerRadius: 13, cornerCurve: .continuous).resolvedCornerShape
                == .continuous(radius: 13))
    }

    @Test func continuousRadiusAboveTheLimitFallsBackToCircularByDefault() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 40)
        // 20/1.52866483 ≈ 13.08 < 15 ≤ 20 (half the short side): circular with r = 15.
        #expect(
            RoundedRectangle(rect: rect, cornerRadius: 15, cornerCurve: .continuous).resolvedCornerShape
                == .circular(radius: 15))
        // Above half the short side the circular radius clamps too: 20.
        #expect(
            RoundedRectangle(rect: rect, cornerRadius: 30, cornerCurve: .continuous).resolvedCornerShape
                == .circular(radius: 20))
        #expect(
            RoundedRectangle(rect: rect, cornerRadius: .infinity, cornerCurve: .continuous).resolvedCornerShape
                == .circular(radius: 20))
    }

    @Test func clampContinuousRuleKeepsTheSquircleAtTheLimit() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 40)
        let rounded = RoundedRectangle(
            rect: rect, cornerRadius: 30, cornerCurve: .continuous, largeRadiusRule: .clampContinuous)
        let limit = 20 / 1.52866483
        guard case .continuous(let radius) = rounded.resolvedCornerShape else {
            Issue.record("expected continuous corners")
            return
        }
        expectClose(radius, limit)
        // The corners now span 1.52866483·limit = 20 = half the height: the top-right corner ends
        // at (100, 20), exactly where the bottom-right one starts.
        let elements = rounded.pathElements
        guard elements.count == 26 else {
            Issue.record("expected 26 elements, got \(elements.count)")
            return
        }
        expectClose(elements[6].points.last ?? .zero, Point(x: 100, y: 20))
        expectClose(elements[7].points.last ?? .zero, Point(x: 100, y: 20))
    }

    @Test func circularCurveIgnoresTheLargeRadiusRule() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 40)
        for rule in RoundedRectangle.LargeRadiusRule.allCases {
            #expect(
                RoundedRectangle(rect: rect, cornerRadius: 15, largeRadiusRule: rule).resolvedCornerShape
                    == .circular(radius: 15))
        }
    }

    @Test func emptyOrNegativeRectsBehave() {
        // No height: nothing to round; a plain (degenerate) rectangle.
        let line = RoundedRectangle(rect: Rect(x: 0, y: 0, width: 50, height: 0), cornerRadius: 10)
        #expect(line.resolvedCornerShape == .square)
        // A negative size is standardized: (100, 50, −100, −50) is (0, 0, 100, 50).
        let backwards = RoundedRectangle(rect: Rect(x: 100, y: 50, width: -100, height: -50), cornerRadius: 0)
        #expect(backwards.svgPathData == "M 0,0 L 100,0 L 100,50 L 0,50 Z")
    }

    @Test func nonFiniteRectHasNoPath() {
        for rect in [
            Rect(x: .nan, y: 0, width: 10, height: 10),
            Rect(x: 0, y: 0, width: .infinity, height: 10),
            Rect(x: 1e308, y: 0, width: 1e308, height: 10),  // maxX overflows
        ] {
            let rounded = RoundedRectangle(rect: rect, cornerRadius: 4, cornerCurve: .continuous)
            #expect(rounded.pathElements.isEmpty)
            #expect(rounded.svgPathData == "")
        }
    }
}
