import SegueMath

/// Parameters the Dive Deeper presets share, with their seed sources.
enum MiquidoParameters {
    /// Seed 001: `TransitionAnimator.init(duration: TimeInterval = 0.5, …)`, seconds.
    static let duration = Keys.duration.spec

    static let dampingRatio = Keys.dampingRatio.spec

    static let initialVelocity = Keys.initialVelocity.spec

    static let fadeColor = Keys.fadeColor.spec

    static let fadeOpacity = Keys.fadeOpacity.spec

    static let detailReveal = Keys.detailReveal.spec

    /// Parameters of the tap-started present and dismiss.
    static let animated: [ParameterSpec] = [
        duration, dampingRatio, initialVelocity, fadeColor, fadeOpacity, detailReveal,
    ]

    /// The spring progress x(t) of seed 001's `UIView.animate(withDuration:delay:
    /// usingSpringWithDamping:initialSpringVelocity:…)`, with UIKit's duration + damping
    /// mapping (motion-math.md §2.3), ending exactly at 1 at the duration.
    static func easing(_ parameters: ParameterValues) -> TimingCurve {
        let duration = parameters[MiquidoParameters.Keys.duration]
        let velocity = parameters[MiquidoParameters.Keys.initialVelocity]
        let spring =
            Spring.uikit(
                duration: duration, dampingRatio: parameters[MiquidoParameters.Keys.dampingRatio],
                initialVelocity: velocity)
            ?? .systemDefault
        return .spring(spring, initialVelocity: velocity, duration: duration)
    }
}
