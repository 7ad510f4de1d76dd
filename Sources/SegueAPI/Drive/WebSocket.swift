import FoundationEssentials

/// RFC 6455 (the WebSocket protocol), the server's side, as plain values with no socket: the
/// handshake's checks, a reader that turns a client's bytes into messages, and the writer of
/// the server's frames.
///
/// Why our own: the well-kept Swift implementations (swift-nio's NIOWebSocket, Hummingbird's
/// WebSocket) run inside a SwiftNIO channel pipeline, and Segue's connections belong to
/// libmicrohttpd, which hands over a bare socket after the upgrade. The protocol's framing is
/// small; this file is all of it that a server needs, with no extensions (no compression) and
/// no subprotocols.
public enum WebSocket {
    /// The version this server speaks (RFC 6455 §4.1); a handshake asking for another gets 426.
    public static let version = "13"
    /// Appended to the client's key before hashing (RFC 6455 §1.3).
    public static let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// A frame's kind (RFC 6455 §5.2).
    public enum Opcode: UInt8, Sendable {
        case continuation = 0x0
        case text = 0x1
        case binary = 0x2
        case close = 0x8
        case ping = 0x9
        case pong = 0xA

        var isControl: Bool { rawValue & 0x8 != 0 }
    }

    /// Why a connection closes (RFC 6455 §7.4.1), the codes Segue sends.
    public enum CloseCode: UInt16, Sendable {
        /// The purpose is fulfilled: the client closed, or asked to.
        case normal = 1000
        /// The server is shutting down (or the connection was idle for too long).
        case goingAway = 1001
        /// The client broke the framing rules.
        case protocolError = 1002
        /// A kind of data the server does not take: a binary message.
        case unsupportedData = 1003
        /// A text message that is not UTF-8.
        case invalidPayload = 1007
        /// A rule of this server's was broken: a client that does not read what it is sent.
        case policyViolation = 1008
        /// A message larger than the server takes.
        case messageTooBig = 1009
        /// The server met a condition it did not expect.
        case internalError = 1011
    }

    /// Something a client sent, once whole.
    public enum Message: Sendable, Equatable {
        case text([UInt8])
        case binary([UInt8])
        case ping([UInt8])
        case pong([UInt8])
        /// The client's close frame: its code (nil if it sent none) and reason.
        case close(code: UInt16?, reason: String)
    }

    /// Why the reader stops: the connection is to be closed with this code and reason.
    public struct Failure: Error, Sendable, Equatable {
        public var code: CloseCode
        public var reason: String
    }

    // MARK: the handshake

    /// Whether `request` asks to open a WebSocket (RFC 6455 §4.1): a GET with `Upgrade: websocket`.
    public static func isUpgrade(_ request: HTTPRequest) -> Bool {
        request.headers["Upgrade"].map { tokens($0).contains("websocket") } ?? false
    }

    /// The handshake's problems, or the client's key when the request is a valid opening handshake:
    /// a GET, `Connection: Upgrade`, version 13 and a key that is 16 bytes in base64.
    public static func handshakeKey(_ request: HTTPRequest) -> Result<String, Problem> {
        guard request.method == .get else {
            return .failure(
                .badHandshake("A WebSocket opening handshake is a GET request, not \(request.method)."))
        }
        guard request.headers["Connection"].map({ tokens($0).contains("upgrade") }) ?? false else {
            return .failure(.badHandshake("The handshake needs 'Connection: Upgrade' beside 'Upgrade: websocket'."))
        }
        guard request.headers["Sec-WebSocket-Version"]?.trimmingOptionalWhitespace == version else {
            return .failure(.webSocketVersion(request.headers["Sec-WebSocket-Version"]))
        }
        guard let key = request.headers["Sec-WebSocket-Key"]?.trimmingOptionalWhitespace, keyBytes(key)?.count == 16
        else {
            return .failure(
                .badHandshake("Sec-WebSocket-Key must be 16 random bytes in base64 (24 characters, RFC 6455 §4.1)."))
        }
        return .success(key)
    }

    /// The comma-separated tokens of a header, lowercased.
    static func tokens(_ value: String) -> [String] {
        value.split(separator: ",").map { String($0).trimmingOptionalWhitespace.lowercased() }
    }

    /// Base64 (RFC 4648), for the handshake's `Sec-WebSocket-Accept`.
    public static func base64(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }

    /// A handshake key's bytes, or nil when it is not padded base64.
    static func keyBytes(_ key: String) -> [UInt8]? {
        Data(base64Encoded: key).map { Array($0) }
    }

    // MARK: the server's frames

    /// One unfragmented, unmasked frame (servers never mask, RFC 6455 §5.1).
    public static func frame(_ opcode: Opcode, _ payload: some Collection<UInt8>) -> [UInt8] {
        var bytes: [UInt8] = [0x80 | opcode.rawValue]
        bytes.reserveCapacity(payload.count + 10)
        switch payload.count {
        case ..<126:
            bytes.append(UInt8(payload.count))
        case ..<65536:
            bytes.append(126)
            bytes += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            bytes.append(127)
            bytes += (0..<8).reversed().map { UInt8((UInt64(payload.count) >> (8 * UInt64($0))) & 0xFF) }
        }
        bytes += payload
        return bytes
    }

    /// A close frame with its code and a reason, cut to fit a control frame's 125 bytes.
    public static func closeFrame(_ code: CloseCode, reason: String) -> [UInt8] {
        var payload = [UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xFF)]
        var reasonBytes = Array(reason.utf8.prefix(123))
        while String(validating: reasonBytes, as: UTF8.self) == nil { reasonBytes.removeLast() }
        payload += reasonBytes
        return frame(.close, payload)
    }

    // MARK: reading a client's frames

    /// Turns the bytes a client sends into messages: unmasks, joins fragments (control frames may
    /// come between them), checks text for UTF-8 and every framing rule a server must (RFC 6455
    /// §5), and refuses a message over `maxMessageBytes` as soon as its header says so, before its
    /// payload is stored.
    public struct Reader: Sendable {
        public let maxMessageBytes: Int
        private var buffer: [UInt8] = []
        private var consumed = 0
        private var fragments: [UInt8] = []
        private var fragmentedOpcode: Opcode?

        public init(maxMessageBytes: Int) {
            self.maxMessageBytes = maxMessageBytes
        }

        /// Bytes appended and not yet parsed into a message (a whole message waiting to be taken
        /// among them), so that the transport can stop reading while its session is busy.
        public var unreadByteCount: Int { buffer.count - consumed }

        /// Bytes read from the socket.
        public mutating func append(_ bytes: some Collection<UInt8>) {
            if consumed > 0, consumed >= buffer.count / 2 {
                buffer.removeFirst(consumed)
                consumed = 0
            }
            buffer += bytes
        }

        /// The next whole message, nil when more bytes are needed, or the failure that ends the connection.
        public mutating func next() -> Result<Message?, Failure> {
            while true {
                let frame: (fin: Bool, opcode: Opcode, payload: ArraySlice<UInt8>)
                switch parseFrame() {
                case .failure(let failure): return .failure(failure)
                case .success(nil): return .success(nil)
                case .success(let parsed?): frame = parsed
                }
                if frame.opcode.isControl {
                    return control(frame.opcode, Array(frame.payload)).map { $0 }
                }
                switch (frame.opcode, fragmentedOpcode) {
                case (.continuation, nil):
                    return .failure(
                        Failure(code: .protocolError, reason: "a continuation frame with no message to continue"))
                case (.text, _?), (.binary, _?):
                    return .failure(Failure(code: .protocolError, reason: "a new message before the last one ended"))
                case (.continuation, let opcode?):
                    fragments += frame.payload
                    guard frame.fin else { continue }
                    fragmentedOpcode = nil
                    defer { fragments = [] }
                    return whole(opcode, fragments)
                default:
                    guard frame.fin else {
                        fragmentedOpcode = frame.opcode
                        fragments = Array(frame.payload)
                        continue
                    }
                    return whole(frame.opcode, Array(frame.payload))
                }
            }
        }

        private func whole(_ opcode: Opcode, _ payload: [UInt8]) -> Result<Message?, Failure> {
            guard opcode == .text else { return .success(.binary(payload)) }
            guard String(validating: payload, as: UTF8.self) != nil else {
                return .failure(Failure(code: .invalidPayload, reason: "a text message that is not UTF-8"))
            }
            return .success(.text(payload))
        }

        private func control(_ opcode: Opcode, _ payload: [UInt8]) -> Result<Message, Failure> {
            switch opcode {
            case .ping: return .success(.ping(payload))
            case .pong: return .success(.pong(payload))
            default:
                guard !payload.isEmpty else { return .success(.close(code: nil, reason: "")) }
                guard payload.count >= 2 else {
                    return .failure(Failure(code: .protocolError, reason: "a close frame with a one-byte code"))
                }
                let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
                guard Self.isValidCloseCode(code) else {
                    return .failure(Failure(code: .protocolError, reason: "close code \(code) may not be sent"))
                }
                guard let reason = String(validating: payload[2...], as: UTF8.self) else {
                    return .failure(Failure(code: .invalidPayload, reason: "a close reason that is not UTF-8"))
                }
                return .success(.close(code: code, reason: reason))
            }
        }

        /// The codes an endpoint may send in a close frame (RFC 6455 §7.4).
        static func isValidCloseCode(_ code: UInt16) -> Bool {
            switch code {
            case 1000...1003, 1007...1011, 3000...4999: true
            default: false
            }
        }

        /// The next frame, unmasked; nil when its bytes have not all arrived.
        private mutating func parseFrame() -> Result<(fin: Bool, opcode: Opcode, payload: ArraySlice<UInt8>)?, Failure>
        {
            let available = buffer.count - consumed
            guard available >= 2 else { return .success(nil) }
            let first = buffer[consumed]
            let second = buffer[consumed + 1]
            guard first & 0x70 == 0 else {
                return .failure(Failure(code: .protocolError, reason: "reserved bits set; no extension was agreed"))
            }
            guard let opcode = Opcode(rawValue: first & 0x0F) else {
                return .failure(Failure(code: .protocolError, reason: "unknown opcode \(first & 0x0F)"))
            }
            let fin = first & 0x80 != 0
            guard second & 0x80 != 0 else {
                return .failure(Failure(code: .protocolError, reason: "a client frame that is not masked"))
            }
            var length = UInt64(second & 0x7F)
            var header = 2
            if length == 126 {
                guard available >= 4 else { return .success(nil) }
                length = UInt64(buffer[consumed + 2]) << 8 | UInt64(buffer[consumed + 3])
                header = 4
            } else if length == 127 {
                guard available >= 10 else { return .success(nil) }
                length = (2..<10).reduce(UInt64(0)) { $0 << 8 | UInt64(buffer[consumed + $1]) }
                guard length >> 63 == 0 else {
                    return .failure(Failure(code: .protocolError, reason: "a payload length with its top bit set"))
                }
                header = 10
            }
            if opcode.isControl {
                guard fin, length <= 125 else {
                    return .failure(
                        Failure(code: .protocolError, reason: "a control frame fragmented or over 125 bytes"))
                }
            } else {
                let message = UInt64(opcode == .continuation ? fragments.count : 0) + length
                guard message <= UInt64(maxMessageBytes) else {
                    return .failure(
                        Failure(code: .messageTooBig, reason: "a message over \(maxMessageBytes) bytes"))
                }
            }
            let size = Int(length)
            guard available >= header + 4 + size else { return .success(nil) }
            let mask = Array(buffer[(consumed + header)..<(consumed + header + 4)])
            let start = consumed + header + 4
            for index in 0..<size {
                buffer[start + index] ^= mask[index & 3]
            }
            consumed = start + size
            return .success((fin, opcode, buffer[start..<(start + size)]))
        }
    }
}

extension Problem {
    /// A WebSocket opening handshake that RFC 6455 §4.2.1 says to refuse with 400.
    static func badHandshake(_ detail: String) -> Problem {
        Problem(
            type: typeURI("bad-websocket-handshake"), title: "Bad WebSocket handshake", status: .badRequest,
            detail: detail)
    }

    /// A handshake for a WebSocket version other than 13: 426 (RFC 6455 §4.4).
    static func webSocketVersion(_ sent: String?) -> Problem {
        Problem(
            type: typeURI("websocket-version"), title: "Unsupported WebSocket version", status: .upgradeRequired,
            detail: "This server speaks WebSocket version 13 (RFC 6455); the handshake asked for "
                + (sent.map { "'\($0)'" } ?? "none") + ". Send 'Sec-WebSocket-Version: 13'.")
    }
}
