extension GestureTrack {
    /// The velocity at `time` (seconds, on the samples' clock), in points per second, estimated
    /// from the samples taken at or before it.
    ///
    /// Only `began` and `changed` samples feed the estimators. An `ended` or `cancelled` sample
    /// carries a location, but neither UIKit nor Flutter records the lift as a movement: UIKit
    /// reports the velocity as of the last change (motion-math §4.1), and Flutter's drag recogniser
    /// adds only pointer-down and pointer-move positions. The release's *time* still matters to
    /// ``VelocityEstimator/leastSquares``, which reports zero when the finger rested more than
    /// 40 ms before it. In a multi-stroke track only the samples of the stroke `time` falls in
    /// count.
    public func velocity(at time: Double, using estimator: VelocityEstimator = .standard) -> VelocityEstimate {
        var count = sampleCount(atOrBefore: time)
        if count > 0 && samples[count - 1].phase.isTerminal {
            count -= 1
        }
        // Only the current stroke's movements: a finger that lifted and touched down again
        // starts from rest.
        let movements = samples[strokeStart(before: count)..<count]
        switch estimator {
        case .uikit:
            return UIKitPanVelocity.estimate(movements)
        case .leastSquares:
            return LeastSquaresVelocity.estimate(movements, at: time)
        }
    }

    /// The velocity at the end of the track, in points per second: at the release if the track
    /// has one, otherwise at the last sample. This is what "finish or cancel" decisions read.
    public func velocity(using estimator: VelocityEstimator = .standard) -> VelocityEstimate {
        velocity(at: samples.last?.time ?? began.time, using: estimator)
    }
}
