public import SegueMath

/// A gesture velocity and the evidence behind it, so a client can be told why it is what it is.
public struct VelocityEstimate: Sendable, Hashable {
    /// Why the estimator returned the velocity it did.
    public enum Basis: String, Sendable, Hashable, CaseIterable, Codable {
        /// UIKit: 0.2 × the newest move's velocity + 0.8 × the one before it (three samples).
        case blend
        /// UIKit: the newest move's velocity alone, as there was no earlier move (two samples).
        case newestMove
        /// UIKit: the touch had not moved yet, so the velocity is zero.
        case noMovement
        /// Least squares: the linear coefficient of a quadratic fit over the samples.
        case quadraticFit
        /// Least squares: fewer than three samples of continuous motion, so the velocity is zero.
        case tooFewSamples
        /// Least squares: more than 40 ms passed between the newest sample and the time asked
        /// about, so the finger is taken to have stopped and the velocity is zero.
        case pointerStopped
        /// Least squares: the samples' times are too close together to fit, so the velocity is zero.
        case degenerateFit
    }

    /// The estimated velocity, in points per second; finite.
    public var velocity: Point
    /// The estimator that produced it.
    public var estimator: VelocityEstimator
    /// Why the velocity is what it is.
    public var basis: Basis
    /// Indices into ``GestureTrack/samples`` of the samples the estimator looked at, oldest first.
    /// For ``Basis/tooFewSamples`` these are the samples that were found, too few to fit; for
    /// ``Basis/pointerStopped`` there are none.
    public var sampleIndices: [Int]

    /// How many samples the estimator looked at.
    public var sampleCount: Int { sampleIndices.count }

    public init(velocity: Point, estimator: VelocityEstimator, basis: Basis, sampleIndices: [Int]) {
        self.velocity = velocity
        self.estimator = estimator
        self.basis = basis
        self.sampleIndices = sampleIndices
    }
}
