import SegueMath

/// Parameters the Facebook Paper presets share, with their seed sources.
enum YUIPaperParameters {
    static let scaleFactor = Keys.scaleFactor.spec

    static let duration = Keys.duration.spec

    static let dampingRatio = Keys.dampingRatio.spec

    static let initialVelocity = Keys.initialVelocity.spec

    static let spacing = Keys.itemSpacing.spec

    static let titleHeight = Keys.titleHeight.spec

    static let backdropOpacity = Keys.backdropOpacity.spec

    static let legacyPageOffset = Keys.legacyPageOffset.spec

    static let all: [ParameterSpec] = [
        scaleFactor, duration, dampingRatio, initialVelocity, spacing, titleHeight, backdropOpacity,
        legacyPageOffset,
    ]

    /// The spring progress of seed 004's `UIView.animate(withDuration:delay:
    /// usingSpringWithDamping:initialSpringVelocity:…)` with UIKit's duration + damping
    /// mapping (motion-math.md §2.3; ζ 2 becomes 1), ending exactly at 1 at the duration.
    static func easing(_ parameters: ParameterValues) -> TimingCurve {
        let duration = parameters[YUIPaperParameters.Keys.duration]
        let velocity = parameters[YUIPaperParameters.Keys.initialVelocity]
        let spring =
            Spring.uikit(
                duration: duration, dampingRatio: parameters[YUIPaperParameters.Keys.dampingRatio],
                initialVelocity: velocity)
            ?? .systemDefault
        return .spring(spring, initialVelocity: velocity, duration: duration)
    }
}
