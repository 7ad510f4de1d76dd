#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A 2-D affine transform with the layout and semantics of CoreGraphics' `CGAffineTransform`.
///
/// A point `(x, y)` maps to `(a·x + c·y + tx, b·x + d·y + ty)`; as a matrix acting on row vectors
/// `[x y 1]` it is `[[a b 0] [c d 0] [tx ty 1]]`. `tx` and `ty` are in points; `a`, `b`, `c`, `d`
/// are unitless. Composition follows UIKit's words exactly (seed-transitions.md §1.1):
/// `x.concatenating(y)` applies `x` first, then `y`; `x.translatedBy(x:y:)` and
/// `x.scaledBy(x:y:)` apply the new translation or scale first, then `x`. Getting this order
/// wrong moves a layer's centre by `t` instead of `s·t`, which is why it is spelled out here.
///
/// Arithmetic on non-finite components follows IEEE 754 (NaN and infinities propagate); nothing
/// traps.
public struct AffineTransform: Sendable, Hashable {
    /// Row 1, column 1: x-scale when there is no rotation.
    public var a: Double
    /// Row 1, column 2: how much input x adds to output y.
    public var b: Double
    /// Row 2, column 1: how much input y adds to output x.
    public var c: Double
    /// Row 2, column 2: y-scale when there is no rotation.
    public var d: Double
    /// Horizontal translation, in points.
    public var tx: Double
    /// Vertical translation, in points.
    public var ty: Double

    /// Creates a transform from its six components (`tx`, `ty` in points).
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The transform that leaves every point where it is; a layer's transform when none is set.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A transform that moves every point by `(x, y)` points.
    public init(translationX x: Double, y: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A transform that scales about the origin by `x` horizontally and `y` vertically (unitless).
    public init(scaleX x: Double, y: Double) {
        self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A transform that rotates about the origin by `angle` radians.
    ///
    /// With +y pointing down, a positive angle turns clockwise on screen, as in UIKit. Like
    /// CoreGraphics, `cos` and `sin` are used as computed, so a rotation by π leaves a
    /// rounding-sized `b` rather than an exact 0.
    public init(rotationAngle angle: Double) {
        let cosine = cos(angle)
        let sine = sin(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Whether this is exactly the identity transform (no tolerance).
    public var isIdentity: Bool {
        self == .identity
    }

    /// The determinant `a·d − b·c`: the factor by which the transform scales areas (unitless).
    public var determinant: Double {
        a * d - b * c
    }

    /// Whether all six components are finite (neither infinite nor NaN).
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// Whether `inverted()` returns a true inverse.
    ///
    /// True when the determinant is non-zero and every component of the inverse comes out finite;
    /// false for singular transforms (a zero scale, say) and for any non-finite component.
    public var isInvertible: Bool {
        exactInverse != nil
    }

    /// The transform that undoes this one, or this transform unchanged when it is not invertible.
    ///
    /// Returning the input unchanged for a singular transform mirrors `CGAffineTransformInvert`,
    /// which UIKit code relies on without checking. Callers that need to know should read
    /// `isInvertible` first.
    public func inverted() -> AffineTransform {
        exactInverse ?? self
    }

    /// The inverse by the adjugate formula, or nil when the determinant is zero or the inverse
    /// would have a non-finite component.
    private var exactInverse: AffineTransform? {
        let det = determinant
        guard det != 0 else { return nil }
        let inverse = AffineTransform(
            a: d / det,
            b: -b / det,
            c: -c / det,
            d: a / det,
            tx: (c * ty - d * tx) / det,
            ty: (b * tx - a * ty) / det
        )
        return inverse.isFinite ? inverse : nil
    }

    /// The transform that applies `self` first, then `other` (UIKit's `concatenating(_:)`).
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty
        )
    }

    /// A translation by `(x, y)` points applied first, then `self` (UIKit's `translatedBy`).
    ///
    /// So `scale(s).translatedBy(t)` maps an offset `d` to `s·(d + t)`: the translation is scaled.
    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// A scale by `x`, `y` (unitless) applied first, then `self` (UIKit's `scaledBy`).
    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// A rotation by `angle` radians applied first, then `self` (UIKit's `rotated(by:)`).
    public func rotated(by angle: Double) -> AffineTransform {
        AffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// Where the transform takes `point` (points in, points out), as `CGPointApplyAffineTransform`.
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The smallest axis-aligned rect containing the transformed corners of `rect`, in points,
    /// as `CGRectApplyAffineTransform`.
    ///
    /// With rotation or shear the result is larger than the transformed shape; with scale and
    /// translation only it is the transformed rect itself. The result's size is never negative.
    public func apply(to rect: Rect) -> Rect {
        let topLeft = apply(to: Point(x: rect.minX, y: rect.minY))
        let topRight = apply(to: Point(x: rect.maxX, y: rect.minY))
        let bottomRight = apply(to: Point(x: rect.maxX, y: rect.maxY))
        let bottomLeft = apply(to: Point(x: rect.minX, y: rect.maxY))
        let left = min(topLeft.x, topRight.x, bottomRight.x, bottomLeft.x)
        let right = max(topLeft.x, topRight.x, bottomRight.x, bottomLeft.x)
        let top = min(topLeft.y, topRight.y, bottomRight.y, bottomLeft.y)
        let bottom = max(topLeft.y, topRight.y, bottomRight.y, bottomLeft.y)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The transform a given fraction of the way from `start` to `end`, component by component.
    ///
    /// UIKit animates a transform this way; for scale plus translation, the only transforms the
    /// seeds use, it is the same as moving `sx`, `sy`, `tx`, `ty` linearly (seed-transitions.md
    /// §1.2). With rotation it does not keep the shape rigid mid-way, as in UIKit. `fraction` is
    /// not clamped. Fraction 0 gives `start` and fraction 1 gives `end` exactly.
    public static func interpolate(
        from start: AffineTransform, to end: AffineTransform, fraction: Double
    ) -> AffineTransform {
        func mix(_ keyPath: KeyPath<AffineTransform, Double>) -> Double {
            SegueMath.interpolate(from: start[keyPath: keyPath], to: end[keyPath: keyPath], fraction: fraction)
        }
        return AffineTransform(a: mix(\.a), b: mix(\.b), c: mix(\.c), d: mix(\.d), tx: mix(\.tx), ty: mix(\.ty))
    }
}
