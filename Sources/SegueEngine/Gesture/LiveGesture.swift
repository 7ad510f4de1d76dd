/// A gesture that grows a few samples at a time, as a live drive session receives it, kept ready
/// for the engine at every length: checked, aligned to the frames, and while the finger is down
/// closed one frame after its latest sample, as `Preset.run` prepares a whole gesture.
///
/// Why: a session runs the engine after every message on all the samples so far. Checking,
/// aligning and closing the whole track each time cost in proportion to its length, so the
/// ten-thousandth sample of a drag cost ten times the thousandth. Here each step looks at the
/// new samples only (and the one before them, whose alignment can depend on the next sample),
/// and both tracks grow in place. The result is the track `SimulationInput` and `Preset.run`
/// would make of the same samples, so the frames are the same (`LiveGestureTests` compares the
/// two at every step of generated gestures).
///
/// A value with one owner: copied, its arrays are shared until one copy grows, which then copies
/// them once, as arrays do.
public struct LiveGesture: Sendable {
    /// The frame rate the frames are aligned to, frames per second.
    public let frameRate: Double
    let maximumSampleCount: Int
    let allowsMultipleStrokes: Bool
    /// The samples as received, checked: nil before the first.
    public private(set) var received: GestureTrack?
    /// `received` aligned to the frames (`GestureTrack.alignedToFrames(at:)`), followed while the
    /// gesture is open by its closing sample (`GestureTrack.closingSample(after:frameRate:)`).
    private(set) var prepared: GestureTrack?
    /// Whether `prepared` ends with a closing sample that `received` does not have.
    private(set) var isClosedHere = false
    /// Set once a sample moved onto a frame time beyond the bound a time is held to: the whole
    /// track's alignment then keeps every time (`alignedToFrames`), which the new samples alone
    /// cannot tell, so from then on the whole track is aligned again at each step. No time sets it
    /// today (near 10¹⁵ s doubles lie an eighth of a second apart, farther than the microsecond a
    /// sample moves); it keeps the rule the whole track's should the bound or the resolution change.
    private var alignsWhole = false

    /// An empty gesture for frames at `frameRate`, checked as `GestureTrack(samples:)` checks one.
    public init(frameRate: Double, maximumSampleCount: Int, allowsMultipleStrokes: Bool) {
        self.frameRate = frameRate
        self.maximumSampleCount = maximumSampleCount
        self.allowsMultipleStrokes = allowsMultipleStrokes
    }

    /// How many samples have been received.
    public var count: Int { received?.samples.count ?? 0 }

    /// What to go back to if a step's samples are refused after they were added.
    public struct Checkpoint: Sendable {
        let count: Int
        let lastPrepared: GestureSample?
        let alignsWhole: Bool
    }

    public var checkpoint: Checkpoint {
        Checkpoint(
            count: count, lastPrepared: count > 0 ? prepared?.samples[count - 1] : nil, alignsWhole: alignsWhole)
    }

    /// Adds `more`, checked against the samples before them (`GestureTrack.append(contentsOf:)`).
    /// On a mistake nothing changes.
    public mutating func append(_ more: [GestureSample]) throws(GestureValidationError) {
        let oldCount = count
        if var track = received {
            received = nil  // one owner while it grows, so it grows in place
            do {
                try track.append(
                    contentsOf: more, maximumSampleCount: maximumSampleCount,
                    allowsMultipleStrokes: allowsMultipleStrokes)
            } catch {
                received = track
                throw error
            }
            received = track
        } else {
            received = try GestureTrack(
                samples: more, maximumSampleCount: maximumSampleCount, allowsMultipleStrokes: allowsMultipleStrokes)
        }
        prepare(from: oldCount)
    }

    /// Goes back to `checkpoint`: the samples added since are dropped, and the one before them
    /// gets back the aligned time it had.
    public mutating func restore(_ checkpoint: Checkpoint) {
        guard checkpoint.count < count else { return }
        guard checkpoint.count > 0, var track = received, var aligned = prepared,
            let last = checkpoint.lastPrepared
        else {
            received = nil
            prepared = nil
            isClosedHere = false
            alignsWhole = false
            return
        }
        received = nil
        prepared = nil
        track.truncate(to: checkpoint.count)
        if alignsWhole != checkpoint.alignsWhole {
            // The refused samples made the whole track's alignment keep every time: aligned again.
            alignsWhole = checkpoint.alignsWhole
            aligned = track.alignedToFrames(at: frameRate)
        } else {
            aligned.truncate(to: checkpoint.count)
            aligned.replace(checked: last, at: checkpoint.count - 1)
        }
        received = track
        isClosedHere = Self.close(&aligned, frameRate: frameRate)
        prepared = aligned
    }

    /// The time received sample `index` is run at: its own, or the frame time it was moved onto
    /// (`alignedToFrames`); nil past the samples.
    public func runTime(ofSample index: Int) -> Double? {
        guard let prepared, index >= 0, index < count else { return nil }
        return prepared.samples[index].time
    }

    /// The track to run: received, aligned and, while open, closed one frame on; and the time of
    /// the latest sample (aligned) when it was closed here (frames are kept only up to it).
    public var runnable: (track: GestureTrack, openUntil: Double?)? {
        guard let prepared else { return nil }
        // The latest sample as aligned, as `Preset.runOpen` reads it from an aligned track.
        return (prepared, isClosedHere ? prepared.samples[prepared.samples.count - 2].time : nil)
    }

    /// Brings `prepared` up to `received`, whose samples from `oldCount` on are new. The tracks
    /// are taken out of the stored properties while they change and put back at the end, so that
    /// each has one owner and grows in place.
    private mutating func prepare(from oldCount: Int) {
        guard let track = received else { return }
        guard var aligned = prepared, oldCount > 0, !alignsWhole else {
            var whole = track.alignedToFrames(at: frameRate)
            isClosedHere = Self.close(&whole, frameRate: frameRate)
            prepared = whole
            return
        }
        prepared = nil
        if isClosedHere {
            aligned.truncate(to: oldCount)
        }
        aligned.extend(checked: track.samples[oldCount...])
        if frameRate.isFinite, frameRate > 0, !Self.align(&aligned, from: oldCount, as: track, frameRate: frameRate) {
            alignsWhole = true
            aligned = track.alignedToFrames(at: frameRate)
        }
        isClosedHere = Self.close(&aligned, frameRate: frameRate)
        prepared = aligned
    }

    /// Aligns the samples of `aligned` from `oldCount − 1` on (the last old sample had no sample
    /// after it when it was aligned) as `alignedToFrames` aligns them, from their times in
    /// `track`. False where a moved time would pass the bound a time is held to: the whole
    /// track's rule then keeps every time, which only a whole pass can give.
    private static func align(
        _ aligned: inout GestureTrack, from oldCount: Int, as track: GestureTrack, frameRate: Double
    )
        -> Bool
    {
        let start = track.began.time
        let samples = track.samples
        for index in max(oldCount - 1, 1)..<samples.count {
            var sample = samples[index]
            if let frameTime = GestureTrack.frameTime(
                of: sample.time, start: start, frameRate: frameRate, after: aligned.samples[index - 1].time,
                before: index + 1 == samples.count ? nil : samples[index + 1].time)
            {
                guard abs(frameTime) <= GestureTrack.largestMagnitude else { return false }
                sample.time = frameTime
            }
            if aligned.samples[index] != sample {
                aligned.replace(checked: sample, at: index)
            }
        }
        return true
    }

    /// Adds the closing sample to `aligned` if it is open and one can follow its latest sample:
    /// whether it did.
    private static func close(_ aligned: inout GestureTrack, frameRate: Double) -> Bool {
        guard aligned.release == nil, frameRate.isFinite, frameRate > 0, let latest = aligned.samples.last,
            let closing = GestureTrack.closingSample(after: latest, frameRate: frameRate)
        else { return false }
        aligned.extend(checked: CollectionOfOne(closing))
        return true
    }
}
