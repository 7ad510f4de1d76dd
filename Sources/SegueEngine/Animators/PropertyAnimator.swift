import SegueMath

/// A model of `UIViewPropertyAnimator` as a value: events with explicit times go in,
/// the progress of its animations at any time comes out. No clock is read.
///
/// Progress here is absolute: 0 is every property at its start value, 1 at its end
/// value. `fractionComplete(at:)` reports it as UIKit does, measured in the current
/// direction (1 − progress once reversed). Semantics follow motion-math.md §3.1–§3.2:
/// scrubbing is linear in value by default (`scrubsLinearly`), reversing flips the
/// reported fraction, continuing restarts the curve at the time fraction that keeps
/// the value continuous, and a spring continuation is a fresh spring from the current
/// value re-solved for the remaining duration.
///
/// Events must come in time order; an event earlier than the last one is treated as
/// happening at the last one's time.
public struct PropertyAnimator: Sendable, Hashable {
    /// UIKit's `state`.
    public enum State: Sendable, Hashable {
        case inactive
        case active(running: Bool)
    }

    /// The animator's duration, in seconds.
    public let duration: Double
    /// The timing it was created with.
    public let timing: AnimatorTiming
    /// `scrubsLinearly` (default true): setting `fractionComplete` while paused puts
    /// properties at that fraction of the way; false scrubs along the curve's time.
    public var scrubsLinearly: Bool

    public private(set) var isReversed = false
    /// Where it finished, once it has.
    public private(set) var finishedAt: AnimatingPosition?
    private var phase: Phase = .idle(progress: 0)
    private var lastEventTime = -Double.infinity

    /// UIKit clamps a set `fractionComplete` to [0.00001, 0.99999] and reports those
    /// bounds back as 0 and 1 (motion-math.md §3.2).
    static let fractionClamp = 0.00001...0.99999

    enum Phase: Sendable, Hashable {
        /// Not started, or paused, or stopped, holding a progress.
        case idle(progress: Double)
        case paused(progress: Double)
        case running(Segment)
        case finished(AnimatingPosition)
    }

    /// One uninterrupted run toward a target.
    struct Segment: Sendable, Hashable {
        enum Motion: Sendable, Hashable {
            /// progress = map(curve(τ)), τ = τ0 + rate·(t − start), ending when τ leaves [0, 1].
            case cubic(CubicBezier, fromTimeFraction: Double, rate: Double, towardEnd: Bool)
            /// progress = p0 + (target − p0)·springProgress(t − start), ending after `length`.
            case spring(Spring, initialVelocity: Double, from: Double, length: Double)
        }

        var motion: Motion
        var start: Double
        /// 1 toward the end values, 0 toward the start values.
        var target: Double

        func progress(at time: Double) -> (value: Double, velocity: Double) {
            let elapsed = max(time - start, 0)
            switch motion {
            case .cubic(let curve, let tau0, let rate, let towardEnd):
                let tau = min(max(tau0 + rate * elapsed, 0), 1)
                let value = curve.value(at: tau)
                let velocity = curve.slope(at: tau) * rate
                // A curve started while reversed runs from the end values (1) toward 0.
                return towardEnd ? (value, velocity) : (1 - value, -velocity)
            case .spring(let spring, let initialVelocity, let from, let length):
                guard elapsed < length else { return (target, 0) }
                let state = spring.progress(at: elapsed, initialVelocity: initialVelocity)
                return (from + (target - from) * state.value, (target - from) * state.velocity)
            }
        }

        /// When this run ends, in seconds.
        var end: Double {
            switch motion {
            case .cubic(_, let tau0, let rate, _):
                return start + (rate > 0 ? (1 - tau0) / rate : tau0 / -rate)
            case .spring(_, _, _, let length):
                return start + length
            }
        }

        /// Where it ends: cubic runs end at the curve's end, which is the target unless
        /// the run was retraced backwards by a reversal while running.
        var endPosition: AnimatingPosition {
            switch motion {
            case .cubic(_, _, let rate, let towardEnd):
                return (rate > 0) == towardEnd ? .end : .start
            case .spring:
                return target == 1 ? .end : .start
            }
        }
    }

    /// A new, inactive animator (`UIViewPropertyAnimator(duration:timingParameters:)`).
    /// A duration of exactly 0 becomes 0.2 s, as UIKit does (motion-math.md §1.2).
    public init(duration: Double, timing: AnimatorTiming, scrubsLinearly: Bool = true) {
        self.duration = duration == 0 ? 0.2 : abs(duration)
        self.timing = timing
        self.scrubsLinearly = scrubsLinearly
    }

    // MARK: Queries

    /// Progress of the animated properties at `time`: 0 start values, 1 end values
    /// (springs may pass 1), with its rate per second.
    public func progress(at time: Double) -> (value: Double, velocity: Double) {
        switch phase {
        case .idle(let progress), .paused(let progress):
            return (progress, 0)
        case .running(let segment):
            return time >= segment.end ? (segment.endPosition == .end ? 1 : 0, 0) : segment.progress(at: time)
        case .finished(let position):
            return (position == .end ? 1 : 0, 0)
        }
    }

    /// `fractionComplete` as UIKit reports it at `time`: in the current direction,
    /// with the scrub clamps mapped back to 0 and 1.
    public func fractionComplete(at time: Double) -> Double {
        let progress = progress(at: time).value
        let fraction = isReversed ? 1 - progress : progress
        if fraction <= Self.fractionClamp.lowerBound { return 0 }
        if fraction >= Self.fractionClamp.upperBound { return 1 }
        return fraction
    }

    /// `state` at `time`.
    public func state(at time: Double) -> State {
        switch phase {
        case .idle: return .inactive
        case .paused: return .active(running: false)
        case .running(let segment): return time >= segment.end ? .inactive : .active(running: true)
        case .finished: return .inactive
        }
    }

    /// When the current run ends, if one is running.
    public var runEndTime: Double? {
        if case .running(let segment) = phase { return segment.end }
        return nil
    }

    // MARK: Events

    /// `startAnimation()` at `time`: from rest, runs the whole animation; from a pause,
    /// resumes (a continue with the original timing and duration).
    public mutating func start(at time: Double) {
        let time = settle(at: time)
        switch phase {
        case .idle(let progress) where progress == 0 && !isReversed:
            run(from: 0, at: time, timing: timing, remaining: duration, keepInternalDuration: true)
        case .idle, .paused:
            continueAnimation(at: time, timing: nil, durationFactor: 0)
        case .running, .finished:
            break
        }
    }

    /// `pauseAnimation()` at `time`: holds the properties where they are.
    public mutating func pause(at time: Double) {
        let time = settle(at: time)
        switch phase {
        case .running(let segment):
            phase = .paused(progress: segment.progress(at: time).value)
        case .idle(let progress):
            phase = .paused(progress: progress)
        case .paused, .finished:
            break
        }
    }

    /// Sets `fractionComplete` (in the current direction) while paused or inactive, at
    /// `time`. Clamped to [0.00001, 0.99999] as UIKit does; with `scrubsLinearly` the
    /// properties go to exactly that fraction of the way, else to the curve's value at
    /// that fraction of the time.
    public mutating func setFractionComplete(_ fraction: Double, at time: Double) {
        let time = settle(at: time)
        let wasRunning: Bool
        if case .running = phase {
            wasRunning = true
            pause(at: time)
        } else {
            wasRunning = false
        }
        guard fraction.isFinite else { return }
        let clamped = min(max(fraction, Self.fractionClamp.lowerBound), Self.fractionClamp.upperBound)
        var directed = clamped
        if !scrubsLinearly, case .cubic(let curve) = timing {
            directed = curve.value(at: clamped)
        }
        phase = .paused(progress: isReversed ? 1 - directed : directed)
        if wasRunning {
            continueAnimation(at: time, timing: nil, durationFactor: 0)
        }
    }

    /// Sets `isReversed` at `time`. Paused or inactive: only the direction (and so the
    /// reported fraction) flips. Running: the current cubic run retraces its curve
    /// backwards from where it is (Core Animation plays it at speed −1); a spring run
    /// restarts toward the other end.
    public mutating func setReversed(_ reversed: Bool, at time: Double) {
        let time = settle(at: time)
        guard reversed != isReversed else { return }
        isReversed = reversed
        guard case .running(var segment) = phase else { return }
        switch segment.motion {
        case .cubic(let curve, let tau0, let rate, let towardEnd):
            let tau = min(max(tau0 + rate * (time - segment.start), 0), 1)
            segment.motion = .cubic(curve, fromTimeFraction: tau, rate: -rate, towardEnd: towardEnd)
            segment.start = time
            segment.target = 1 - segment.target
            phase = .running(segment)
        case .spring:
            pause(at: time)
            continueAnimation(at: time, timing: nil, durationFactor: 0)
        }
    }

    /// `continueAnimation(withTimingParameters:durationFactor:)` at `time`, toward the
    /// end (or the start when reversed). `durationFactor` × duration is the new
    /// remaining duration; 0 keeps the animator's own (motion-math.md §3.1–§3.2).
    public mutating func continueAnimation(at time: Double, timing newTiming: AnimatorTiming?, durationFactor: Double) {
        let time = settle(at: time)
        let progress: Double
        switch phase {
        case .paused(let held), .idle(let held):
            progress = held
        case .running(let segment):
            progress = segment.progress(at: time).value
        case .finished:
            return
        }
        let factor = durationFactor.isFinite && durationFactor > 0 ? durationFactor : 0
        run(
            from: progress, at: time, timing: newTiming ?? timing,
            remaining: factor > 0 ? factor * duration : duration, keepInternalDuration: factor == 0)
    }

    /// `stopAnimation(false)` then `finishAnimation(at:)` at `time`: jumps to `position`.
    public mutating func finish(at position: AnimatingPosition, time: Double) {
        _ = settle(at: time)
        phase = .finished(position)
        finishedAt = position
    }

    // MARK: Internals

    /// Records the event time (kept monotonic) and completes a run that ended before it.
    private mutating func settle(at time: Double) -> Double {
        let time = max(time, lastEventTime)
        lastEventTime = time
        if case .running(let segment) = phase, time >= segment.end {
            phase = .finished(segment.endPosition)
            finishedAt = segment.endPosition
        }
        return time
    }

    /// Starts a run from absolute `progress` toward the current direction's end.
    private mutating func run(
        from progress: Double, at time: Double, timing: AnimatorTiming, remaining: Double, keepInternalDuration: Bool
    ) {
        let towardEnd = !isReversed
        let target: Double = towardEnd ? 1 : 0
        let fraction = min(max(towardEnd ? progress : 1 - progress, 0), 1)  // in the run's direction
        guard fraction < 1 else {
            phase = .finished(towardEnd ? .end : .start)
            finishedAt = towardEnd ? .end : .start
            return
        }
        switch timing {
        case .cubic(let curve):
            // Restart at the time fraction whose value is the current one, so the value is
            // continuous; internal duration D/(1 − f) for a new remaining duration D.
            let tau0 = curve.time(forValue: fraction)
            let internalDuration = keepInternalDuration ? remaining : remaining / (1 - fraction)
            let segment = Segment(
                motion: .cubic(curve, fromTimeFraction: tau0, rate: 1 / internalDuration, towardEnd: towardEnd),
                start: time, target: target)
            phase = .running(segment)
        case .spring(let dampingRatio, let initialVelocity):
            let length = keepInternalDuration ? remaining * (1 - fraction) : remaining
            guard
                let spring = Spring.uikit(
                    duration: length, dampingRatio: dampingRatio, initialVelocity: initialVelocity)
            else {
                phase = .finished(towardEnd ? .end : .start)
                finishedAt = towardEnd ? .end : .start
                return
            }
            let segment = Segment(
                motion: .spring(spring, initialVelocity: initialVelocity, from: progress, length: length),
                start: time, target: target)
            phase = .running(segment)
        }
        finishedAt = nil
    }
}
