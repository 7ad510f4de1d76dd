import SegueEngine

/// The messages the server sends on a drive socket, as JSON text. Each has a `type`; frames,
/// the decision, layers and events are written exactly as in a `POST /v1/simulate` answer.
/// A message holding a number that is not finite comes back empty (a fault of the engine's, which
/// the session answers as a 500 problem and close 1011, as `POST /v1/simulate` answers a 500).
enum DriveMessage {
    /// `started`: the session's preset, frame rate, pace, encoding and layers, before any frame.
    static func started(
        preset: String, frameRate: Double, pace: DrivePace, encoding: FrameEncoding, layers: [LayerDescription]
    ) -> [UInt8] {
        message("started") { writer in
            writer.member("preset", preset)
            writer.member("frameRate", frameRate)
            writer.member("pace", pace.rawValue)
            writer.member("encoding", encoding.rawValue)
            writer.key("layers")
            SimulateResponse.write(layers, into: &writer)
        }
    }

    /// `frames`: frames determined since the last message, in time order, of the `layers` the
    /// `started` message listed; a large burst is cut into several (`FrameBurst`). In the compact
    /// encoding each frame holds what changed since the frame before it, the first since
    /// `previous`, the last frame of the message before (in full when there is none), exactly as
    /// a compact simulate answer writes its frames.
    static func frames(
        _ frames: ArraySlice<SimulationFrame>, layers: [LayerDescription], encoding: FrameEncoding = .full,
        after previous: SimulationFrame? = nil
    ) -> [UInt8] {
        message("frames") { writer in
            writer.key("frames")
            writer.beginArray()
            var before = encoding == .compact ? previous : nil
            for frame in frames {
                SimulateResponse.write(frame, layers: layers, changedSince: before, into: &writer)
                if encoding == .compact { before = frame }
            }
            writer.endArray()
        }
    }

    /// `decision`: what the release decided.
    static func decision(_ decision: Decision) -> [UInt8] {
        message("decision") { writer in
            writer.key("decision")
            SimulateResponse.write(decision, into: &writer)
        }
    }

    /// `settled`: the transition has ended; its duration and events, as the simulate answer's.
    static func settled(duration: Double, events: [SimulationEvent]) -> [UInt8] {
        message("settled") { writer in
            writer.member("duration", duration)
            writer.key("events")
            SimulateResponse.write(events, into: &writer)
        }
    }

    /// `error`: a problem object, as an HTTP answer's body, with pointers into the message that
    /// caused it. The session goes on unless a close follows.
    static func error(_ problem: Problem, requestID: String) -> [UInt8] {
        let body = HTTPResponse.problem(problem, path: DriveSession.path, requestID: requestID).body
        return message("error") { writer in
            writer.key("problem")
            writer.raw(body)
        }
    }

    private static func message(_ type: StaticString, _ members: (inout JSONWriter) -> Void) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 512)
        writer.beginObject()
        writer.member("type", String(describing: type))
        members(&writer)
        writer.endObject()
        // A number that is not finite is written as null; the session refuses to send such a message.
        return writer.hasNonFiniteNumber ? [] : writer.bytes
    }
}

/// How the settle frames are sent: all at once at the release, or each at its own time.
public enum DrivePace: String, Sendable, CaseIterable {
    /// As soon as they are determined: the settle at the release, in one message.
    case asap
    /// Each settle frame when its time comes, counted from the release's arrival, so that a thin
    /// client can apply frames as they arrive.
    case realtime
}
