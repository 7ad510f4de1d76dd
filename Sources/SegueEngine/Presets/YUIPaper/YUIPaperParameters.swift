import SegueMath

/// Parameters the Facebook Paper presets share, with their seed sources.
enum YUIPaperParameters {
    static let all = [ParameterSpec](
        Keys.scaleFactor, Keys.duration, Keys.dampingRatio, Keys.initialVelocity, Keys.itemSpacing, Keys.titleHeight,
        Keys.backdropOpacity, Keys.legacyPageOffset)

    /// The spring progress of seed 004's `UIView.animate(withDuration:delay:
    /// usingSpringWithDamping:initialSpringVelocity:…)` with UIKit's duration + damping
    /// mapping (motion-math.md §2.3; ζ 2 becomes 1), ending exactly at 1 at the duration.
    static func easing(_ parameters: ParameterValues) -> TimingCurve {
        let duration = parameters[YUIPaperParameters.Keys.duration]
        let velocity = parameters[YUIPaperParameters.Keys.initialVelocity]
        return .uikitSpring(
            duration: duration, dampingRatio: parameters[YUIPaperParameters.Keys.dampingRatio],
            initialVelocity: velocity)
    }
}
