import Glibc
import SegueTestSupport

/// A drive socket client (RFC 6455) over a blocking loopback socket, written for the tests that
/// must choose how a client reads: slowly, in small pieces, or not at all. It opens
/// `GET /v1/drive` with a handshake, sends masked text messages (RFC 6455 §5.3: a client masks
/// every frame), and reads the server's frames, which Segue never fragments, `chunk` bytes per
/// `recv` at most. Every read and write times out, so a broken server fails a test rather than
/// hanging it.
final class DriveTestClient {
    /// A frame from the server.
    struct Frame {
        var opcode: UInt8
        var payload: [UInt8]

        /// A close frame's code (1005, "no status", when it carries none).
        var closeCode: Int? {
            guard opcode == 0x8 else { return nil }
            return payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : 1005
        }
    }

    private let fd: Int32
    private var buffer: [UInt8] = []
    /// Bytes read after the handshake's head.
    private(set) var received = 0
    /// The server's answer to the handshake, status line and headers.
    private(set) var handshakeHead = ""

    /// Connects, with a receive buffer of `receiveBuffer` bytes when given (set before
    /// connecting, since the kernel sizes the TCP window from it), and completes the handshake.
    init(port: Int, receiveBuffer: Int? = nil, timeoutSeconds: Int = 60) throws {
        let fd = try connectToLoopback(port: port, timeoutSeconds: timeoutSeconds, receiveBuffer: receiveBuffer)
        self.fd = fd
        // The sample key of RFC 6455 §1.3; the server's accept value is checked by WebSocketTests.
        try send(
            Array(
                ("GET /v1/drive HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n").utf8))
        let terminator: [UInt8] = [13, 10, 13, 10]
        var headEnd = buffer.firstRange(of: terminator)?.upperBound
        while headEnd == nil {
            guard try fill(chunk: 4096) else { throw TestSocketError("closed before the handshake's answer") }
            headEnd = buffer.firstRange(of: terminator)?.upperBound
        }
        guard let end = headEnd else { throw TestSocketError("no handshake answer") }
        let head = String(decoding: buffer[..<end], as: UTF8.self)
        guard head.hasPrefix("HTTP/1.1 101") else { throw TestSocketError("the handshake was answered \(head)") }
        handshakeHead = head
        buffer.removeFirst(end)
        received = buffer.count
    }

    deinit {
        Glibc.close(fd)
    }

    /// Sends one text message, masked.
    func sendText(_ text: String) throws {
        let payload = Array(text.utf8)
        var bytes: [UInt8] = [0x81]
        switch payload.count {
        case ..<126: bytes.append(0x80 | UInt8(payload.count))
        case ..<65536: bytes += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: bytes += [0x80 | 127] + (0..<8).reversed().map { UInt8((payload.count >> (8 * $0)) & 0xFF) }
        }
        let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
        bytes += mask
        bytes += payload.enumerated().map { $0.element ^ mask[$0.offset & 3] }
        try send(bytes)
    }

    /// The next frame; nil once the server has ended the connection (closed or reset it).
    /// Each `recv` takes at most `chunk` bytes, and `pauseMicroseconds` pass after it.
    func readFrame(chunk: Int = 65536, pauseMicroseconds: UInt32 = 0) throws -> Frame? {
        while true {
            if let frame = parse() { return frame }
            guard try fill(chunk: chunk) else { return nil }
            if pauseMicroseconds > 0 { usleep(pauseMicroseconds) }
        }
    }

    /// Reads until the server ends the connection.
    func readUntilClosed() throws {
        while try fill(chunk: 1 << 20) {}
        buffer = []
    }

    private func parse() -> Frame? {
        guard buffer.count >= 2 else { return nil }
        var length = Int(buffer[1] & 0x7F)
        var header = 2
        if length == 126 {
            guard buffer.count >= 4 else { return nil }
            length = Int(buffer[2]) << 8 | Int(buffer[3])
            header = 4
        } else if length == 127 {
            guard buffer.count >= 10 else { return nil }
            length = (2..<10).reduce(0) { $0 << 8 | Int(buffer[$1]) }
            header = 10
        }
        guard buffer.count >= header + length else { return nil }
        let frame = Frame(opcode: buffer[0] & 0x0F, payload: Array(buffer[header..<(header + length)]))
        buffer.removeFirst(header + length)
        return frame
    }

    private func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let result = bytes[sent...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard result > 0 else { throw TestSocketError("send failed: errno \(errno)") }
            sent += result
        }
    }

    /// Reads at most `chunk` bytes into the buffer; false at the end of the stream or a reset.
    private func fill(chunk: Int) throws -> Bool {
        var bytes = [UInt8](repeating: 0, count: chunk)
        let count = recv(fd, &bytes, chunk, 0)
        if count > 0 {
            buffer += bytes[..<count]
            received += count
            return true
        }
        if count == 0 || errno == ECONNRESET { return false }
        throw TestSocketError(errno == EAGAIN ? "timed out waiting for the server" : "recv failed: errno \(errno)")
    }
}
