import SegueMath

/// What a Touchwonders transition animates: the shared element's visual rect, the from-view's
/// transform, the element's own progress, and the transition's fraction complete.
struct TouchwondersState: Sendable, Hashable {
    /// The shared element's visual rect, window points.
    var element: Rect
    /// The from-view's transform about its centre (the zoom pop's detail screen; identity otherwise).
    var fromTransform: AffineTransform
    /// The progress that shapes the element (its size, the zoom's to-view); continuous across a grab.
    var elementProgress: Double
    /// The transition's fraction complete: the library's hidden linear progress layer, which the
    /// animation layers follow (seed-transitions.md §8.1).
    var fraction: Double

    /// Every animated value from `self` toward `end`: the element's centre per axis (`ex`, `ey`,
    /// UIKit splits a position spring into x and y when their velocities differ, motion-math.md
    /// §2.8), everything else at `e`. The fraction is not interpolated; the driver sets it.
    func interpolated(to end: TouchwondersState, ex: Double, ey: Double, e: Double) -> TouchwondersState {
        let centre = Point(
            x: element.midX + (end.element.midX - element.midX) * ex,
            y: element.midY + (end.element.midY - element.midY) * ey)
        let size = Size.interpolate(from: element.size, to: end.element.size, fraction: e)
        var state = self
        state.element = Rect(center: centre, size: size)
        state.fromTransform = AffineTransform.interpolate(from: fromTransform, to: end.fromTransform, fraction: e)
        state.elementProgress = elementProgress + (end.elementProgress - elementProgress) * e
        return state
    }

}
