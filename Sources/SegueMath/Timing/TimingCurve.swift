/// Any curve a property can animate along, reduced to what sampling needs: the
/// fraction of the change applied at a time, its rate, and when the curve ends.
public enum TimingCurve: Sendable, Hashable {
    /// A cubic Bézier run over `duration` seconds.
    case cubic(CubicBezier, duration: Double)
    /// A spring from rest or with a relative `initialVelocity` (changes per second).
    /// It ends at `duration` when one was given (UIKit's duration API), else when it
    /// settles (Core Animation's `settlingDuration`).
    case spring(Spring, initialVelocity: Double, duration: Double?)

    /// When the curve ends, in seconds.
    public var duration: Double {
        switch self {
        case .cubic(_, let duration):
            return duration
        case .spring(let spring, let initialVelocity, let duration):
            return duration ?? spring.settlingDuration(initialVelocity: initialVelocity)
        }
    }

    /// Progress (0 at the start, 1 at the target; springs overshoot) at time `t`
    /// seconds, and its rate per second.
    public func progress(at t: Double) -> (value: Double, velocity: Double) {
        switch self {
        case .cubic(let bezier, let duration):
            let x = t / duration
            return (bezier.value(at: x), bezier.slope(at: x) / duration)
        case .spring(let spring, let initialVelocity, _):
            return spring.progress(at: max(t, 0), initialVelocity: initialVelocity)
        }
    }
}
