import SegueMath

extension TimingCurve {
    /// A UIView spring animation (`animate(withDuration:usingSpringWithDamping:initialSpringVelocity:)`):
    /// UIKit's duration + damping mapping (motion-math.md §2.3), ending at `duration` seconds, with a
    /// relative `initialVelocity` in whole changes per second. Where the mapping has no spring (a
    /// duration or velocity it cannot meet) the system default spring stands in.
    static func uikitSpring(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) -> TimingCurve {
        let spring =
            Spring.uikit(duration: duration, dampingRatio: dampingRatio, initialVelocity: initialVelocity)
            ?? .systemDefault
        return .spring(spring, initialVelocity: initialVelocity, duration: duration)
    }
}
