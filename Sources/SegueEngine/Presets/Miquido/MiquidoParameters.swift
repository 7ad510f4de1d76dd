import SegueMath

/// Parameters the Dive Deeper presets share, with their seed sources.
enum MiquidoParameters {
    /// Seed 001: `TransitionAnimator.init(duration: TimeInterval = 0.5, …)`, seconds.
    static let duration = ParameterSpec(
        name: "duration", kind: .number(0.01...10, unit: "s"), defaultValue: .number(0.5),
        summary: "The animator's transitionDuration and the spring animation's duration.",
        source: "seed 001: TransitionAnimator init(duration: TimeInterval = 0.5)")

    static let dampingRatio = ParameterSpec(
        name: "dampingRatio", kind: .number(0.05...1, unit: ""), defaultValue: .number(1),
        summary: "The UIView spring's damping ratio (mapped to stiffness and damping as UIKit does).",
        source: "seed 001: UIView.animate(…, usingSpringWithDamping: 1, …)")

    static let initialVelocity = ParameterSpec(
        name: "initialVelocity", kind: .number(0...20, unit: "1/s"), defaultValue: .number(0.5),
        summary: "The spring's initial velocity, in animation distances per second.",
        source: "seed 001: UIView.animate(…, initialSpringVelocity: 0.5, …)")

    static let fadeColor = ParameterSpec(
        name: "fadeColor", kind: .choice(["white", "black", "clear"]), defaultValue: .choice("white"),
        summary: "The fade view's colour [inferred: the seed's makeFadeView is not shown]; "
            + "it is named in the fade layer's role.",
        source: "seed-transitions.md §7.2, §15.5 [inferred]: a full-screen view in the detail's white background")

    static let fadeOpacity = ParameterSpec(
        name: "fadeOpacity", kind: .number(0...1, unit: ""), defaultValue: .number(1),
        summary: "The fade view's opacity with the detail shown.",
        source: "seed 001: fadeView.alpha = self.presenting.cgFloatValue")

    static let detailReveal = ParameterSpec(
        name: "detailReveal", kind: .choice(["cut", "fade"]), defaultValue: .choice("cut"),
        summary: "How the real detail appears: hidden for the whole morph and cut in at the end (the seed), or "
            + "fading in with the fade view (beyond the seed: content without a phantom no longer pops in).",
        source: "seed 001: presentedView.isHidden = true … completion: presentedView.isHidden = false")

    /// Parameters of the tap-started present and dismiss.
    static let animated: [ParameterSpec] = [
        duration, dampingRatio, initialVelocity, fadeColor, fadeOpacity, detailReveal,
    ]

    /// The spring progress x(t) of seed 001's `UIView.animate(withDuration:delay:
    /// usingSpringWithDamping:initialSpringVelocity:…)`, with UIKit's duration + damping
    /// mapping (motion-math.md §2.3), ending exactly at 1 at the duration.
    static func easing(_ parameters: ParameterValues) -> TimingCurve {
        let duration = parameters.number("duration")
        let velocity = parameters.number("initialVelocity")
        let spring =
            Spring.uikit(duration: duration, dampingRatio: parameters.number("dampingRatio"), initialVelocity: velocity)
            ?? .systemDefault
        return .spring(spring, initialVelocity: velocity, duration: duration)
    }
}
