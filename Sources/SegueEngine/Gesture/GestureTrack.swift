public import SegueMath

/// A validated, immutable recording of one pan gesture: the samples an app's action method saw,
/// from `began` to (optionally) `ended` or `cancelled`.
///
/// Built only through the throwing initializer, so every track in the engine has at least one
/// sample, starts with `began`, has at most one terminal sample and nothing after it, has strictly
/// increasing times and finite numbers. The queries below rely on that and never trap.
///
/// A track built with `allowsMultipleStrokes` may instead hold several strokes, each `began` …
/// `ended` (or `cancelled`), one after another: a finger that lifts and touches down again, as
/// when an interruptible transition is grabbed in mid-flight. Only a `began` may follow a
/// terminal sample then; every other rule is the same. Translation and velocity are measured
/// within the stroke a time falls in.
/// Time is always an argument; the track reads no clock.
public struct GestureTrack: Sendable, Hashable {
    /// The most samples a track accepts unless the caller says otherwise: 10 000, about 80 s of
    /// touches at 120 Hz, far more than any transition needs.
    public static let defaultMaximumSampleCount = 10_000

    /// The samples, in time order.
    public private(set) var samples: [GestureSample]

    /// The first sample, whose phase is `began`; translations are measured from its location.
    public private(set) var began: GestureSample

    /// The `ended` or `cancelled` sample that closes the gesture, if the track has one (it is the
    /// last sample). In a multi-stroke track, the last stroke's.
    public private(set) var release: GestureSample?

    /// The sample before the release, the last one a pan handler moved the screen for: UIKit's
    /// handlers update on `began` and `changed`, and on `ended` (or `cancelled`) read the
    /// recognizer and animate from the screen as it is. Nil without a release. (A release is the
    /// last sample and its stroke opens with a `began`, so one always precedes it.)
    public var lastFollowed: GestureSample? {
        release == nil ? nil : samples[samples.count - 2]
    }

    /// Indices of the `began` samples that start each stroke: `[0]` for a single-stroke track.
    /// Kept so a per-frame lookup of a time's stroke is a binary search, not a walk back.
    private(set) var strokeBegins: [Int]

    /// Validates `samples` and keeps them.
    ///
    /// - Parameters:
    ///   - maximumSampleCount: more samples than this is an error (default
    ///     ``defaultMaximumSampleCount``).
    ///   - allowsMultipleStrokes: whether a `began` may follow an `ended` or `cancelled` sample and
    ///     start a new stroke (default false: one stroke, nothing after its end).
    /// - Throws: ``GestureValidationError`` listing every problem found, each with the index of the
    ///   offending sample and the field at fault.
    public init(
        samples: [GestureSample],
        maximumSampleCount: Int = GestureTrack.defaultMaximumSampleCount,
        allowsMultipleStrokes: Bool = false
    ) throws(GestureValidationError) {
        let issues = Self.issues(
            in: samples, maximumSampleCount: maximumSampleCount, allowsMultipleStrokes: allowsMultipleStrokes)
        guard issues.isEmpty, let first = samples.first else {
            throw GestureValidationError(issues: issues)
        }
        self.samples = samples
        self.began = first
        self.release = samples.count > 1 && samples[samples.count - 1].phase.isTerminal ? samples.last : nil
        self.strokeBegins = Self.strokeBegins(of: samples)
    }

    /// Samples already known to make a valid track (`appending`, `alignedToFrames`, an open
    /// gesture closed one frame on), whose strokes start at `strokeBegins`: kept without checking
    /// or scanning them again.
    init(checked samples: [GestureSample], strokeBegins: [Int]) {
        self.samples = samples
        self.began = samples[0]
        self.release = samples.count > 1 && samples[samples.count - 1].phase.isTerminal ? samples.last : nil
        self.strokeBegins = strokeBegins
    }

    /// Adds samples already known to extend this track validly (checked by `canExtend`, or a copy
    /// of a checked track's samples moved onto frame times): in place, so that a track with one
    /// owner (a live session's) grows by the new samples without copying the old ones.
    mutating func extend(checked more: some Collection<GestureSample>) {
        for (offset, sample) in more.enumerated() where sample.phase == .began {
            strokeBegins.append(samples.count + offset)
        }
        samples.append(contentsOf: more)
        release = samples.count > 1 && samples[samples.count - 1].phase.isTerminal ? samples.last : nil
    }

    /// Keeps the first `count` samples (at least the first): undoes `extend(checked:)`.
    mutating func truncate(to count: Int) {
        let kept = max(count, 1)
        guard kept < samples.count else { return }
        samples.removeSubrange(kept...)
        while let last = strokeBegins.last, last >= kept { strokeBegins.removeLast() }
        release = samples.count > 1 && samples[samples.count - 1].phase.isTerminal ? samples.last : nil
    }

    /// Puts `sample` in place of sample `index`: the caller keeps its phase and keeps the times
    /// strictly increasing (a time moved onto a frame, or moved back).
    mutating func replace(checked sample: GestureSample, at index: Int) {
        samples[index] = sample
        if index == 0 { began = sample }
        if index == samples.count - 1, release != nil { release = sample }
    }

    /// Index 0 and every later `began`.
    private static func strokeBegins(of samples: [GestureSample]) -> [Int] {
        [0] + samples.indices.dropFirst().filter { samples[$0].phase == .began }
    }

    /// Where each stroke starts and ends in `samples`: one range (all samples) unless the track
    /// was built with `allowsMultipleStrokes` and the samples hold several `began` … `ended` runs.
    public var strokeRanges: [Range<Int>] {
        zip(strokeBegins, strokeBegins.dropFirst() + [samples.count]).map { $0..<$1 }
    }

    /// An already validated stroke of another track.
    private init(validStroke samples: [GestureSample]) {
        self.samples = samples
        self.began = samples[0]
        self.release = samples.count > 1 && samples[samples.count - 1].phase.isTerminal ? samples.last : nil
        self.strokeBegins = [0]
    }

    /// Each stroke as a single-stroke track of its own, in time order: `[self]` for a track with
    /// one stroke.
    public var strokes: [GestureTrack] {
        guard strokeRanges.count > 1 else { return [self] }
        return strokeRanges.map { range in
            let stroke: [GestureSample] = Array(samples[range])
            return GestureTrack(validStroke: stroke)
        }
    }

    /// Seconds from the `began` sample to the last sample (the release, if there is one); 0 for a
    /// single sample.
    public var duration: Double {
        (samples.last?.time ?? began.time) - began.time
    }

    /// The state of the gesture at `time` (seconds, on the samples' clock): the latest sample taken
    /// at or before it, or nil before the gesture began (or for a NaN time).
    ///
    /// Between samples the gesture holds the earlier sample's state, as an app only learns of a
    /// change when the next sample is delivered.
    public func sample(at time: Double) -> GestureSample? {
        let count = sampleCount(atOrBefore: time)
        return count > 0 ? samples[count - 1] : nil
    }

    /// The translation at `time`, in window points: the location of ``sample(at:)`` minus the
    /// `began` location, or zero before the gesture began.
    ///
    /// UIKit's pan recogniser only begins after the touch has moved its hysteresis distance
    /// (10 pt by default) and then, by our reading of iOS 26.1, subtracts that distance from the
    /// translation on each axis, toward zero (motion-math §4.1, inferred). Clients send the
    /// locations their app observed, so by default (`hysteresis` 0) the positions are used as
    /// given; pass a positive `hysteresis` (points) to model the subtraction. A negative or NaN
    /// hysteresis is treated as 0.
    ///
    /// In a multi-stroke track the translation is measured from the `began` of the stroke `time`
    /// falls in.
    public func translation(at time: Double, hysteresis: Double = 0) -> Point {
        let count = sampleCount(atOrBefore: time)
        guard count > 0 else { return .zero }
        let raw = samples[count - 1].location - samples[strokeStart(before: count)].location
        guard hysteresis > 0 else { return raw }
        return Point(x: Self.shrink(raw.x, by: hysteresis), y: Self.shrink(raw.y, by: hysteresis))
    }

    /// How many samples were taken at or before `time`: a binary search over the strictly
    /// increasing times. A NaN time counts as before every sample.
    func sampleCount(atOrBefore time: Double) -> Int {
        var low = 0
        var high = samples.count
        while low < high {
            let middle = low + (high - low) / 2
            if samples[middle].time <= time {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    /// The index of the `began` that starts the stroke holding sample `count − 1` (0 for a
    /// single-stroke track).
    func strokeStart(before count: Int) -> Int {
        let last = min(count, samples.count) - 1
        var low = 0
        var high = strokeBegins.count
        while low < high {  // the number of stroke starts at or before `last`
            let middle = (low + high) / 2
            if strokeBegins[middle] <= last { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? strokeBegins[low - 1] : 0
    }

    /// `value` moved toward zero by `amount`, stopping at zero.
    private static func shrink(_ value: Double, by amount: Double) -> Double {
        if value > amount { return value - amount }
        if value < -amount { return value + amount }
        return 0
    }
}
