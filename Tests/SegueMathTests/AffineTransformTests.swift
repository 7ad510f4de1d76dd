import SegueTestSupport
import Testing

@testable import SegueMath

@Suite struct AffineTransformTests {
    /// An offset from a layer's centre, used for the composition examples of seed-transitions §1.1.
    private let offset = Point(x: 5, y: 7)

    @Test func basicTransformsMovePointsByTheCoreGraphicsFormula() {
        // x' = a·x + c·y + tx, y' = b·x + d·y + ty.
        #expect(AffineTransform(translationX: 3, y: 4).apply(to: Point(x: 1, y: 1)) == Point(x: 4, y: 5))
        #expect(AffineTransform(scaleX: 2, y: 3).apply(to: Point(x: 1, y: 1)) == Point(x: 2, y: 3))
        let general = AffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        // (1·10 + 3·20 + 5, 2·10 + 4·20 + 6) = (75, 106).
        #expect(general.apply(to: Point(x: 10, y: 20)) == Point(x: 75, y: 106))
    }

    @Test func positiveRotationTurnsClockwiseOnAYDownScreen() {
        // A quarter turn takes +x (right) to +y (down) and +y to −x. cos(π/2) is not exactly 0
        // in Double (about 6e-17), so allow 1e-15.
        let quarterTurn = AffineTransform(rotationAngle: Double.pi / 2)
        let tight = Tolerance(absolute: 1e-15, relative: 0)
        expectClose(quarterTurn.apply(to: Point(x: 1, y: 0)), Point(x: 0, y: 1), tight)
        expectClose(quarterTurn.apply(to: Point(x: 0, y: 1)), Point(x: -1, y: 0), tight)
    }

    @Test func identityIsRecognisedOnlyWhenExact() {
        #expect(AffineTransform.identity.isIdentity)
        #expect(AffineTransform(translationX: 0, y: 0).isIdentity)
        #expect(AffineTransform(scaleX: 1, y: 1).isIdentity)
        #expect(!AffineTransform(translationX: 1e-300, y: 0).isIdentity)
        #expect(AffineTransform.identity.apply(to: Point(x: 3, y: -4)) == Point(x: 3, y: -4))
    }

    @Test func concatenatingAppliesTheReceiverFirst() {
        let scale = AffineTransform(scaleX: 2, y: 2)
        let translate = AffineTransform(translationX: 10, y: 0)
        let point = Point(x: 1, y: 0)
        // Scale then translate: 2·1 + 10 = 12. Translate then scale: 2·(1 + 10) = 22.
        #expect(scale.concatenating(translate).apply(to: point) == Point(x: 12, y: 0))
        #expect(translate.concatenating(scale).apply(to: point) == Point(x: 22, y: 0))
    }

    @Test func translatedByTranslatesFirstSoTheTranslationIsScaled() {
        // §1.1: scale(2).translatedBy(10, 0) maps an offset d to 2·(d + 10): (5, 7) → (30, 14).
        let transform = AffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)
        #expect(transform.apply(to: offset) == Point(x: 30, y: 14))
        // …and is the same transform as translate(10, 0).concatenating(scale(2)).
        let spelledOut = AffineTransform(translationX: 10, y: 0).concatenating(AffineTransform(scaleX: 2, y: 2))
        #expect(transform == spelledOut)
        // Its components: a = d = 2, tx = 2·10 = 20.
        #expect(transform == AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 20, ty: 0))
    }

    @Test func scaleThenTranslateMovesTheCentreByTheUnscaledTranslation() {
        // §1.1: scale(s).concatenating(translate(t)) maps d to s·d + t: 2·(5, 7) + (10, 0) = (20, 14).
        let transform = AffineTransform(scaleX: 2, y: 2).concatenating(AffineTransform(translationX: 10, y: 0))
        #expect(transform.apply(to: offset) == Point(x: 20, y: 14))
    }

    @Test func scaledByScalesFirst() {
        // translate(10, 0).scaledBy(2, 3) maps d to (2·dx + 10, 3·dy): (5, 7) → (20, 21).
        let transform = AffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 3)
        #expect(transform.apply(to: offset) == Point(x: 20, y: 21))
    }

    @Test func rotatedByRotatesFirst() {
        // translate(10, 0).rotated(by: π/2) takes (1, 0) to (0, 1), then to (10, 1).
        let transform = AffineTransform(translationX: 10, y: 0).rotated(by: Double.pi / 2)
        expectClose(transform.apply(to: Point(x: 1, y: 0)), Point(x: 10, y: 1), Tolerance(absolute: 1e-15, relative: 0))
    }

    @Test func inverseOfScaleAndTranslationByHand() {
        // p' = (2x + 10, 4y + 20), so p = ((x' − 10)/2, (y' − 20)/4) = (0.5·x' − 5, 0.25·y' − 5).
        let transform = AffineTransform(scaleX: 2, y: 4).concatenating(AffineTransform(translationX: 10, y: 20))
        #expect(transform.isInvertible)
        #expect(transform.inverted() == AffineTransform(a: 0.5, b: 0, c: 0, d: 0.25, tx: -5, ty: -5))
    }

    /// A seeded loop over 500 general affine transforms (entries in [−10, 10], |det| ≥ 0.1,
    /// translations up to ±1000 points). Tolerances: the linear part of `M·M⁻¹` is a sum of
    /// products of at most 10 × 1000 in size, so its rounding is about 1e-12; 1e-9 leaves margin.
    /// The translation part sums terms up to about 1e6 points², so its rounding is near 1e-10
    /// points; 1e-7 points leaves margin and is still invisible.
    @Test func transformTimesInverseIsIdentityOverGeneratedTransforms() {
        var generator = SeededGenerator(seed: 0x5E6E_0001)
        let linear = Tolerance(absolute: 1e-9, relative: 0)
        let translation = Tolerance(absolute: 1e-7, relative: 0)
        var checked = 0
        while checked < 500 {
            let transform = AffineTransform(
                a: .random(in: -10...10, using: &generator), b: .random(in: -10...10, using: &generator),
                c: .random(in: -10...10, using: &generator), d: .random(in: -10...10, using: &generator),
                tx: .random(in: -1000...1000, using: &generator), ty: .random(in: -1000...1000, using: &generator)
            )
            guard abs(transform.a * transform.d - transform.b * transform.c) >= 0.1 else { continue }
            checked += 1
            #expect(transform.isInvertible)
            let inverse = transform.inverted()
            expectClose(transform.concatenating(inverse), .identity, linear: linear, translation: translation)
            expectClose(inverse.concatenating(transform), .identity, linear: linear, translation: translation)
            let point = Point(
                x: .random(in: -500...500, using: &generator), y: .random(in: -500...500, using: &generator))
            expectClose(inverse.apply(to: transform.apply(to: point)), point, translation)
        }
    }

    @Test func concatenationAgreesWithApplyingInTurnOverGeneratedTransforms() {
        var generator = SeededGenerator(seed: 0x5E6E_0002)
        // Values up to about 1e4 points after two transforms; 1e-9 points absolute, 1e-12 relative.
        for _ in 0..<200 {
            func random() -> AffineTransform {
                AffineTransform(
                    a: .random(in: -3...3, using: &generator), b: .random(in: -3...3, using: &generator),
                    c: .random(in: -3...3, using: &generator), d: .random(in: -3...3, using: &generator),
                    tx: .random(in: -100...100, using: &generator), ty: .random(in: -100...100, using: &generator)
                )
            }
            let first = random()
            let second = random()
            let point = Point(
                x: .random(in: -100...100, using: &generator), y: .random(in: -100...100, using: &generator))
            expectClose(first.concatenating(second).apply(to: point), second.apply(to: first.apply(to: point)))
        }
    }

    @Test func singularTransformIsReturnedUnchangedLikeCoreGraphics() {
        let flattened = AffineTransform(scaleX: 0, y: 3).concatenating(AffineTransform(translationX: 4, y: 5))
        #expect(!flattened.isInvertible)
        #expect(flattened.inverted() == flattened)
        // Rank one without a zero entry: rows (1, 2) and (2, 4), det = 1·4 − 2·2 = 0.
        let rankOne = AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0)
        #expect(!rankOne.isInvertible)
        #expect(rankOne.inverted() == rankOne)
    }

    @Test func nonFiniteTransformIsNotInvertibleAndDoesNotTrap() {
        let broken = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: .nan, ty: 0)
        #expect(!broken.isInvertible)
        let inverted = broken.inverted()
        #expect(inverted.a == 1 && inverted.d == 1 && inverted.tx.isNaN)
        // det = 1e-400 underflows to exactly 0.
        let underflowing = AffineTransform(scaleX: 1e-200, y: 1e-200)
        #expect(!underflowing.isInvertible)
        #expect(underflowing.inverted() == underflowing)
        // det = 2.2e-308/16 ≈ 1.4e-309 (subnormal) is not zero, but d/det ≈ 7e308 overflows:
        // the inverse would be infinite.
        let overflowing = AffineTransform(scaleX: Double.leastNormalMagnitude / 16, y: 1)
        #expect(overflowing.determinant != 0)
        #expect(!overflowing.isInvertible)
        #expect(overflowing.inverted() == overflowing)
    }

    @Test func applyingToARectGivesTheBoundingBoxOfItsCorners() {
        // Scale (2, 3) then translate (1, 1): (1, 1)…(3, 3) goes to (3, 4)…(7, 10).
        let scaleMove = AffineTransform(scaleX: 2, y: 3).concatenating(AffineTransform(translationX: 1, y: 1))
        #expect(scaleMove.apply(to: Rect(x: 1, y: 1, width: 2, height: 2)) == Rect(x: 3, y: 4, width: 4, height: 6))

        // A mirror keeps the size positive: x ∈ [10, 15] becomes x ∈ [−15, −10].
        let mirror = AffineTransform(scaleX: -1, y: 1)
        #expect(mirror.apply(to: Rect(x: 10, y: 0, width: 5, height: 5)) == Rect(x: -15, y: 0, width: 5, height: 5))

        // An eighth turn of the square (0, 0)–(2, 2): corners go to (0, 0), (√2, √2), (0, 2√2),
        // (−√2, √2), so the box is x ∈ [−√2, √2], y ∈ [0, 2√2].
        let root2 = 2.0.squareRoot()
        let eighthTurn = AffineTransform(rotationAngle: Double.pi / 4)
        expectClose(
            eighthTurn.apply(to: Rect(x: 0, y: 0, width: 2, height: 2)),
            Rect(x: -root2, y: 0, width: 2 * root2, height: 2 * root2)
        )
    }

    @Test func interpolationIsComponentWise() {
        let start = AffineTransform.identity
        let end = AffineTransform(scaleX: 0.5, y: 0.25).concatenating(AffineTransform(translationX: 40, y: -80))
        // Halfway: a = (1 + 0.5)/2, d = (1 + 0.25)/2, tx = 20, ty = −40.
        let halfway = AffineTransform.interpolate(from: start, to: end, fraction: 0.5)
        expectClose(halfway, AffineTransform(a: 0.75, b: 0, c: 0, d: 0.625, tx: 20, ty: -40))
        #expect(AffineTransform.interpolate(from: start, to: end, fraction: 0) == start)
        #expect(AffineTransform.interpolate(from: start, to: end, fraction: 1) == end)
    }

    @Test func determinantIsTheAreaFactor() {
        #expect(AffineTransform(scaleX: 2, y: 3).determinant == 6)
        #expect(AffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 9, ty: 9).determinant == -2)
    }
}
