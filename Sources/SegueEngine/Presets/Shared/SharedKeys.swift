extension VelocityEstimator: ParameterChoice {}
extension TouchResampling: ParameterChoice {}

/// Parameters several families share.
enum SharedKeys {
    static let velocityEstimator = ParameterKey.choice(
        "velocityEstimator", default: VelocityEstimator.uikit,
        summary: "How the release velocity is estimated: UIKit's 0.2/0.8 blend or a least-squares fit.",
        source: "UIKit's UIPanGestureRecognizer velocity; Flutter's VelocityTracker")
    static let touchResampling = ParameterKey.choice(
        "touchResampling", default: TouchResampling.latest,
        summary: "How the finger is read at each frame: the latest touch sample, as the original code sees "
            + "touches, or interpolated between the samples around the frame's time, as iOS and Android "
            + "resample touches to the display (steady progress when the touch and frame rates differ).",
        source: "Segue's option (UIKit delivers touches as they arrive; iOS and Android resample them to the display)")
}
