import SegueMath

/// A stand-in for the Twitter bird the splash masks with. The seed's logo exists only
/// as an image asset (seed-transitions.md §16), so this is a simple bird-like outline
/// [inferred]: tail at the left, wing up the back, head and a two-point beak at the
/// top right, breast curving down to the belly. Its points, control points included,
/// lie in the unit square and touch all four sides, so the path scaled to a rect has
/// that rect as its bounding box.
enum TwitterBirdPath {
    /// The outline in unit coordinates (x right, y down, both 0…1).
    static let unitOutline: [PathElement] = [
        .move(to: Point(x: 0, y: 0.82)),
        .line(to: Point(x: 0.22, y: 0.8)),
        .cubic(to: Point(x: 0.03, y: 0.28), control1: Point(x: 0.1, y: 0.7), control2: Point(x: 0.04, y: 0.5)),
        .cubic(to: Point(x: 0.52, y: 0.5), control1: Point(x: 0.2, y: 0.42), control2: Point(x: 0.38, y: 0.48)),
        .cubic(to: Point(x: 0.76, y: 0.1), control1: Point(x: 0.52, y: 0.3), control2: Point(x: 0.6, y: 0.12)),
        .cubic(to: Point(x: 0.93, y: 0.16), control1: Point(x: 0.84, y: 0.1), control2: Point(x: 0.9, y: 0.12)),
        .line(to: Point(x: 1, y: 0)),
        .line(to: Point(x: 0.95, y: 0.2)),
        .line(to: Point(x: 1, y: 0.22)),
        .cubic(to: Point(x: 0.3, y: 1), control1: Point(x: 0.96, y: 0.62), control2: Point(x: 0.72, y: 1)),
        .cubic(to: Point(x: 0, y: 0.82), control1: Point(x: 0.18, y: 1), control2: Point(x: 0.08, y: 0.92)),
        .close,
    ]

    /// The outline scaled to fill `rect`.
    static func elements(in rect: Rect) -> [PathElement] {
        func place(_ point: Point) -> Point {
            Point(x: rect.minX + point.x * rect.width, y: rect.minY + point.y * rect.height)
        }
        return unitOutline.map { element in
            switch element {
            case .move(let to): return .move(to: place(to))
            case .line(let to): return .line(to: place(to))
            case .cubic(let to, let control1, let control2):
                return .cubic(to: place(to), control1: place(control1), control2: place(control2))
            case .arc(let to, let radius): return .arc(to: place(to), radius: radius * rect.width)
            case .close: return .close
            }
        }
    }

    /// SVG path data for the outline in `rect`, numbers as SegueMath formats them
    /// (rounded to a millionth of a point, shortest form).
    static func svg(in rect: Rect) -> String {
        PathElement.svgPathData(for: elements(in: rect))
    }
}
