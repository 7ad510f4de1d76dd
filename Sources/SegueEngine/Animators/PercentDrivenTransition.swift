public import SegueMath

/// A model of `UIPercentDrivenInteractiveTransition` scrubbing a plain UIView
/// animation, the way the seeds use it: the animation is frozen and `update(p)`
/// shows it at time p·D; `finish()` plays animation time forward from there and
/// `cancel()` plays it back to 0, both at `completionSpeed` (seed-transitions.md
/// §1.4(1); motion-math.md §3.3, the layer-time path).
///
/// The output is animation time, in seconds into the frozen animation: the preset
/// evaluates its own curves at that time, as Core Animation does with a layer's
/// `timeOffset`. A transition whose animator reports one duration but animates for
/// another (seed 004's [untitled] bug) is modelled by giving both.
public struct PercentDrivenTransition: Sendable, Hashable {
    /// `transitionDuration`, which scales `update(p)`, in seconds.
    public let reportedDuration: Double
    /// How long the animation really runs, in seconds; where `finish()` ends.
    public let animationDuration: Double
    /// `completionSpeed` (default 1); values ≤ 0 act as 1, as UIKit treats them.
    public let completionSpeed: Double
    /// An optional `completionCurve` remapping the remaining time after release.
    /// nil keeps raw animation time, the seeds' behaviour (seed-transitions.md §1.4).
    public let completionCurve: CubicBezier?

    /// How the interaction ended.
    public enum Completion: Sendable, Hashable {
        case finish, cancel
    }

    /// The moment of `finish()` or `cancel()`, and the animation time it left from.
    struct Release: Sendable, Hashable {
        var time: Double
        var from: Double
        var completion: Completion
    }

    private var scrubbedTime: Double = 0
    private var release: Release?

    public init(
        reportedDuration: Double, animationDuration: Double? = nil, completionSpeed: Double = 1,
        completionCurve: CubicBezier? = nil
    ) {
        self.reportedDuration = reportedDuration
        self.animationDuration = animationDuration ?? reportedDuration
        self.completionSpeed = completionSpeed > 0 && completionSpeed.isFinite ? completionSpeed : 1
        self.completionCurve = completionCurve
    }

    /// `update(percentComplete)`: shows the animation at p·D, p clamped to [0, 1].
    /// Ignored once released.
    public mutating func update(_ percentComplete: Double) {
        guard release == nil, percentComplete.isFinite else { return }
        scrubbedTime = min(max(percentComplete, 0), 1) * reportedDuration
    }

    /// `finish()` or `cancel()` at wall time `time` (seconds).
    public mutating func complete(_ completion: Completion, at time: Double) {
        guard release == nil else { return }
        release = Release(time: time, from: scrubbedTime, completion: completion)
    }

    /// The animation time shown at wall time `time`: the scrubbed time until the
    /// release, then moving toward the end (finish) or 0 (cancel).
    public func animationTime(at time: Double) -> Double {
        guard let release else { return scrubbedTime }
        let target = release.completion == .finish ? animationDuration : 0
        let span = abs(target - release.from)
        guard span > 0 else { return target }
        let wall = span / completionSpeed
        let fraction = min(max((time - release.time) / wall, 0), 1)
        let eased = completionCurve?.value(at: fraction) ?? fraction
        return release.from + (target - release.from) * eased
    }

    /// When the completion ends, in wall-clock seconds; nil before the release.
    public var completionEndTime: Double? {
        guard let release else { return nil }
        let target = release.completion == .finish ? animationDuration : 0
        return release.time + abs(target - release.from) / completionSpeed
    }
}
