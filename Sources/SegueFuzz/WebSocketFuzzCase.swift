import SegueAPI
import SegueEngine

/// A fuzz input as bytes a client sends on the drive socket after the handshake (`--websocket`):
/// the first byte sets how many bytes arrive at a time, the rest go through `WebSocket.Reader`,
/// and every text message it yields through a `DriveSession`.
///
/// Properties, each a trap when broken: the reader ends in a message, more bytes or a failure
/// with a close code, never a crash or a loop; a text message is UTF-8 and within the limit; a
/// session answers every message with valid JSON messages, never a crash.
struct WebSocketFuzzCase {
    static let maxMessageBytes = 4096
    let chunk: Int
    let bytes: [UInt8]

    init(_ input: [UInt8]) {
        chunk = Int(input.first ?? 0) % 64 + 1
        bytes = Array(input.dropFirst())
    }

    @discardableResult
    func check() -> String {
        var reader = WebSocket.Reader(maxMessageBytes: Self.maxMessageBytes)
        var session = DriveSession(
            catalogue: .builtIn, limits: RequestLimits(), maxSamples: 200, requestID: "fuzz")
        var messages = 0
        var start = 0
        while start < bytes.count {
            reader.append(bytes[start..<min(start + chunk, bytes.count)])
            start += chunk
            for _ in 0...bytes.count {
                switch reader.next() {
                case .failure(let failure):
                    return "closed \(failure.code.rawValue) after \(messages) messages"
                case .success(nil):
                    break
                case .success(.text(let text)?):
                    guard text.count <= Self.maxMessageBytes, String(validating: text, as: UTF8.self) != nil else {
                        fatalError("a text message of \(text.count) bytes that is over the limit or not UTF-8")
                    }
                    messages += 1
                    var outputs = session.receive(text, now: Double(messages))
                    outputs += session.due(at: Double(messages) + 100)
                    for output in outputs {
                        Self.checkJSON(output)
                    }
                    continue
                case .success(let other?):
                    if case .binary(let payload) = other, payload.count > Self.maxMessageBytes {
                        fatalError("a binary message over the limit")
                    }
                    messages += 1
                    continue
                }
                break
            }
        }
        return "\(messages) messages"
    }

    /// Traps when a message the session sends is not JSON; a burst's messages are made here, as
    /// the transport makes them.
    static func checkJSON(_ output: DriveSession.Output) {
        var replies: [[UInt8]] = []
        switch output {
        case .text(let reply): replies = [reply]
        case .frames(var burst):
            while let message = burst.nextMessage() { replies.append(message) }
        case .close: break
        }
        for reply in replies where JSONParser.firstError(in: reply, limits: .answers) != nil {
            fatalError("the session sent a message that is not JSON: \(String(decoding: reply, as: UTF8.self))")
        }
    }
}
