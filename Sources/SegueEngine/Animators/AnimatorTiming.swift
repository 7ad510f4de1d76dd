public import SegueMath

/// The timing an animator runs with: UIKit's `UICubicTimingParameters` or
/// `UISpringTimingParameters(dampingRatio:initialVelocity:)`.
public enum AnimatorTiming: Sendable, Hashable {
    /// A cubic Bézier over the animator's duration.
    case cubic(CubicBezier)
    /// A spring resolved from the run's duration by UIKit's envelope rule
    /// (motion-math.md §2.3), with a relative initial velocity.
    case spring(dampingRatio: Double, initialVelocity: Double)
}

/// Which end an animator finished at (UIKit's `UIViewAnimatingPosition`).
public enum AnimatingPosition: String, Sendable, Hashable {
    case start, end
}
