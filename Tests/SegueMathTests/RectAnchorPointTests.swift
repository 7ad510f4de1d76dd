import Testing

@testable import SegueMath

@Suite struct RectAnchorPointTests {
    private let frame = Rect(x: 100, y: 200, width: 80, height: 40)
    private let halfSize = AffineTransform(scaleX: 0.5, y: 0.5)

    @Test func centreAnchorScalingKeepsTheCentre() {
        // Centre (140, 220) stays; size halves to 40 × 20, so the origin is (120, 210).
        let shown = frame.presentationFrame(applying: halfSize)
        #expect(shown == Rect(x: 120, y: 210, width: 40, height: 20))
        #expect(shown.center == frame.center)
    }

    @Test func topLeftAnchorScalingKeepsTheOrigin() {
        let shown = frame.presentationFrame(applying: halfSize, anchorPoint: Point(x: 0, y: 0))
        #expect(shown == Rect(x: 100, y: 200, width: 40, height: 20))
    }

    @Test func bottomRightAnchorScalingKeepsTheBottomRightCorner() {
        // The corner (180, 240) stays; the 40 × 20 rect ends there, so it starts at (140, 220).
        let shown = frame.presentationFrame(applying: halfSize, anchorPoint: Point(x: 1, y: 1))
        #expect(shown == Rect(x: 140, y: 220, width: 40, height: 20))
    }

    @Test func scaleAndTranslateAboutTheCentreFollowSection1Point1() {
        // §1.1: centre (midX + tx, midY + ty), size (sx·w, sy·h). Frame (10, 20, 100, 50) has centre
        // (60, 45); with s = (0.5, 2) and t = (30, −40) the centre is (90, 5) and the size 50 × 100,
        // so the origin is (65, −45).
        let layer = Rect(x: 10, y: 20, width: 100, height: 50)
        let transform = AffineTransform(scaleX: 0.5, y: 2).concatenating(AffineTransform(translationX: 30, y: -40))
        #expect(layer.presentationFrame(applying: transform) == Rect(x: 65, y: -45, width: 50, height: 100))
    }

    @Test func localPointsMapThroughTheAnchor() {
        // Scale 2 then translate (10, 0), centre anchor: p = F.mid + 2·(q − size/2) + (10, 0).
        let transform = AffineTransform(scaleX: 2, y: 2).concatenating(AffineTransform(translationX: 10, y: 0))
        // q = (0, 0): (140, 220) + 2·(−40, −20) + (10, 0) = (70, 180).
        #expect(frame.parentPoint(fromLocal: Point(x: 0, y: 0), applying: transform) == Point(x: 70, y: 180))
        // q = (80, 40): (140, 220) + 2·(40, 20) + (10, 0) = (230, 260).
        #expect(frame.parentPoint(fromLocal: Point(x: 80, y: 40), applying: transform) == Point(x: 230, y: 260))
        // Those two are the presentation frame's corners.
        #expect(frame.presentationFrame(applying: transform) == Rect(x: 70, y: 180, width: 160, height: 80))
    }

    @Test func localPointsMapThroughANonCentreAnchor() {
        // Anchor (0.25, 1): the fixed point is F.origin + (0.25·80, 1·40) = (120, 240).
        // Scale 3: q = (0, 0) → (120, 240) + 3·((0, 0) − (20, 40)) = (60, 120).
        let anchor = Point(x: 0.25, y: 1)
        let tripled = AffineTransform(scaleX: 3, y: 3)
        #expect(frame.parentPoint(fromLocal: .zero, applying: tripled, anchorPoint: anchor) == Point(x: 60, y: 120))
        #expect(
            frame.parentPoint(fromLocal: Point(x: 20, y: 40), applying: tripled, anchorPoint: anchor)
                == Point(x: 120, y: 240)
        )
    }

    @Test func rotationAboutTheCentreTurnsCornersClockwise() {
        // A 100 × 100 square turned a quarter about its centre (50, 50): the local top-left
        // (offset (−50, −50) from the centre) goes to offset (50, −50), the top-right corner.
        let square = Rect(x: 0, y: 0, width: 100, height: 100)
        let quarterTurn = AffineTransform(rotationAngle: Double.pi / 2)
        let rounding = Tolerance(absolute: 1e-12, relative: 0)
        expectClose(square.parentPoint(fromLocal: .zero, applying: quarterTurn), Point(x: 100, y: 0), rounding)
        expectClose(square.presentationFrame(applying: quarterTurn), square, rounding)
    }

    @Test func localPointFromParentUndoesParentPoint() {
        let transform = AffineTransform(scaleX: 0.6, y: 1.7).rotated(by: 0.3).translatedBy(x: -12, y: 33)
        let anchor = Point(x: 0.2, y: 0.9)
        let local = Point(x: 13.5, y: -7.25)
        let parent = frame.parentPoint(fromLocal: local, applying: transform, anchorPoint: anchor)
        let back = frame.localPoint(fromParent: parent, applying: transform, anchorPoint: anchor)
        // A few dozen operations on numbers of a few hundred points: 1e-9 points.
        if let back {
            expectClose(back, local)
        } else {
            Issue.record("an invertible transform must map back")
        }
    }

    @Test func localPointFromParentIsNilForACollapsedLayer() {
        let collapsed = AffineTransform(scaleX: 0, y: 1)
        #expect(frame.localPoint(fromParent: Point(x: 140, y: 220), applying: collapsed) == nil)
    }

    @Test func defaultAnchorPointIsTheCentre() {
        #expect(Rect.defaultAnchorPoint == Point(x: 0.5, y: 0.5))
    }
}
