import SegueMath

/// UIKit's pan-gesture velocity filter, as reconstructed from iOS 26.1 in motion-math §4.1.
///
/// UIKit keeps two "move" records, each a displacement over a time step: the newest and the one
/// before it. A record's velocity is displacement / step, or zero if the step is under 1 ms. The
/// reported velocity is 0.2 × newest + 0.8 × previous, or the newest alone when there is no
/// previous record whose step exceeds `FLT_EPSILON` seconds. Nothing decays it: if the finger
/// stops and then lifts, the velocity is the stale one from the last movement, as on a device.
///
/// Which samples are moves: the `began` sample is where the track starts, and each `changed`
/// sample whose location differs from the sample before it is a move from the previous move (or
/// from `began`), so began → first change counts. A sample at the same location as the one
/// before it is skipped as if it had not been delivered, because iOS reports a touch as moved
/// only when its location changes; a client that reports a resting finger sample by sample
/// therefore keeps UIKit's stale velocity, and the next real move spans the whole rest. Terminal
/// samples are never passed in (see ``GestureTrack/velocity(at:using:)``).
enum UIKitPanVelocity {
    /// Weight of the newest move's velocity in the blend.
    static let newestWeight = 0.2
    /// Weight of the previous move's velocity in the blend.
    static let previousWeight = 0.8
    /// A move whose time step is shorter than this (seconds) has velocity zero: 1 ms.
    static let minimumStep = 0.001
    /// A previous move with a step at or below this (seconds) does not count, so the newest move
    /// is used alone: single-precision `FLT_EPSILON`, as in UIKit.
    static let previousStepEpsilon = Double(Float.ulpOfOne)

    /// The estimate from `samples`, the `began` and `changed` samples up to the time asked about.
    /// Indices in the result are the samples' indices in the track.
    static func estimate(_ samples: ArraySlice<GestureSample>) -> VelocityEstimate {
        // The newest three samples that were delivered as moves, newest first.
        var delivered: [Int] = []
        var index = samples.endIndex - 1
        while index >= samples.startIndex && delivered.count < 3 {
            if index == samples.startIndex || samples[index].location != samples[index - 1].location {
                delivered.append(index)
            }
            index -= 1
        }
        guard delivered.count >= 2 else {
            return VelocityEstimate(
                velocity: .zero, estimator: .uikit, basis: .noMovement, sampleIndices: delivered.reversed())
        }
        let newest = velocity(from: samples[delivered[1]], to: samples[delivered[0]])
        if delivered.count == 3 {
            let previousStep = samples[delivered[1]].time - samples[delivered[2]].time
            if previousStep > previousStepEpsilon {
                let previous = velocity(from: samples[delivered[2]], to: samples[delivered[1]])
                return VelocityEstimate(
                    velocity: newestWeight * newest + previousWeight * previous,
                    estimator: .uikit, basis: .blend, sampleIndices: delivered.reversed())
            }
        }
        return VelocityEstimate(
            velocity: newest, estimator: .uikit, basis: .newestMove, sampleIndices: [delivered[1], delivered[0]])
    }

    /// One move's velocity in points per second; zero when its step is under ``minimumStep``.
    private static func velocity(from start: GestureSample, to end: GestureSample) -> Point {
        let step = end.time - start.time
        guard step >= minimumStep else { return .zero }
        return (end.location - start.location) * (1 / step)
    }
}
