import SegueMath

/// The curves the Instagram family can animate with: seed 000's text (UIKit's
/// default easeInOut), its article code (S2), and the YUI variant (S6).
enum InstagramCurve: String, ParameterChoice {
    case easeInOut, linear, easeIn, easeOut, `default`
    /// S2 `SharedTransitionConfig.default`: (0.5, 0, 0.6, 1).
    case articleDefault
    /// S2 `SharedTransitionConfig.interactive`: (0.57, 0.27, 0.21, 0.97).
    case articleInteractive
    /// S6 YUI: (0.25, 0.46, 0.45, 0.94).
    case yui
    /// S6 YUI push and pop: a UIView spring, damping 2 (UIKit clamps it to 1), initial velocity 0.4.
    case yuiSpring

    /// The eased progress function over `duration` seconds: e(t) from 0 to 1,
    /// exactly 1 from the duration on (UIKit ends an animation at its duration).
    func easing(duration: Double, initialVelocity: Double? = nil) -> TimingCurve {
        let spec = curve(duration: duration, initialVelocity: initialVelocity)
        // Every spec `curve` makes resolves: its UIKit spring is one `Spring.uikit` gave.
        return spec.timingCurve() ?? .cubic(.linear, duration: duration)
    }

    /// The curve as a transition document states it (docs/transitions.md, "curve").
    func curve(duration: Double, initialVelocity: Double? = nil) -> CurveSpec {
        switch self {
        case .easeInOut: return .cubic(.easeInEaseOut, duration: duration)
        case .linear: return .cubic(.linear, duration: duration)
        case .easeIn: return .cubic(.easeIn, duration: duration)
        case .easeOut: return .cubic(.easeOut, duration: duration)
        case .default: return .cubic(.caDefault, duration: duration)
        case .articleDefault: return .cubic(.instagramDefault, duration: duration)
        case .articleInteractive: return .cubic(.instagramInteractive, duration: duration)
        case .yui: return .cubic(.yui, duration: duration)
        case .yuiSpring:
            let velocity = initialVelocity ?? 0.4
            guard Spring.uikit(duration: duration, dampingRatio: 2, initialVelocity: velocity) != nil else {
                return .spring(.systemDefault, initialVelocity: velocity, duration: duration)
            }
            return .uikitSpring(duration: duration, dampingRatio: 2, initialVelocity: velocity)
        }
    }
}
