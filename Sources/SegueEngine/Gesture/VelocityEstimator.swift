/// How a gesture's velocity is estimated from its samples.
///
/// The raw values are the strings clients send and receive.
public enum VelocityEstimator: String, Sendable, Hashable, CaseIterable, Codable {
    /// UIKit's `UIPanGestureRecognizer.velocity(in:)` as reconstructed in motion-math §4.1: a
    /// 0.2 / 0.8 blend of the two newest moves' velocities, never decayed. The default, because
    /// Segue reproduces UIKit.
    case uikit
    /// Flutter's default `VelocityTracker` (motion-math §4.2): the slope of an unweighted quadratic
    /// least-squares fit over the last 100 ms of continuous motion; zero once the finger rests.
    case leastSquares

    /// The estimator used when a client names none: ``uikit``.
    public static let standard = VelocityEstimator.uikit
}
