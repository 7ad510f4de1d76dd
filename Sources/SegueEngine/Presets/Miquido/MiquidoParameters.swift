import SegueMath

/// Parameters the Dive Deeper presets share, with their seed sources.
enum MiquidoParameters {
    /// Parameters of the tap-started present and dismiss.
    static let animated = [ParameterSpec](
        Keys.duration, Keys.dampingRatio, Keys.initialVelocity, Keys.fadeColor, Keys.fadeOpacity, Keys.detailReveal)

    /// The spring progress x(t) of seed 001's `UIView.animate(withDuration:delay:
    /// usingSpringWithDamping:initialSpringVelocity:…)`, with UIKit's duration + damping
    /// mapping (motion-math.md §2.3), ending exactly at 1 at the duration.
    static func easing(_ parameters: ParameterValues) -> TimingCurve {
        let duration = parameters[MiquidoParameters.Keys.duration]
        let velocity = parameters[MiquidoParameters.Keys.initialVelocity]
        return .uikitSpring(
            duration: duration, dampingRatio: parameters[MiquidoParameters.Keys.dampingRatio], initialVelocity: velocity
        )
    }
}
