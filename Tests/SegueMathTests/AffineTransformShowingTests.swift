import SegueTestSupport
import Testing

@testable import SegueMath

@Suite struct AffineTransformShowingTests {
    /// (0, 0, 100, 50) shown at (10, 20, 200, 25): twice as wide, half as tall, its centre
    /// moved from (50, 25) to (110, 32.5); by hand, scale (2, 0.5) and translation (60, 7.5).
    @Test func scalesEachAxisAndMovesTheCentre() {
        let frame = Rect(x: 0, y: 0, width: 100, height: 50)
        let visible = Rect(x: 10, y: 20, width: 200, height: 25)
        let transform = AffineTransform(showing: frame, at: visible)
        #expect(transform == AffineTransform(a: 2, b: 0, c: 0, d: 0.5, tx: 60, ty: 7.5))
        // What UIKit would report as the layer's frame under that transform about its centre.
        expectClose(frame.presentationFrame(applying: transform), visible, Tolerance(absolute: 1e-12, relative: 0))
    }

    @Test func equalRectsGiveTheIdentity() {
        let frame = Rect(x: 3, y: 4, width: 5, height: 6)
        #expect(AffineTransform(showing: frame, at: frame).isIdentity)
    }

    /// A band with no height keeps scale 1 vertically (not 0/0) and moves with its centre.
    @Test func anAxisWithoutExtentKeepsScaleOne() {
        let band = Rect(x: 0, y: 10, width: 100, height: 0)
        let transform = AffineTransform(showing: band, at: Rect(x: 0, y: 20, width: 50, height: 0))
        #expect(transform == AffineTransform(a: 0.5, b: 0, c: 0, d: 1, tx: -25, ty: 10))
    }
}
