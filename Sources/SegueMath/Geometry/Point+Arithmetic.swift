/// Points used as vectors, as UIKit uses `CGPoint` for a pan's translation and
/// velocity: component-wise sums and differences, and scaling.
extension Point {
    public static func + (lhs: Point, rhs: Point) -> Point {
        Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
    }

    public static func - (lhs: Point, rhs: Point) -> Point {
        Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
    }

    public static func * (point: Point, scale: Double) -> Point {
        Point(x: point.x * scale, y: point.y * scale)
    }

    public static func * (scale: Double, point: Point) -> Point {
        point * scale
    }

    /// The dot product: how far `self` reaches along `other` when `other` is a unit vector.
    public func dot(_ other: Point) -> Double {
        x * other.x + y * other.y
    }

    /// The Euclidean length.
    public var length: Double { (x * x + y * y).squareRoot() }
}
