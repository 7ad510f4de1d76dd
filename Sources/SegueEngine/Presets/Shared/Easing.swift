import SegueMath

/// Eased progress against elapsed time, ending exactly at 1 at the duration.
enum Easing: Sendable {
    case cubic(CubicBezier, duration: Double)
    case spring(Spring, initialVelocity: Double, duration: Double)

    var duration: Double {
        switch self {
        case .cubic(_, let duration), .spring(_, _, let duration): return duration
        }
    }

    /// e at `elapsed` seconds.
    func value(at elapsed: Double) -> Double {
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
