import SegueMath

/// The frame clock every preset shares: frame k is at t0 + k/frameRate; frames
/// continue on that grid through the gesture and the settle animation, and the
/// last one is the first grid time at or after the end, showing the exact final
/// state with phase `settled`.
public struct FrameGrid: Sendable, Hashable {
    /// Time of frame 0, seconds: the `began` sample's time, or 0 for a tap.
    public var start: Double
    /// When the transition ends, seconds on the same clock.
    public var end: Double
    public var frameRate: Double
    /// The most frames this simulation may produce; more is an error, not an allocation.
    public var maxFrames: Int
    /// Asked every `CancellationCheck.frameBatch` frames whether to go on.
    public var cancellation: CancellationCheck
    /// When set, only the frames at or before this time are built (and no final state unless
    /// it falls there): what an open gesture's samples so far determine.
    public var horizon: Double?
    /// Frames before this index are not built: a live session has sent them already, and each
    /// frame is a function of its own time, so the rest come out the same without them.
    public var firstFrame = 0

    /// The frame cap of a server started with default flags.
    public static let defaultMaxFrames = 20_000

    public init(
        start: Double, end: Double, frameRate: Double, maxFrames: Int = defaultMaxFrames,
        cancellation: CancellationCheck = .never
    ) {
        self.start = start
        self.end = end
        self.frameRate = frameRate
        self.maxFrames = maxFrames
        self.cancellation = cancellation
    }

    /// Frames from frame 0 to the first grid time at or after the end (a grid time
    /// within 1e-9 s of the end counts as the end).
    public var frameCount: Int {
        let span = max(end - start, 0) * frameRate
        guard span.isFinite, span < Double(maxFrames) * 2 else { return Int.max }
        return (Int(rounding: span - 1e-9 * frameRate, .up) ?? Int.max - 1) + 1
    }

    /// The time of frame `index`.
    public func time(ofFrame index: Int) -> Double {
        start + Double(index) / frameRate
    }

    /// Builds every frame, or throws when there would be more than `maxFrames`.
    /// `state` is asked for each grid time but the last, which `finalState` gives.
    /// Before each batch of `CancellationCheck.frameBatch` frames the cancellation check is
    /// asked; once it says so, the frames built so far are dropped and
    /// `SimulationError.cancelled` thrown, so a client that has gone costs at most one batch.
    public func frames(
        state: (Double) -> SimulationFrame, finalState: (Double) -> SimulationFrame
    ) throws(SimulationError) -> [SimulationFrame] {
        let count = frameCount
        if let horizon, let shown = framesUpTo(horizon), shown < count {
            return try frames(count: shown, state: state)
        }
        guard count <= maxFrames else {
            throw .tooManyFrames(seconds: end - start, frameRate: frameRate, maxFrames: maxFrames)
        }
        var frames: [SimulationFrame] = []
        frames.reserveCapacity(max(count - firstFrame, 0))
        for index in min(firstFrame, count - 1)..<(count - 1) {
            if index % CancellationCheck.frameBatch == 0, cancellation.isCancelled {
                throw SimulationError.cancelled
            }
            frames.append(state(time(ofFrame: index)))
        }
        if firstFrame < count {
            frames.append(finalState(time(ofFrame: count - 1)))
        }
        return frames
    }

    /// How many grid frames lie at or before `time`, or nil when that is not a count under the cap
    /// plus one (the caller then builds the grid as usual, and the cap applies).
    private func framesUpTo(_ time: Double) -> Int? {
        guard time >= start else { return 0 }
        let span = (time - start) * frameRate
        guard span.isFinite, span <= Double(maxFrames), var last = Int(rounding: span, .down) else { return nil }
        // The grid's own times decide, exactly as the full run lays them.
        while last >= 0, self.time(ofFrame: last) > time { last -= 1 }
        while self.time(ofFrame: last + 1) <= time { last += 1 }
        return last + 1
    }

    /// The first `count` frames, all from `state`.
    private func frames(count: Int, state: (Double) -> SimulationFrame) throws(SimulationError)
        -> [SimulationFrame]
    {
        guard count <= maxFrames else {
            throw .tooManyFrames(seconds: Double(count) / frameRate, frameRate: frameRate, maxFrames: maxFrames)
        }
        var frames: [SimulationFrame] = []
        frames.reserveCapacity(max(count - firstFrame, 0))
        for index in min(firstFrame, count)..<count {
            if index % CancellationCheck.frameBatch == 0, cancellation.isCancelled {
                throw SimulationError.cancelled
            }
            frames.append(state(time(ofFrame: index)))
        }
        return frames
    }
}
