public import SegueMath

/// A validated `POST /v1/curves` request: the curve to sample and how.
public struct CurvesQuery: Sendable, Hashable {
    /// How the client described the curve, echoed so a response says what it answers.
    public enum Form: String, Sendable, Hashable {
        case named, cubicBezier
        /// `duration` + `dampingRatio` (+ `initialVelocity`): UIKit's spring API.
        case uikit
        /// `mass` + `stiffness` + `damping`: Core Animation, Framer Motion.
        case physical
        /// `response` + `dampingFraction`: SwiftUI.
        case response
        /// `duration` + `bounce`: SwiftUI, iOS 17.
        case perceptual
        /// `tension` + `friction`: Origami and Rebound.
        case origami
    }

    public var form: Form
    public var curve: TimingCurve
    /// When the curve ends, seconds: `curve.duration`, resolved once (for a spring
    /// without a UIKit duration it is a settling search).
    public var duration: Double
    /// Samples per second, 1…240.
    public var frameRate: Double
    /// The value at progress 0.
    public var from: Double
    /// The value at progress 1.
    public var to: Double
    /// Whether the answer carries ready-to-paste code for the curve on each platform (`CurveCode`).
    public var code = false

    /// The shortest duration accepted, in seconds: a millisecond, a sixteenth of a
    /// 60 Hz frame. Shorter ones only round to 0 on the wire and overflow velocities.
    public static let minimumDuration = 0.001
    /// The smallest mass or stiffness of a physical spring. The damping ratio is
    /// c / (2·√(k·m)); with both at 1e-200 the product underflows to 0 and the ratio is
    /// infinite (the request answered 500 before this minimum). From 1e-6 up to the 1e12 magnitude cap the
    /// product stays within 1e-12…1e24.
    public static let minimumMassOrStiffness = 1e-6
    /// `frameRate` when the request names none: a 60 Hz display.
    public static let defaultFrameRate = 60.0
    /// A cubic curve's duration when the request names none: Core Animation's
    /// default `CATransaction.animationDuration()`, 0.25 s.
    public static let defaultCubicDuration = 0.25
}
