/// One drawing command of a vector path, with coordinates in points.
///
/// The rounded-rect builders produce these so that tests and callers can read the geometry as
/// numbers; `PathElement.svgPathData(for:)` turns a list of them into SVG path data.
public enum PathElement: Sendable, Hashable {
    /// Starts a new subpath at `to`, in points (SVG `M`).
    case move(to: Point)
    /// A straight segment from the current point to `to`, in points (SVG `L`).
    case line(to: Point)
    /// A cubic Bézier segment from the current point to `to` with two control points, in points
    /// (SVG `C`).
    case cubic(to: Point, control1: Point, control2: Point)
    /// A circular arc of `radius` points from the current point to `to`, turning clockwise on
    /// screen (+y down) and spanning at most half a circle (SVG `A r r 0 0 1`).
    case arc(to: Point, radius: Double)
    /// Closes the subpath with a straight segment back to its start (SVG `Z`).
    case close

    /// The points this element names, end point last: control points of a cubic come first.
    /// `close` names none. Used to check that a path stays within a rect.
    public var points: [Point] {
        switch self {
        case .move(let to), .line(let to), .arc(let to, _):
            return [to]
        case .cubic(let to, let control1, let control2):
            return [control1, control2, to]
        case .close:
            return []
        }
    }
}
