import CMicroHTTPD
import Glibc
import SegueAPI
import SegueTestSupport
import Testing

@testable import SegueHTTP

/// Answers nobody reads give their memory back when other work waits for it
/// (`RequestDeadlines.reclaim`, `WorkGate.whenMemoryIsShort`), and the kernel's count of
/// acknowledged bytes that decides which answers those are is read right.
@Suite struct NonReaderTests {
    /// Instagram's interactive pop held down for `seconds` at 240 frames per second: about
    /// 900 bytes of JSON a frame, so megabytes of answer (5.4 MB for 25 s) from a small request.
    private func longDrag(seconds: Int) -> [UInt8] {
        Array(
            """
            {"preset":"instagram.pop.interactive","frameRate":240,"gesture":{"samples":[\
            {"t":0,"x":20,"y":300,"phase":"began"},{"t":0.1,"x":60,"y":300,"phase":"changed"},\
            {"t":\(seconds),"x":60,"y":300,"phase":"ended"}]}}
            """.utf8)
    }

    /// A client with a 4 KiB receive buffer asks for a multi-megabyte answer and never reads
    /// it; the answer holds more than the whole 1 MiB budget. A request sent next whose work is
    /// estimated past the quick lane's 1 MiB (a 6 s drag, so it queues in the gate for memory)
    /// must still be answered, well before libmicrohttpd's idle timeout (60 s here) would have
    /// closed the non-reader: the waiting work has the server cut the stalled answer short,
    /// once it has been stalled for the 1 s grace. Before, it waited for the timeout.
    @Test func workWaitingForMemoryCutsShortAnAnswerNobodyReads() throws {
        let gate = WorkGate(maxRunning: 2, maxQueued: 16, memoryBudget: 1 << 20)
        let live = try LiveServer(gate: gate, connectionTimeout: 60)

        let nonReader = try TestHTTPConnection(port: live.port, timeoutSeconds: 30, receiveBuffer: 4096)
        try nonReader.send(
            TestHTTPConnection.request(
                "POST", "/v1/simulate", headers: [("Content-Type", "application/json")], body: longDrag(seconds: 25)))
        // Wait until its answer is computed and queued: nothing computes, and bytes are held.
        #expect(
            live.eventually(within: 30) { gate.admittedCount == 0 && gate.reservedBytes > gate.memoryBudget },
            "the non-reader's answer should hold the whole budget")

        let next = try TestHTTPConnection(port: live.port, timeoutSeconds: 30)
        let answer = try next.exchange(
            "POST", "/v1/simulate", headers: [("Content-Type", "application/json")], body: longDrag(seconds: 6))
        #expect(answer.status == 200)

        // The non-reader's answer was cut short: what arrives is less than its declared length.
        let received = try nonReader.readUntilClosed()
        let text = String(decoding: received.prefix(512), as: UTF8.self)
        let declared = text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
        let headLength = (received.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound) ?? received.count
        #expect(declared != nil && received.count - headLength < declared ?? 0)
    }

    /// The kernel's acknowledged-bytes count read at its offset in `struct tcp_info` equals the
    /// bytes the other end has read, on a loopback pair where nothing else was sent.
    @Test func acknowledgedBytesAreTheBytesThePeerReceived() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                guard bind(listener, $0, length) == 0, listen(listener, 1) == 0,
                    getsockname(listener, $0, &length) == 0
                else { throw TestSocketError("cannot listen: errno \(errno)") }
            }
        }
        let client = try connectToLoopback(port: Int(UInt16(bigEndian: address.sin_port)), timeoutSeconds: 5)
        defer { close(client) }
        let server = accept(listener, nil, nil)
        defer { close(server) }
        #expect(segue_tcp_bytes_acked(server) == 0)

        let sent = 100_000
        let bytes = [UInt8](repeating: 7, count: sent)
        var received = 0
        var offset = 0
        var buffer = [UInt8](repeating: 0, count: 65536)
        while received < sent {
            if offset < sent {
                let count = bytes[offset...].withUnsafeBytes {
                    send(server, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
                }
                if count > 0 { offset += count }
            }
            let count = recv(client, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count > 0 { received += count }
        }
        // The last acknowledgement may still be on its way through the loopback.
        var acked = segue_tcp_bytes_acked(server)
        for _ in 0..<200 where acked != Int64(sent) {
            usleep(5_000)
            acked = segue_tcp_bytes_acked(server)
        }
        #expect(acked == Int64(sent))
    }
}
