import Glibc
import SegueTestSupport

/// A client socket to 127.0.0.1 that can write a byte at a time and notices when the
/// server ends the connection, for the head-deadline tests: `TestHTTPConnection` reads
/// with a whole-second timeout, too coarse to time a cut.
final class TricklingClient {
    private let fd: Int32
    /// Bytes the server sent, in order.
    private(set) var received: [UInt8] = []

    init(port: Int) throws {
        fd = try connectToLoopback(port: port)
    }

    deinit {
        close(fd)
    }

    /// Sends `bytes` at once; false if the connection is gone.
    func send(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) == bytes.count }
    }

    /// Waits up to `milliseconds` for the server to end the connection, keeping whatever
    /// it sends meanwhile; true once it has ended it (end of stream or reset).
    func waitForClose(milliseconds: Int32) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(milliseconds)
        while ContinuousClock.now < deadline {
            let remaining = deadline - ContinuousClock.now
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let wait = Int32(
                remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000)
            guard poll(&descriptor, 1, max(wait, 1)) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { return true }
            received += buffer[..<count]
        }
        return false
    }

    /// Reads until one whole response (head and `Content-Length` body) has arrived
    /// after `offset` bytes of `received`, or `milliseconds` pass; true when it has.
    func awaitResponse(after offset: Int, milliseconds: Int32 = 5000) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(milliseconds)
        while ContinuousClock.now < deadline {
            if isCompleteResponse(Array(received[offset...])) { return true }
            if waitForClose(milliseconds: 20) { return isCompleteResponse(Array(received[offset...])) }
        }
        return false
    }

    private func isCompleteResponse(_ bytes: [UInt8]) -> Bool {
        guard let end = bytes.firstRange(of: [13, 10, 13, 10])?.upperBound else { return false }
        let head = String(decoding: bytes[..<end], as: UTF8.self).lowercased()
        let length =
            head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingPrefix(" ")) } ?? 0
        return bytes.count - end >= length
    }
}
