public import SegueEngine

/// Frames to send as `frames` messages of a bounded size, made one message at a time when the
/// transport asks for the next, so that however many frames a message from the client
/// determines, the session holds at most one of their messages encoded.
///
/// Why: one client message can determine a large burst. A settle of 18 553 frames
/// (`touchwonders.shapeDrop` with a very soft spring) is 14 MB of JSON; the 10 000 samples a
/// client resends after a reconnect (README, "Live drive") can be 29 MB. Encoded at once, the
/// burst sat in memory whole until a slow client took it. The frames themselves are held
/// anyway (a `POST /v1/simulate` answer holds them too, and `--max-frames` bounds them); their
/// JSON is made as the socket drains (`DriveConnection`). A client concatenates the frames of
/// successive `frames` messages, so where a burst is cut changes only how many messages carry it.
public struct FrameBurst: Sendable, Equatable {
    /// About how large a message is made: 64 KiB, small enough that a client applies the first
    /// frames of a burst while the rest are on their way, and large enough that a message's own
    /// cost (a frame header of at most 14 bytes, one parse) is a tiny part of it.
    public static let messageBytes = 1 << 16

    /// The frames not yet made into messages.
    private var rest: ArraySlice<SimulationFrame>
    /// The layers the `started` message listed, whose frames each state's `frame` is written against.
    private let layers: [LayerDescription]
    /// The session's encoding (`FrameChain`).
    private let encoding: FrameEncoding
    /// The frame sent before the next message's first: the compact encoding writes it against
    /// this one. Nil before a session's first frame.
    private var previous: SimulationFrame?
    /// The first message, kept from the check so that a burst of one message is encoded once.
    private var first: [UInt8]?
    /// Frames in each message: `messageBytes` over the JSON a frame of these layers is expected
    /// to take (`SimulateResponse.bytesPerLayerState` a layer, plus the frame's own members).
    private let framesPerMessage: Int

    /// Checks every frame for a number that is not finite, by making every message once (a fault
    /// of the engine's that `POST /v1/simulate` answers 500): nil if one holds such a number, so
    /// that no frame of a faulty run is sent. Only the first message is kept. `encoding` and
    /// `previous`: as `init(checked:layers:encoding:after:)`.
    init?(
        checking frames: ArraySlice<SimulationFrame>, layers: [LayerDescription], encoding: FrameEncoding = .full,
        after previous: SimulationFrame? = nil
    ) {
        self.init(checked: frames, layers: layers, encoding: encoding, after: previous)
        var probe = self
        while let message = probe.message() {
            guard !message.isEmpty else { return nil }
            if first == nil { first = message }
        }
    }

    /// Frames checked before (realtime frames, checked when their simulation ran), in `encoding`;
    /// in the compact one the first is written against `previous`, the frame sent before it (nil:
    /// in full), and each later one against the frame before it, across the messages of the burst.
    init(
        checked frames: ArraySlice<SimulationFrame>, layers: [LayerDescription], encoding: FrameEncoding = .full,
        after previous: SimulationFrame? = nil
    ) {
        rest = frames
        self.layers = layers
        self.encoding = encoding
        self.previous = previous
        framesPerMessage = max(1, Self.messageBytes / (64 + max(layers.count, 1) * SimulateResponse.bytesPerLayerState))
    }

    /// Whether every frame has been made into a message.
    public var isEmpty: Bool { first == nil && rest.isEmpty }

    /// Frames not yet made into a message.
    public var remainingFrames: Int { rest.count }

    /// The next `frames` message, nil once all are made.
    public mutating func nextMessage() -> [UInt8]? {
        guard let kept = first else { return message() }
        first = nil
        advance()
        return kept
    }

    /// Makes the message of the next `framesPerMessage` frames ([] for one holding a number that
    /// is not finite).
    private mutating func message() -> [UInt8]? {
        guard !rest.isEmpty else { return nil }
        defer { advance() }
        return DriveMessage.frames(
            rest.prefix(framesPerMessage), layers: layers, encoding: encoding, after: previous)
    }

    /// Moves past the next message's frames; its last is the frame before the message after it.
    private mutating func advance() {
        let count = min(framesPerMessage, rest.count)
        previous = rest.prefix(count).last ?? previous
        rest = rest.dropFirst(count)
    }
}
