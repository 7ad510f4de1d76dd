import Testing

@testable import SegueMath

@Suite struct RectTests {
    @Test func edgesAndCentreOfAPositiveRect() {
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(rect.minX == 10)
        #expect(rect.midX == 25)
        #expect(rect.maxX == 40)
        #expect(rect.minY == 20)
        #expect(rect.midY == 40)
        #expect(rect.maxY == 60)
        #expect(rect.center == Point(x: 25, y: 40))
    }

    @Test func negativeSizeExtendsBackwardsLikeCoreGraphics() {
        // Origin (10, 20), size (−30, −40): the rect covers x ∈ [−20, 10], y ∈ [−20, 20].
        let rect = Rect(x: 10, y: 20, width: -30, height: -40)
        #expect(rect.minX == -20)
        #expect(rect.maxX == 10)
        #expect(rect.midX == -5)
        #expect(rect.minY == -20)
        #expect(rect.maxY == 20)
        #expect(rect.midY == 0)
        #expect(rect.standardized == Rect(x: -20, y: -20, width: 30, height: 40))
    }

    @Test func centreInitialiserPutsTheCentreWhereAsked() {
        let rect = Rect(center: Point(x: 50, y: 50), size: Size(width: 20, height: 10))
        #expect(rect == Rect(x: 40, y: 45, width: 20, height: 10))
    }

    @Test func insetMovesEachEdgeByItsOwnAmount() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 50)
        let insets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        // x 0 + 2, y 0 + 1, width 100 − (2 + 4), height 50 − (1 + 3).
        #expect(rect.inset(by: insets) == Rect(x: 2, y: 1, width: 94, height: 46))
        // Negative insets grow the rect.
        #expect(rect.inset(by: EdgeInsets(all: -5)) == Rect(x: -5, y: -5, width: 110, height: 60))
    }

    @Test func insetLargerThanTheRectGivesANegativeSizeAsUIKitDoes() {
        let rect = Rect(x: 0, y: 0, width: 10, height: 10)
        // 10 − (6 + 6) = −2 on both axes, origin moved by 6: plain arithmetic, no error.
        #expect(rect.inset(by: EdgeInsets(all: 6)) == Rect(x: 6, y: 6, width: -2, height: -2))
    }

    @Test func unionIsTheBoundingBoxOfBothRects() {
        let first = Rect(x: 0, y: 0, width: 10, height: 10)
        let second = Rect(x: 20, y: 5, width: 5, height: 20)
        // x from 0 to 25, y from 0 to 25.
        #expect(first.union(second) == Rect(x: 0, y: 0, width: 25, height: 25))
        #expect(second.union(first) == first.union(second))
        // A negative-size rect counts by the area it covers: x ∈ [−10, 0], y ∈ [0, 10].
        let backwards = Rect(x: 0, y: 10, width: -10, height: -10)
        #expect(first.union(backwards) == Rect(x: -10, y: 0, width: 20, height: 10))
    }

    @Test func interpolationMovesOriginAndSizeLinearlyAndSoTheCentre() {
        let start = Rect(x: 0, y: 0, width: 100, height: 50)
        let end = Rect(x: 100, y: 200, width: 50, height: 100)
        let halfway = Rect.interpolate(from: start, to: end, fraction: 0.5)
        expectClose(halfway, Rect(x: 50, y: 100, width: 75, height: 75))
        // §1.2: interpolating origin and size equals interpolating centre and size. The centres
        // are (50, 25) and (125, 250); halfway is (87.5, 137.5).
        expectClose(halfway.center, Point(x: 87.5, y: 137.5))
        #expect(Rect.interpolate(from: start, to: end, fraction: 0) == start)
        #expect(Rect.interpolate(from: start, to: end, fraction: 1) == end)
    }

    @Test func finitenessLooksAtEveryField() {
        #expect(Rect(x: 1, y: 2, width: 3, height: 4).isFinite)
        #expect(!Rect(x: 1, y: 2, width: .nan, height: 4).isFinite)
        #expect(!Rect(x: -.infinity, y: 2, width: 3, height: 4).isFinite)
    }

    @Test func offsetMovesWithoutResizing() {
        #expect(
            Rect(x: 1, y: 2, width: 3, height: 4).offsetBy(dx: 10, dy: -2) == Rect(x: 11, y: 0, width: 3, height: 4))
    }
}
