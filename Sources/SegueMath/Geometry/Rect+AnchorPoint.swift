/// A layer's transform is applied about its anchor point, not about the parent's origin. These
/// functions treat `self` as a layer's untransformed frame `F` (in its parent's coordinates) and
/// say where the layer and its points end up once `transform` is set, as UIKit does.
///
/// The anchor point is a fraction of the layer's size (unit square): (0, 0) is the top-left
/// corner, (0.5, 0.5) the centre, (1, 1) the bottom-right. The layer's local coordinates have
/// their origin at `F`'s top-left (bounds origin (0, 0)). A local point `q` lands in the parent at
/// `p = F.origin + anchor·F.size + M(q − anchor·F.size)`, where `M(v)` is the transform applied to
/// `v` (seed-transitions.md §1.1 gives the centre-anchor case).
extension Rect {
    /// UIKit's default anchor point, the layer's centre: (0.5, 0.5) as a fraction of its size.
    public static let defaultAnchorPoint = Point(x: 0.5, y: 0.5)

    /// The frame a layer with this untransformed frame shows on screen once `transform` is applied
    /// about `anchorPoint`, in the parent's points.
    ///
    /// This is the bounding box of the four transformed corners, which is what UIKit's `frame`
    /// reports for a transformed view. For scale `(sx, sy)` plus translation `(tx, ty)` about the
    /// centre it is the rect centred on `(midX + tx, midY + ty)` with size `(sx·width, sy·height)`.
    ///
    /// - Parameters:
    ///   - transform: The layer's transform (`tx`, `ty` in points).
    ///   - anchorPoint: The fixed point of the transform, as a fraction of the layer's size.
    public func presentationFrame(
        applying transform: AffineTransform, anchorPoint: Point = Rect.defaultAnchorPoint
    ) -> Rect {
        let anchorOffset = Point(x: anchorPoint.x * size.width, y: anchorPoint.y * size.height)
        let boundsAboutAnchor = Rect(origin: Point(x: -anchorOffset.x, y: -anchorOffset.y), size: size)
        return transform.apply(to: boundsAboutAnchor)
            .offsetBy(dx: origin.x + anchorOffset.x, dy: origin.y + anchorOffset.y)
    }

    /// Where a point given in the layer's local coordinates appears in the parent, in points,
    /// once `transform` is applied about `anchorPoint`.
    ///
    /// Masks, corner radii and touch points are stated in local coordinates; this maps them to
    /// the screen.
    ///
    /// - Parameters:
    ///   - localPoint: A point relative to the layer's top-left, in the layer's unscaled points.
    ///   - transform: The layer's transform (`tx`, `ty` in points).
    ///   - anchorPoint: The fixed point of the transform, as a fraction of the layer's size.
    public func parentPoint(
        fromLocal localPoint: Point, applying transform: AffineTransform,
        anchorPoint: Point = Rect.defaultAnchorPoint
    ) -> Point {
        let anchorOffset = Point(x: anchorPoint.x * size.width, y: anchorPoint.y * size.height)
        let moved = transform.apply(to: Point(x: localPoint.x - anchorOffset.x, y: localPoint.y - anchorOffset.y))
        return Point(x: origin.x + anchorOffset.x + moved.x, y: origin.y + anchorOffset.y + moved.y)
    }

    /// The layer-local point that appears at `parentPoint`, in points, or nil when `transform` is
    /// not invertible (a zero scale collapses the layer, so no single local point answers).
    ///
    /// The inverse of `parentPoint(fromLocal:applying:anchorPoint:)`; hit-testing a touch against
    /// a transformed layer needs it.
    ///
    /// - Parameters:
    ///   - parentPoint: A point in the parent's coordinates, in points.
    ///   - transform: The layer's transform (`tx`, `ty` in points).
    ///   - anchorPoint: The fixed point of the transform, as a fraction of the layer's size.
    public func localPoint(
        fromParent parentPoint: Point, applying transform: AffineTransform,
        anchorPoint: Point = Rect.defaultAnchorPoint
    ) -> Point? {
        guard transform.isInvertible else { return nil }
        let anchorOffset = Point(x: anchorPoint.x * size.width, y: anchorPoint.y * size.height)
        let relative = Point(
            x: parentPoint.x - origin.x - anchorOffset.x,
            y: parentPoint.y - origin.y - anchorOffset.y
        )
        let unmoved = transform.inverted().apply(to: relative)
        return Point(x: unmoved.x + anchorOffset.x, y: unmoved.y + anchorOffset.y)
    }
}
