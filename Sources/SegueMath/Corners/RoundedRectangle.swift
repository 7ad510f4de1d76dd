/// A rect with all four corners rounded by one radius and one corner curve, as a `CALayer` with
/// `cornerRadius` and `cornerCurve` draws it, and its outline as a path.
///
/// Why: masks and cards in the seeds have 16–47 pt corners, mostly `.continuous`; a client that
/// draws Segue's output needs the exact outline, not just a radius.
///
/// The path runs clockwise on screen (+y down), starting on the top edge where the top-left
/// corner ends, then the top edge, top-right corner, right edge, and so on, ending with the
/// top-left corner back at the start and a close. Corner segments come from `resolvedCornerShape`:
/// * radius 0 (or negative, or NaN), or a rect with no width or height: a plain rectangle, four
///   straight sides;
/// * `.circular`: quarter circles, exact SVG arcs (not the 0.5523 cubic approximation), with
///   the radius clamped to half the short side, so a large radius gives a capsule;
/// * `.continuous`: Apple's published corner (motion-math.md §5.1), three cubics and two short
///   lines per corner, scaled by the radius, while the radius is at most
///   `continuousRadiusLimit`. Above that the corner would run past the middle of the short
///   side; `largeRadiusRule` decides what happens.
///
/// The rect is standardized first. If it is not finite, or its far edges overflow to infinity,
/// there is no path: `pathElements` is empty and `svgPathData` is "".
public struct RoundedRectangle: Sendable, Hashable {
    /// What a `.continuous` rounded rect does when the radius exceeds `continuousRadiusLimit`.
    ///
    /// Apple does not document this and the reference marks it uncertain (motion-math.md §5.3:
    /// PaintCode saw three shape regimes on iOS 7, and current UIKit has pill-smoothing options
    /// that need an on-device capture), so it is a parameter.
    public enum LargeRadiusRule: String, Sendable, Hashable, CaseIterable {
        /// Draw circular corners with the radius clamped to half the short side, so that a
        /// radius of half the short side gives a capsule. The default, chosen because a capsule
        /// is what a pill-shaped control is expected to look like; not yet checked against a
        /// device capture. The shape jumps at the limit: the continuous corner spans 1.53 r of
        /// each edge, the circular one r.
        case circularFallback
        /// Keep the continuous shape with the radius clamped to `continuousRadiusLimit`, as the
        /// published iOS 7 drawing code does (motion-math.md §5.1). The corners then meet in the
        /// middle of the short side and stop growing.
        case clampContinuous
    }

    /// The corners a path is drawn with, once the radius rules have been applied.
    public enum CornerShape: Sendable, Hashable {
        /// Sharp corners: a plain rectangle.
        case square
        /// Quarter circles of `radius` points.
        case circular(radius: Double)
        /// Continuous corners built from the published table scaled by `radius` points.
        case continuous(radius: Double)
    }

    /// How far from the corner's vertex a continuous corner leaves each straight edge, in
    /// multiples of the radius (motion-math.md §5.1).
    public static let continuousCornerExtent = 1.52866483

    /// The twelve points of one continuous corner, in multiples of the radius, from the symmetric
    /// table in motion-math.md §5.1 (iOS 7 `bezierPathWithRoundedRect:cornerRadius:` constants as
    /// published by PaintCode).
    ///
    /// Each point is `(u, v)` stored as `Point(x: u, y: v)`: `u` is the distance from the corner's
    /// vertex back along the edge the path arrives on, `v` the distance along the edge it leaves
    /// by. In order: where the corner leaves the first edge; cubic 1 (two controls, end); the end
    /// of a short line; cubic 2, close to a circular arc (two controls, end); the end of a short
    /// line; cubic 3 (two controls, end), which ends on the second edge. The table is symmetric:
    /// swapping `u` and `v` and reversing the order gives it back.
    public static let continuousCornerPoints: [Point] = [
        Point(x: 1.52866483, y: 0),
        Point(x: 1.08849299, y: 0),
        Point(x: 0.86840701, y: 0),
        Point(x: 0.66993427, y: 0.06549600),
        Point(x: 0.63149399, y: 0.07491100),
        Point(x: 0.37282401, y: 0.16906001),
        Point(x: 0.16906001, y: 0.37282401),
        Point(x: 0.07491100, y: 0.63149399),
        Point(x: 0.06549600, y: 0.66993427),
        Point(x: 0, y: 0.86840701),
        Point(x: 0, y: 1.08849299),
        Point(x: 0, y: 1.52866483),
    ]

    /// The rect to round, in points.
    public var rect: Rect
    /// The requested corner radius, in points, before any clamping; see `resolvedCornerShape`.
    public var cornerRadius: Double
    /// How the corners bend.
    public var cornerCurve: CornerCurve
    /// What `.continuous` does with a radius above `continuousRadiusLimit`; ignored by `.circular`.
    public var largeRadiusRule: LargeRadiusRule

    /// Creates a rounded rect.
    ///
    /// - Parameters:
    ///   - rect: The rect to round, in points.
    ///   - cornerRadius: The corner radius, in points, as `CALayer.cornerRadius`.
    ///   - cornerCurve: How the corners bend; UIKit's default is `.circular`.
    ///   - largeRadiusRule: What `.continuous` does with a radius too large for its shape.
    public init(
        rect: Rect, cornerRadius: Double, cornerCurve: CornerCurve = .circular,
        largeRadiusRule: LargeRadiusRule = .circularFallback
    ) {
        self.rect = rect
        self.cornerRadius = cornerRadius
        self.cornerCurve = cornerCurve
        self.largeRadiusRule = largeRadiusRule
    }

    /// The largest radius, in points, whose continuous corners fit: `min(width, height) / 2 /
    /// continuousCornerExtent`, so two corners on the short side just meet in its middle.
    public var continuousRadiusLimit: Double {
        let standard = rect.standardized
        return min(standard.width, standard.height) / 2 / Self.continuousCornerExtent
    }

    /// The corners actually drawn, after the rules in the type's documentation: radius 0, NaN or
    /// negative gives `.square`; `.circular` clamps to half the short side; `.continuous` keeps
    /// the radius up to `continuousRadiusLimit` and beyond it follows `largeRadiusRule`.
    public var resolvedCornerShape: CornerShape {
        let standard = rect.standardized
        let halfShortSide = min(standard.width, standard.height) / 2
        guard !cornerRadius.isNaN, cornerRadius > 0, halfShortSide > 0 else { return .square }
        switch cornerCurve {
        case .circular:
            return .circular(radius: min(cornerRadius, halfShortSide))
        case .continuous:
            let limit = continuousRadiusLimit
            if cornerRadius <= limit { return .continuous(radius: cornerRadius) }
            switch largeRadiusRule {
            case .circularFallback:
                return .circular(radius: min(cornerRadius, halfShortSide))
            case .clampContinuous:
                return .continuous(radius: limit)
            }
        }
    }

    /// The outline as path elements, in points; empty when the rect is not finite.
    public var pathElements: [PathElement] {
        let standard = rect.standardized
        guard standard.isFinite, standard.maxX.isFinite, standard.maxY.isFinite else { return [] }
        let corners = Corner.clockwiseFromTopRight(of: standard)
        switch resolvedCornerShape {
        case .square:
            return [.move(to: corners[3].vertex)] + corners.dropLast().map { .line(to: $0.vertex) } + [.close]
        case .circular(let radius):
            return Self.outline(corners: corners, extent: radius) { corner in
                [.arc(to: corner.point(u: 0, v: radius), radius: radius)]
            }
        case .continuous(let radius):
            let table = Self.continuousCornerPoints.map { Point(x: $0.x * radius, y: $0.y * radius) }
            return Self.outline(corners: corners, extent: table[0].x) { corner in
                let local = table.map { corner.point(u: $0.x, v: $0.y) }
                return [
                    .cubic(to: local[3], control1: local[1], control2: local[2]),
                    .line(to: local[4]),
                    .cubic(to: local[7], control1: local[5], control2: local[6]),
                    .line(to: local[8]),
                    .cubic(to: local[11], control1: local[9], control2: local[10]),
                ]
            }
        }
    }

    /// The outline as SVG path data (the `d` attribute), numbers rounded to a millionth of a
    /// point and written shortest (see `PathElement.svgPathData(for:)`); "" when the rect is not
    /// finite.
    public var svgPathData: String {
        PathElement.svgPathData(for: pathElements)
    }

    /// Move to where the top-left corner ends, then for each corner clockwise a line to where it
    /// starts (`extent` points before its vertex) and its own segments, then close.
    private static func outline(
        corners: [Corner], extent: Double, segments: (Corner) -> [PathElement]
    ) -> [PathElement] {
        var elements: [PathElement] = [.move(to: corners[3].point(u: 0, v: extent))]
        for corner in corners {
            elements.append(.line(to: corner.point(u: extent, v: 0)))
            elements += segments(corner)
        }
        elements.append(.close)
        return elements
    }
}

/// One corner of a rect as the clockwise outline meets it: its vertex, the direction the path
/// travels along the edge it arrives on, and the direction along the edge it leaves by.
private struct Corner {
    var vertex: Point
    var arriving: Point
    var leaving: Point

    /// The four corners in path order: top-right, bottom-right, bottom-left, top-left.
    static func clockwiseFromTopRight(of rect: Rect) -> [Corner] {
        let right = Point(x: 1, y: 0)
        let down = Point(x: 0, y: 1)
        let left = Point(x: -1, y: 0)
        let up = Point(x: 0, y: -1)
        return [
            Corner(vertex: Point(x: rect.maxX, y: rect.minY), arriving: right, leaving: down),
            Corner(vertex: Point(x: rect.maxX, y: rect.maxY), arriving: down, leaving: left),
            Corner(vertex: Point(x: rect.minX, y: rect.maxY), arriving: left, leaving: up),
            Corner(vertex: Point(x: rect.minX, y: rect.minY), arriving: up, leaving: right),
        ]
    }

    /// The point `u` points back along the arriving edge and `v` points along the leaving edge
    /// from the vertex.
    func point(u: Double, v: Double) -> Point {
        Point(
            x: vertex.x - arriving.x * u + leaving.x * v,
            y: vertex.y - arriving.y * u + leaving.y * v
        )
    }
}
