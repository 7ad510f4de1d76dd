import Testing

@testable import SegueMath

/// The seeds' helpers (seed-transitions.md §2.1–§2.3), each checked against a worked example.
@Suite struct AffineTransformSeedHelperTests {
    private let parent = Rect(x: 0, y: 0, width: 400, height: 800)
    private let child = Rect(x: 0, y: 100, width: 400, height: 300)

    @Test func matchesScalesEachAxisAndMapsTheChildOntoTheTarget() {
        // §2.1 with A = (20, 500, 100, 150): sx = 100/400 = 0.25, sy = 150/300 = 0.5.
        // P.mid = (200, 400), C.mid = (200, 250), A.mid = (70, 575).
        // t = (70 − 200, 575 − 400) + ((200 − 200)·0.25, (400 − 250)·0.5) = (−130, 175) + (0, 75).
        let target = Rect(x: 20, y: 500, width: 100, height: 150)
        let transform = AffineTransform.transform(parent: parent, suchThatChild: child, matches: target)
        #expect(transform == AffineTransform(a: 0.25, b: 0, c: 0, d: 0.5, tx: -130, ty: 250))
        // The child's corners, as local points of the parent layer, land on the target's corners.
        #expect(parent.parentPoint(fromLocal: Point(x: 0, y: 100), applying: transform) == Point(x: 20, y: 500))
        #expect(parent.parentPoint(fromLocal: Point(x: 400, y: 400), applying: transform) == Point(x: 120, y: 650))
    }

    @Test func aspectFillsScalesUniformlyAndCentresTheChildOnTheTarget() {
        // §2.2 with A = (20, 500, 100, 100): A's ratio 1 < C's 4/3, so s = A.h/C.h = 1/3, which is
        // max(100/400, 100/300). t = (70 − 200, 550 − 400) + (1/3)·(0, 400 − 250) = (−130, 200).
        let target = Rect(x: 20, y: 500, width: 100, height: 100)
        let transform = AffineTransform.transform(parent: parent, suchThatChild: child, aspectFills: target)
        expectClose(transform, AffineTransform(a: 1.0 / 3, b: 0, c: 0, d: 1.0 / 3, tx: -130, ty: 200))
        // §2.2's check: P.mid + s·(C.mid − P.mid) + t = A.mid = (70, 550).
        expectClose(parent.parentPoint(fromLocal: child.center, applying: transform), target.center)
        // The scaled child, 400/3 × 100, covers the 100 × 100 target and touches it vertically.
        let topLeft = parent.parentPoint(fromLocal: Point(x: 0, y: 100), applying: transform)
        let bottomRight = parent.parentPoint(fromLocal: Point(x: 400, y: 400), applying: transform)
        #expect(topLeft.x <= target.minX && bottomRight.x >= target.maxX)
        expectClose(topLeft.y, target.minY)
        expectClose(bottomRight.y, target.maxY)
    }

    @Test func aspectFillsPicksTheWidthScaleForAWideTarget() {
        // A = (0, 0, 300, 100), ratio 3 ≥ 4/3, so s = A.w/C.w = 0.75 = max(0.75, 1/3).
        // t = (150 − 200, 50 − 400) + 0.75·(0, 150) = (−50, −237.5).
        let target = Rect(x: 0, y: 0, width: 300, height: 100)
        let transform = AffineTransform.transform(parent: parent, suchThatChild: child, aspectFills: target)
        #expect(transform == AffineTransform(a: 0.75, b: 0, c: 0, d: 0.75, tx: -50, ty: -237.5))
    }

    @Test func originalFrameToTargetFrameScalesByWidthAndMovesTheCentre() {
        // §2.3: O = (0, 0, 100, 50), T = (200, 300, 300, 150): s = 300/100 = 3,
        // t = (350, 375) − (50, 25) = (300, 350).
        let original = Rect(x: 0, y: 0, width: 100, height: 50)
        let target = Rect(x: 200, y: 300, width: 300, height: 150)
        let transform = AffineTransform.transform(originalFrame: original, toTargetFrame: target)
        #expect(transform == AffineTransform(a: 3, b: 0, c: 0, d: 3, tx: 300, ty: 350))
        // About the centre anchor, the layer then shows exactly at T.
        #expect(original.presentationFrame(applying: transform) == target)
    }

    @Test func originalFrameToTargetFrameIgnoresTheHeightAsTheSeedDoes() {
        // Different aspect ratios: s comes from the widths only (200/100 = 2), so a 100 × 50
        // frame shows as 200 × 100 even though the target is 200 × 300.
        let transform = AffineTransform.transform(
            originalFrame: Rect(x: 0, y: 0, width: 100, height: 50),
            toTargetFrame: Rect(x: 0, y: 0, width: 200, height: 300)
        )
        #expect(transform.a == 2 && transform.d == 2)
    }

    @Test func degenerateChildGivesNonFiniteScalesWithoutTrapping() {
        let flat = Rect(x: 0, y: 0, width: 0, height: 0)
        let transform = AffineTransform.transform(parent: parent, suchThatChild: flat, matches: child)
        #expect(!transform.isFinite)
        #expect(!transform.isInvertible)
    }
}
