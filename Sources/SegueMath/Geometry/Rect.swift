/// An axis-aligned rectangle: an origin and a size, in points.
///
/// Semantics follow CoreGraphics' `CGRect`, because Segue reproduces UIKit's frames: the origin is
/// the corner nearest the coordinate origin when the size is positive, and a negative width or
/// height makes the rect extend the other way. `minX`, `maxX`, `minY`, `maxY` and `union(_:)`
/// work on the standardized rect, as CoreGraphics does; `width` and `height` stay as given.
public struct Rect: Sendable, Hashable {
    /// The corner the size is measured from, in points (the top-left when the size is positive).
    public var origin: Point
    /// Width and height, in points; may be negative, see the type's documentation.
    public var size: Size

    /// Creates a rect from its origin and size, in points.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rect from its origin coordinates and extents, in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// Creates a rect of the given size centred on `center`, in points.
    ///
    /// Transitions state where a view's centre goes more often than where its corner goes
    /// (seed-transitions.md §1.1), so this saves every caller the same subtraction.
    public init(center: Point, size: Size) {
        self.init(
            x: center.x - size.width / 2,
            y: center.y - size.height / 2,
            width: size.width,
            height: size.height
        )
    }

    /// The empty rect at the origin.
    public static let zero = Rect(origin: .zero, size: .zero)

    /// Horizontal origin, in points.
    public var x: Double { origin.x }
    /// Vertical origin, in points.
    public var y: Double { origin.y }
    /// Horizontal extent, in points; may be negative.
    public var width: Double { size.width }
    /// Vertical extent, in points; may be negative.
    public var height: Double { size.height }

    /// The smallest x of the rect, in points (left edge).
    public var minX: Double { min(origin.x, origin.x + size.width) }
    /// The x of the rect's centre, in points.
    public var midX: Double { origin.x + size.width / 2 }
    /// The largest x of the rect, in points (right edge).
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    /// The smallest y of the rect, in points (top edge, since +y points down).
    public var minY: Double { min(origin.y, origin.y + size.height) }
    /// The y of the rect's centre, in points.
    public var midY: Double { origin.y + size.height / 2 }
    /// The largest y of the rect, in points (bottom edge).
    public var maxY: Double { max(origin.y, origin.y + size.height) }

    /// The rect's centre, in points. A layer's default anchor point sits here.
    public var center: Point { Point(x: midX, y: midY) }

    /// The same rect with a non-negative width and height, as `CGRect.standardized`.
    public var standardized: Rect {
        Rect(x: minX, y: minY, width: abs(size.width), height: abs(size.height))
    }

    /// Whether the origin and the size are all finite (neither infinite nor NaN).
    public var isFinite: Bool {
        origin.isFinite && size.isFinite
    }

    /// The rect moved by `dx`, `dy` points, size unchanged.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The rect with each edge moved inward by `insets`, in points, as UIKit's `inset(by:)`.
    ///
    /// Like UIKit this is plain arithmetic on the origin and size: insets larger than the rect
    /// give a negative width or height rather than an error, and a negative inset grows the rect.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: origin.x + insets.left,
            y: origin.y + insets.top,
            width: size.width - (insets.left + insets.right),
            height: size.height - (insets.top + insets.bottom)
        )
    }

    /// The smallest rect containing both rects, in points, as `CGRect.union(_:)`.
    ///
    /// Both rects are standardized first, so the result always has a non-negative size. An empty
    /// rect still counts by its position (CoreGraphics ignores only its "null" rect, which Segue
    /// does not have).
    public func union(_ other: Rect) -> Rect {
        let left = min(minX, other.minX)
        let top = min(minY, other.minY)
        let right = max(maxX, other.maxX)
        let bottom = max(maxY, other.maxY)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The rect a given fraction of the way from `start` to `end`: origin and size linearly.
    ///
    /// This is how UIKit animates a frame (seed-transitions.md §1.2); interpolating origin and size
    /// is the same as interpolating centre and size. `fraction` is not clamped, so an overshooting
    /// spring extrapolates. Fraction 0 gives `start` and fraction 1 gives `end` exactly.
    public static func interpolate(from start: Rect, to end: Rect, fraction: Double) -> Rect {
        Rect(
            origin: Point.interpolate(from: start.origin, to: end.origin, fraction: fraction),
            size: Size.interpolate(from: start.size, to: end.size, fraction: fraction)
        )
    }
}
