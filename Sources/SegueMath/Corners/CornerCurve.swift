/// How a rounded corner bends, as Core Animation's `CALayerCornerCurve`.
///
/// The raw values are UIKit's own names, so they can go on the wire unchanged.
public enum CornerCurve: String, Sendable, Hashable, CaseIterable {
    /// A quarter circle of the corner radius, tangent to both edges (UIKit's default).
    case circular
    /// Apple's curvature-continuous "squircle" corner: it starts bending about 1.53 radii from
    /// the corner, so the edge flows into the curve without a visible kink (motion-math.md §5).
    case continuous
}
