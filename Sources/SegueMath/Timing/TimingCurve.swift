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

extension TimingCurve {
    /// The fraction of the change applied `elapsed` seconds after the start, as an animation
    /// shows it: 0 until it starts, the curve's value while it runs, and exactly 1 from its
    /// duration on (UIKit ends an animation at its duration, wherever a spring then is).
    public func fraction(at elapsed: Double) -> Double {
        let duration = duration
        guard elapsed < duration else { return 1 }
        guard elapsed > 0 else { return 0 }
        switch self {
        case .cubic(let curve, let duration):
            return curve.value(at: elapsed / duration)
        case .spring(let spring, let initialVelocity, _):
            return spring.progress(at: elapsed, initialVelocity: initialVelocity).value
        }
    }
}
