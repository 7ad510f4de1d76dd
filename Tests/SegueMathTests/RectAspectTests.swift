import SegueTestSupport
import Testing

@testable import SegueMath

@Suite struct RectAspectTests {
    private let square = Rect(x: 0, y: 0, width: 200, height: 200)
    private let landscape = Size(width: 400, height: 300)
    private let portrait = Size(width: 300, height: 400)

    @Test func fitOfWideContentTouchesLeftAndRight() {
        // k = min(200/400, 200/300) = 0.5 → 200 × 150, centred vertically: y = (200 − 150)/2 = 25.
        #expect(Rect.aspectFit(landscape, in: square) == Rect(x: 0, y: 25, width: 200, height: 150))
    }

    @Test func fitOfTallContentTouchesTopAndBottom() {
        // Bounds (10, 20, 200, 100): k = min(200/300, 100/400) = 0.25 → 75 × 100,
        // x = 10 + (200 − 75)/2 = 72.5.
        let bounds = Rect(x: 10, y: 20, width: 200, height: 100)
        #expect(Rect.aspectFit(portrait, in: bounds) == Rect(x: 72.5, y: 20, width: 75, height: 100))
    }

    @Test func fillOfWideContentTouchesTopAndBottomAndOverhangsSideways() {
        // k = max(0.5, 2/3) = 2/3 → 800/3 × 200, x = 100 − 400/3 = −100/3.
        let filled = Rect.aspectFill(landscape, in: square)
        expectClose(filled, Rect(x: -100.0 / 3, y: 0, width: 800.0 / 3, height: 200))
    }

    @Test func fillOfTallContentTouchesLeftAndRight() {
        // Bounds 200 × 100: k = max(200/300, 100/400) = 2/3 → 200 × 800/3, y = 50 − 400/3.
        let bounds = Rect(x: 0, y: 0, width: 200, height: 100)
        expectClose(Rect.aspectFill(portrait, in: bounds), Rect(x: 0, y: 50 - 400.0 / 3, width: 200, height: 800.0 / 3))
    }

    /// Over generated sizes (content and bounds from 1 to 2000 points, bounds anywhere within
    /// ±1000): fit lies inside and touches on one axis, fill covers and touches on one axis, both
    /// keep the content's aspect ratio and the bounds' centre. Tolerances: 1e-9 points absolute for
    /// edges (values up to a few thousand points), 1e-12 relative for the ratio.
    @Test func fitIsInsideAndFillCoversOverGeneratedSizes() {
        var generator = SeededGenerator(seed: 0x5E6E_0003)
        let ratio = Tolerance(absolute: 0, relative: 1e-12)
        for _ in 0..<500 {
            let content = Size(
                width: .random(in: 1...2000, using: &generator), height: .random(in: 1...2000, using: &generator))
            let bounds = Rect(
                x: .random(in: -1000...1000, using: &generator), y: .random(in: -1000...1000, using: &generator),
                width: .random(in: 1...2000, using: &generator), height: .random(in: 1...2000, using: &generator)
            )
            let edge = Tolerance.points

            let fit = Rect.aspectFit(content, in: bounds)
            #expect(fit.minX >= bounds.minX - 1e-9 && fit.maxX <= bounds.maxX + 1e-9)
            #expect(fit.minY >= bounds.minY - 1e-9 && fit.maxY <= bounds.maxY + 1e-9)
            let fitTouchesSides = edge.accepts(fit.minX, bounds.minX) && edge.accepts(fit.maxX, bounds.maxX)
            let fitTouchesEnds = edge.accepts(fit.minY, bounds.minY) && edge.accepts(fit.maxY, bounds.maxY)
            #expect(fitTouchesSides || fitTouchesEnds)
            expectClose(fit.width / fit.height, content.width / content.height, ratio, "fit ratio")
            expectClose(fit.center, bounds.center)

            let fill = Rect.aspectFill(content, in: bounds)
            #expect(fill.minX <= bounds.minX + 1e-9 && fill.maxX >= bounds.maxX - 1e-9)
            #expect(fill.minY <= bounds.minY + 1e-9 && fill.maxY >= bounds.maxY - 1e-9)
            let fillTouchesSides = edge.accepts(fill.minX, bounds.minX) && edge.accepts(fill.maxX, bounds.maxX)
            let fillTouchesEnds = edge.accepts(fill.minY, bounds.minY) && edge.accepts(fill.maxY, bounds.maxY)
            #expect(fillTouchesSides || fillTouchesEnds)
            expectClose(fill.width / fill.height, content.width / content.height, ratio, "fill ratio")
            expectClose(fill.center, bounds.center)
        }
    }

    @Test func contentWithoutAnAspectRatioGivesAnEmptyRectAtTheCentre() {
        let bounds = Rect(x: 10, y: 20, width: 100, height: 60)
        let centre = Rect(x: 60, y: 50, width: 0, height: 0)
        #expect(Rect.aspectFit(Size(width: 0, height: 10), in: bounds) == centre)
        #expect(Rect.aspectFill(Size(width: 10, height: 0), in: bounds) == centre)
        #expect(Rect.aspectFill(Size(width: -10, height: 5), in: bounds) == centre)
        #expect(Rect.seedAspectFitWithInvertedRatio(.zero, in: bounds) == centre)
    }

    @Test func nonFiniteInputGivesAllNaN() {
        let bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        for result in [
            Rect.aspectFit(Size(width: .nan, height: 1), in: bounds),
            Rect.aspectFill(Size(width: 1, height: 1), in: Rect(x: 0, y: 0, width: .infinity, height: 1)),
            Rect.seedAspectFitWithInvertedRatio(Size(width: .infinity, height: 1), in: bounds),
        ] {
            #expect(result.x.isNaN && result.y.isNaN && result.width.isNaN && result.height.isNaN)
        }
    }

    @Test func negativeBoundsAreStandardizedFirst() {
        // (200, 200, −200, −200) covers the same area as (0, 0, 200, 200).
        let backwards = Rect(x: 200, y: 200, width: -200, height: -200)
        #expect(Rect.aspectFit(landscape, in: backwards) == Rect(x: 0, y: 25, width: 200, height: 150))
    }

    @Test func seedFitWidthBranchUsesTheInvertedRatio() {
        // §2.5: ρ = 400/300 = 4/3 and ρF = 1 < ρ, so "fit width": width 200 and the buggy height
        // 200·ρ = 800/3 (correct: 200/ρ = 150), centred vertically: y = (200 − 800/3)/2 = −100/3.
        let seed = Rect.seedAspectFitWithInvertedRatio(landscape, in: square)
        expectClose(seed, Rect(x: 0, y: -100.0 / 3, width: 200, height: 800.0 / 3))
        #expect(seed != Rect.aspectFit(landscape, in: square))
        // The bug makes the "fit" overflow the bounds it should fit in.
        #expect(seed.height > square.height)
    }

    @Test func seedFitHeightBranchUsesTheInvertedRatio() {
        // ρ = 300/400 = 0.75 and ρF = 1 ≥ ρ, so "fit height": height 200 and the buggy width
        // 200·(400/300) = 800/3 (correct: 200·0.75 = 150), centred horizontally: x = −100/3.
        let seed = Rect.seedAspectFitWithInvertedRatio(portrait, in: square)
        expectClose(seed, Rect(x: -100.0 / 3, y: 0, width: 800.0 / 3, height: 200))
        expectClose(Rect.aspectFit(portrait, in: square), Rect(x: 25, y: 0, width: 150, height: 200))
    }

    @Test func seedFitIsRightForSquareContent() {
        // Square content hides the bug: in (10, 20, 300, 200) both give 200 × 200 at x = 60.
        let bounds = Rect(x: 10, y: 20, width: 300, height: 200)
        let squareContent = Size(width: 100, height: 100)
        let expected = Rect(x: 60, y: 20, width: 200, height: 200)
        #expect(Rect.seedAspectFitWithInvertedRatio(squareContent, in: bounds) == expected)
        #expect(Rect.aspectFit(squareContent, in: bounds) == expected)
    }

    /// §2.5's key identity: with A = aspect-fill transform of parent P so child C covers X, the
    /// correct fit of X's shape into C, carried through A, lands exactly on X. The seed's fit does
    /// not when X is not square.
    @Test func correctFitCarriedThroughTheFillTransformLandsOnTheTarget() {
        let parent = Rect(x: 0, y: 0, width: 390, height: 844)
        let child = Rect(x: 0, y: 100, width: 390, height: 390)
        let target = Rect(x: 20, y: 300, width: 120, height: 80)
        let fill = AffineTransform.transform(parent: parent, suchThatChild: child, aspectFills: target)

        // Fit 120 × 80 into 390 × 390: k = min(3.25, 4.875) = 3.25 → 390 × 260 at y = 100 + 65.
        let mask = Rect.aspectFit(target.size, in: child)
        #expect(mask == Rect(x: 0, y: 165, width: 390, height: 260))
        expectClose(carry(mask, through: fill, on: parent), target)

        let seedMask = Rect.seedAspectFitWithInvertedRatio(target.size, in: child)
        let seedLanding = carry(seedMask, through: fill, on: parent)
        #expect(!Tolerance.points.accepts(seedLanding.height, target.height))
    }

    /// Where a rect given in the parent's coordinates appears once the layer with frame `layer`
    /// carries `transform` about its centre: its two corners, mapped as local points.
    private func carry(_ rect: Rect, through transform: AffineTransform, on layer: Rect) -> Rect {
        let topLeft = layer.parentPoint(
            fromLocal: Point(x: rect.minX - layer.minX, y: rect.minY - layer.minY), applying: transform)
        let bottomRight = layer.parentPoint(
            fromLocal: Point(x: rect.maxX - layer.minX, y: rect.maxY - layer.minY), applying: transform)
        return Rect(x: topLeft.x, y: topLeft.y, width: bottomRight.x - topLeft.x, height: bottomRight.y - topLeft.y)
    }
}
