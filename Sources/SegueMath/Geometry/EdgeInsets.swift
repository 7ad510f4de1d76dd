/// Distances to move each edge of a rect inward, in points, as UIKit's `UIEdgeInsets`.
///
/// Positive values shrink a rect, negative values grow it. Used by `Rect.inset(by:)`.
public struct EdgeInsets: Sendable, Hashable {
    /// How far the top edge moves down, in points.
    public var top: Double
    /// How far the left edge moves right, in points.
    public var left: Double
    /// How far the bottom edge moves up, in points.
    public var bottom: Double
    /// How far the right edge moves left, in points.
    public var right: Double

    /// Creates insets from the four edge distances, in points.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Creates insets that move every edge by the same distance, in points.
    public init(all distance: Double) {
        self.init(top: distance, left: distance, bottom: distance, right: distance)
    }

    /// No inset on any edge.
    public static let zero = EdgeInsets(all: 0)
}
