/// A width and a height, in points.
///
/// As in CoreGraphics, a size may be negative: a rect with a negative width extends to the left
/// of its origin. `Rect`'s `minX`/`maxX` and friends account for that; nothing here traps on it.
public struct Size: Sendable, Hashable {
    /// Horizontal extent, in points.
    public var width: Double
    /// Vertical extent, in points.
    public var height: Double

    /// Creates a size from its extents, in points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The empty size, 0 × 0.
    public static let zero = Size(width: 0, height: 0)

    /// Whether both extents are finite (neither infinite nor NaN).
    public var isFinite: Bool {
        width.isFinite && height.isFinite
    }

    /// The size a given fraction of the way from `start` to `end`, width and height linearly.
    ///
    /// UIKit animates a frame's size this way (seed-transitions.md §1.2). `fraction` is not
    /// clamped, so an overshooting spring extrapolates. Fraction 0 gives `start` and fraction 1
    /// gives `end` exactly.
    public static func interpolate(from start: Size, to end: Size, fraction: Double) -> Size {
        Size(
            width: SegueMath.interpolate(from: start.width, to: end.width, fraction: fraction),
            height: SegueMath.interpolate(from: start.height, to: end.height, fraction: fraction)
        )
    }
}
