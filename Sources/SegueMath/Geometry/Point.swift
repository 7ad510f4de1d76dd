/// A position in a two-dimensional coordinate space, in points.
///
/// Segue follows UIKit: the origin is the top-left corner and +y points down. A `Point` is also
/// used for an `anchorPoint`, which is a fraction of a layer's size (unit square), not points;
/// the doc comment of every such parameter says so.
public struct Point: Sendable, Hashable {
    /// Horizontal coordinate, in points; grows to the right.
    public var x: Double
    /// Vertical coordinate, in points; grows downward.
    public var y: Double

    /// Creates a point from its coordinates, in points.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// Whether both coordinates are finite (neither infinite nor NaN).
    ///
    /// Every computation in SegueMath accepts non-finite numbers without trapping; this is how a
    /// caller checks a result before sending it on.
    public var isFinite: Bool {
        x.isFinite && y.isFinite
    }

    /// The point a given fraction of the way from `start` to `end`, each coordinate linearly.
    ///
    /// This is how UIKit animates a position: every coordinate moves with the same eased progress
    /// (seed-transitions.md §1.2). `fraction` is not clamped, so a spring's overshoot above 1 or
    /// below 0 extrapolates. Fraction 0 gives `start` and fraction 1 gives `end` exactly.
    public static func interpolate(from start: Point, to end: Point, fraction: Double) -> Point {
        Point(
            x: SegueMath.interpolate(from: start.x, to: end.x, fraction: fraction),
            y: SegueMath.interpolate(from: start.y, to: end.y, fraction: fraction)
        )
    }
}
