import SegueTestSupport
import Testing

@testable import SegueMath

@Suite struct CubicBezierTests {
    static let named: [CubicBezier] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .caDefault, .yui]

    @Test(arguments: named)
    func endpointsAreFixedAndInputsOutsideAreClamped(curve: CubicBezier) {
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
        #expect(curve.value(at: -0.5) == 0)
        #expect(curve.value(at: 7) == 1)
    }

    @Test func linearIsTheIdentity() {
        for step in 0...100 {
            let x = Double(step) / 100
            #expect(isClose(CubicBezier.linear.value(at: x), x, absolute: 1e-9))
            #expect(isClose(CubicBezier.linear.slope(at: x), 1, absolute: 1e-9))
        }
    }

    /// (0.42, 0, 0.58, 1) is point-symmetric about (0.5, 0.5): y(1 − x) = 1 − y(x).
    @Test func easeInOutIsSymmetric() {
        for step in 0...200 {
            let x = Double(step) / 200
            let curve = CubicBezier.easeInEaseOut
            #expect(isClose(curve.value(at: 1 - x), 1 - curve.value(at: x), absolute: 1e-8))
        }
        #expect(isClose(CubicBezier.easeInEaseOut.value(at: 0.5), 0.5, absolute: 1e-9))
    }

    /// easeIn (0.42, 0, 1, 1) and easeOut (0, 0, 0.58, 1) mirror each other:
    /// easeOut(x) = 1 − easeIn(1 − x).
    @Test func easeOutMirrorsEaseIn() {
        for step in 0...100 {
            let x = Double(step) / 100
            #expect(isClose(CubicBezier.easeOut.value(at: x), 1 - CubicBezier.easeIn.value(at: 1 - x), absolute: 1e-8))
        }
    }

    /// motion-math.md §1.3's test vectors (exact solve, six decimals).
    @Test(arguments: [
        (CubicBezier.caDefault, [0.094796, 0.408511, 0.802403, 0.960459, 0.994316]),
        (CubicBezier.easeIn, [0.017027, 0.093465, 0.315357, 0.621862, 0.839428]),
        (CubicBezier.easeOut, [0.160572, 0.378138, 0.684643, 0.906535, 0.982973]),
        (CubicBezier.easeInEaseOut, [0.019722, 0.129162, 0.500000, 0.870838, 0.980278]),
    ])
    func matchesTheReferenceTable(curve: CubicBezier, expected: [Double]) {
        for (x, y) in zip([0.10, 0.25, 0.50, 0.75, 0.90], expected) {
            #expect(isClose(curve.value(at: x), y, absolute: 5e-7), "x = \(x)")
        }
    }

    /// The solver finds s with |x(s) − x| ≤ 1e-7 for any valid curve, including
    /// ones whose x'(s) vanishes (control points at the ends), where Newton alone fails.
    @Test func solverIsAccurateToOneTenMillionthInX() {
        var generator = SeededGenerator(seed: 7)
        var curves = (0..<300).compactMap { _ in
            CubicBezier(
                x1: .random(in: 0...1, using: &generator), y1: .random(in: -1...2, using: &generator),
                x2: .random(in: 0...1, using: &generator), y2: .random(in: -1...2, using: &generator))
        }
        curves += [CubicBezier(x1: 1, y1: 0, x2: 0, y2: 1), CubicBezier(x1: 0, y1: 1, x2: 1, y2: 0)].compactMap { $0 }
        for curve in curves {
            for step in 0...50 {
                let x = Double(step) / 50
                let s = curve.parameter(forX: x)
                #expect((0...1).contains(s))
                #expect(abs(curve.sampleX(s) - x) <= 1e-7, "curve \(curve.controlPoints), x \(x)")
            }
        }
    }

    /// The slope agrees with a central difference of the value.
    @Test(arguments: named)
    func slopeIsTheDerivativeOfValue(curve: CubicBezier) {
        let h = 1e-5
        for step in 1..<20 {
            let x = Double(step) / 20
            let numeric = (curve.value(at: x + h) - curve.value(at: x - h)) / (2 * h)
            #expect(isClose(curve.slope(at: x), numeric, absolute: 1e-4, relative: 1e-4), "x = \(x)")
        }
    }

    @Test func curvesThatAreNotFunctionsOfTimeAreRejected() {
        #expect(CubicBezier(x1: -0.1, y1: 0, x2: 0.5, y2: 1) == nil)
        #expect(CubicBezier(x1: 0.1, y1: 0, x2: 1.5, y2: 1) == nil)
        #expect(CubicBezier(x1: .nan, y1: 0, x2: 0.5, y2: 1) == nil)
        #expect(CubicBezier(x1: 0.1, y1: .infinity, x2: 0.5, y2: 1) == nil)
        #expect(CubicBezier(x1: 0.1, y1: -3, x2: 0.5, y2: 4) != nil)  // y may overshoot
    }

    @Test func uikitCurvesMapToCoreAnimationsAndDefaultToEaseInOut() {
        #expect(UIKitAnimationCurve.animateDefault == .easeInOut)
        #expect(UIKitAnimationCurve.easeInOut.bezier.controlPoints == [0.42, 0, 0.58, 1])
        #expect(UIKitAnimationCurve.easeIn.bezier.controlPoints == [0.42, 0, 1, 1])
        #expect(UIKitAnimationCurve.easeOut.bezier.controlPoints == [0, 0, 0.58, 1])
        #expect(UIKitAnimationCurve.linear.bezier.controlPoints == [0, 0, 1, 1])
        #expect(UIKitAnimationCurve.easeOut.animationOption == 2 << 16)
        #expect(NamedCurve.default.bezier.controlPoints == [0.25, 0.1, 0.25, 1])
    }

    @Test func seedCurvesCarryTheSeedsNumbers() {
        #expect(CubicBezier.instagramDefault.controlPoints == [0.5, 0, 0.6, 1])
        #expect(CubicBezier.instagramInteractive.controlPoints == [0.57, 0.27, 0.21, 0.97])
        #expect(CubicBezier.yui.controlPoints == [0.25, 0.46, 0.45, 0.94])
    }
}
