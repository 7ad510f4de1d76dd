import SegueEngine

/// A drive session's encoding and the last frame it handed out to be sent, so that in the compact
/// encoding each frame is written against the frame sent before it, whichever message carried
/// that one: the previous `frames` message of the same answer, of an earlier `samples` message, a
/// realtime frame sent by `DriveSession.due(at:)`, or the message before in a burst cut by
/// `FrameBurst`. A new `start` makes a new chain, so its first frame is written in full.
///
/// Why here and not in the session: the rule is `FrameEncoding.compact`'s (written by
/// `SimulateResponse.write(_:layers:changedSince:into:)`, the one copy of it); what the drive
/// adds is only which frame counts as "before". The transport sends a session's outputs in the
/// order they are made, so the frame handed out last is the frame the client received last.
struct FrameChain: Sendable, Equatable {
    let encoding: FrameEncoding
    /// The last frame handed to a burst; nil before the session's first frame.
    private(set) var last: SimulationFrame?

    init(encoding: FrameEncoding) {
        self.encoding = encoding
    }

    /// The burst of `frames`, which follow those handed out before, each checked for a number that
    /// is not finite (`FrameBurst.init(checking:…)`); nil for a faulty one. The chain moves past them.
    mutating func burst(checking frames: ArraySlice<SimulationFrame>, layers: [LayerDescription]) -> FrameBurst? {
        guard let burst = FrameBurst(checking: frames, layers: layers, encoding: encoding, after: last) else {
            return nil
        }
        last = frames.last ?? last
        return burst
    }

    /// The burst of frames checked before (realtime frames, checked when their simulation ran).
    mutating func burst(checked frames: ArraySlice<SimulationFrame>, layers: [LayerDescription]) -> FrameBurst {
        defer { last = frames.last ?? last }
        return FrameBurst(checked: frames, layers: layers, encoding: encoding, after: last)
    }

    /// Whether `frames`, sent later after those handed out so far, hold only finite numbers; the
    /// chain does not move (they are handed out when they fall due, `burst(checked:layers:)`).
    func check(_ frames: ArraySlice<SimulationFrame>, layers: [LayerDescription]) -> Bool {
        FrameBurst(checking: frames, layers: layers, encoding: encoding, after: last) != nil
    }
}
