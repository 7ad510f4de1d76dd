/// The curves a designer can name: Core Animation's `CAMediaTimingFunctionName`
/// values, which UIKit's `UIView.AnimationCurve` cases map onto one for one
/// (motion-math.md §1.1–§1.2).
public enum NamedCurve: String, Sendable, CaseIterable {
    case linear
    case easeIn
    case easeOut
    /// `.easeInEaseOut` in Core Animation, `.easeInOut` in UIKit.
    case easeInOut
    /// Core Animation's `.default`, not UIKit's default (which is `easeInOut`).
    case `default`

    public var bezier: CubicBezier {
        switch self {
        case .linear: return .linear
        case .easeIn: return .easeIn
        case .easeOut: return .easeOut
        case .easeInOut: return .easeInEaseOut
        case .default: return .caDefault
        }
    }
}

/// UIKit's `UIView.AnimationCurve`, with its raw values; the matching
/// `UIView.AnimationOptions` are these shifted left by 16.
public enum UIKitAnimationCurve: Int, Sendable, CaseIterable {
    case easeInOut = 0
    case easeIn = 1
    case easeOut = 2
    case linear = 3

    /// The curve `UIView.animate(withDuration:animations:)` uses when no curve option
    /// is given: "curveEaseInOut" per Apple's documentation (motion-math.md §1.2).
    public static let animateDefault = UIKitAnimationCurve.easeInOut

    /// The Core Animation curve UIKit plays for this case.
    public var bezier: CubicBezier {
        switch self {
        case .easeInOut: return .easeInEaseOut
        case .easeIn: return .easeIn
        case .easeOut: return .easeOut
        case .linear: return .linear
        }
    }

    /// The `UIView.AnimationOptions` bit for this curve.
    public var animationOption: Int { rawValue << 16 }
}
