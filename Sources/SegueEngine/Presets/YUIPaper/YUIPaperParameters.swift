import SegueMath

/// Parameters the Facebook Paper presets share, with their seed sources.
enum YUIPaperParameters {
    static let scaleFactor = ParameterSpec(
        name: "scaleFactor", kind: .number(0.1...1, unit: ""), defaultValue: .number(0.6),
        summary: "The cards' size as a fraction of the screen: items (s·W, s·H + 40). 0.6 is the code's; 0.4 "
            + "reproduces the seed README's description (seed-transitions.md §14.24).",
        source: "seed 004: HomeView scaleFactor 0.6 (README: \"scaled down by 0.4\")")

    static let duration = ParameterSpec(
        name: "duration", kind: .number(0.01...10, unit: "s"), defaultValue: .number(0.5),
        summary: "The UIView spring animation's duration.",
        source: "seed 004: HomeTransitionAnimationController UIView.animate(withDuration: 0.5, …)")

    static let dampingRatio = ParameterSpec(
        name: "dampingRatio", kind: .number(0.05...4, unit: ""), defaultValue: .number(2),
        summary: "The spring's damping ratio; UIKit's mapping clamps ratios above 1 to 1 (motion-math.md §2.3).",
        source: "seed 004: usingSpringWithDamping: 2")

    static let initialVelocity = ParameterSpec(
        name: "initialVelocity", kind: .number(0...20, unit: "1/s"), defaultValue: .number(0.2),
        summary: "The spring's initial velocity, in animation distances per second.",
        source: "seed 004: initialSpringVelocity: 0.2")

    static let spacing = ParameterSpec(
        name: "itemSpacing", kind: .number(0...100, unit: "pt"), defaultValue: .number(1.5),
        summary: "The flow layout's line spacing between cards.",
        source: "seed 004: minimumLineSpacing = minimumInteritemSpacing = 1.5")

    static let titleHeight = ParameterSpec(
        name: "titleHeight", kind: .number(0...200, unit: "pt"), defaultValue: .number(40),
        summary: "The title band above each card's image container; 0 is a card without one.",
        source: "seed 004: HomeViewCell title label height 40")

    static let backdropOpacity = ParameterSpec(
        name: "backdropOpacity", kind: .number(0...1, unit: ""), defaultValue: .number(0.5),
        summary: "The black backdrop's opacity with the demo shown; it dims the home's background only.",
        source: "seed 004: backdrop.alpha = 0.5")

    static let legacyPageOffset = ParameterSpec(
        name: "legacyPageOffset", kind: .bool, defaultValue: .bool(false),
        summary: "Reproduce the seed's target contentOffset i·W, which ignores the spacing, so card i ends 1.5·i pt "
            + "off the demo (seed-transitions.md §14.25); false uses i·(W + spacing).",
        source: "seed 004: contentOffset = CGPoint(x: CGFloat(indexPath.item) * view.bounds.width, y: 0)")

    static let all: [ParameterSpec] = [
        scaleFactor, duration, dampingRatio, initialVelocity, spacing, titleHeight, backdropOpacity,
        legacyPageOffset,
    ]

    /// The spring progress of seed 004's `UIView.animate(withDuration:delay:
    /// usingSpringWithDamping:initialSpringVelocity:…)` with UIKit's duration + damping
    /// mapping (motion-math.md §2.3; ζ 2 becomes 1), ending exactly at 1 at the duration.
    static func easing(_ parameters: ParameterValues) -> TimingCurve {
        let duration = parameters.number("duration")
        let velocity = parameters.number("initialVelocity")
        let spring =
            Spring.uikit(duration: duration, dampingRatio: parameters.number("dampingRatio"), initialVelocity: velocity)
            ?? .systemDefault
        return .spring(spring, initialVelocity: velocity, duration: duration)
    }
}
