/// Parameters several families share.
enum SharedParameters {
    static let velocityEstimator = ParameterSpec(
        name: "velocityEstimator", kind: .choice(["uikit", "leastSquares"]), defaultValue: .choice("uikit"),
        summary: "How the release velocity is estimated: UIKit's 0.2/0.8 blend or a least-squares fit.",
        source: "motion-math.md §4.1, §4.2")
}
