extension VelocityEstimator: ParameterChoice {}

/// Parameters several families share.
enum SharedKeys {
    static let velocityEstimator = ParameterKey.choice(
        "velocityEstimator", default: VelocityEstimator.uikit,
        summary: "How the release velocity is estimated: UIKit's 0.2/0.8 blend or a least-squares fit.",
        source: "motion-math.md §4.1, §4.2")
}
