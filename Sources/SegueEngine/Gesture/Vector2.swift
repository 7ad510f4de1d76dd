/// A 2-D vector in window points (a location or a translation) or in points per second (a velocity).
///
/// Deliberately tiny and local to the gesture code: it will be unified with `SegueMath.Point`
/// when the geometry types land. UIKit's window coordinates: x grows to the right, y grows down.
public struct Vector2: Sendable, Hashable {
    /// Horizontal component, in points (or points per second for a velocity).
    public var x: Double
    /// Vertical component, in points (or points per second for a velocity); positive is down.
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The zero vector: no translation, or no velocity.
    public static let zero = Vector2(x: 0, y: 0)

    public static func + (lhs: Vector2, rhs: Vector2) -> Vector2 {
        Vector2(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
    }

    public static func - (lhs: Vector2, rhs: Vector2) -> Vector2 {
        Vector2(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
    }

    public static func * (vector: Vector2, scale: Double) -> Vector2 {
        Vector2(x: vector.x * scale, y: vector.y * scale)
    }

    public static func * (scale: Double, vector: Vector2) -> Vector2 {
        vector * scale
    }

    /// Whether both components are finite (neither NaN nor infinite).
    public var isFinite: Bool { x.isFinite && y.isFinite }
}
