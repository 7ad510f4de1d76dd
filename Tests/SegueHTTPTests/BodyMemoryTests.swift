import Glibc
import SegueTestSupport
import Testing

@testable import SegueHTTP

/// Request bodies are held within `--body-memory` while they arrive (`BodyMemory`): one that
/// does not fit is refused 503 before its body is read, and its share comes back when a request
/// completes.
@Suite struct BodyMemoryTests {
    /// An echo body of exactly `length` bytes: the JSON, then spaces.
    private func echoBody(length: Int) -> [UInt8] {
        let json = Array(#"{"name":"held","count":1}"#.utf8)
        return json + [UInt8](repeating: 0x20, count: length - json.count)
    }

    private func head(length: Int) -> [UInt8] {
        Array(
            "POST /test/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\r\n"
                .utf8)
    }

    /// With 100 000 bytes of body memory, a body of 80 000 arriving holds 80 000: a second one
    /// of 80 000 is answered 503 `overloaded` with Retry-After (its body dropped as it arrives),
    /// while a GET (no body) and a small body (under 64 KiB: always admitted) are served; once
    /// the first completes, a third of 80 000 is read and served.
    @Test func aBodyThatDoesNotFitIsRefusedUntilAnotherCompletes() throws {
        let live = try LiveServer { $0.bodyMemory = 100_000 }
        let first = try TestHTTPConnection(port: live.port)
        let body = echoBody(length: 80_000)
        try first.send(head(length: 80_000) + body[..<100])
        #expect(live.eventually { live.server.openConnections == 1 })
        usleep(100_000)  // the first head is read and its share taken

        let second = try TestHTTPConnection(port: live.port)
        try second.send(head(length: 80_000) + body)
        let refused = try second.readResponse()
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") == "1")
        #expect(refused.text.contains("urn:segue:problem:overloaded") && refused.text.contains("--body-memory"))
        // The body was read and dropped: the same connection serves its next request.
        #expect(try second.exchange("GET", "/healthz").status == 200)

        let health = try TestHTTPConnection(port: live.port).exchange("GET", "/healthz")
        #expect(health.status == 200)
        let small = try TestHTTPConnection(port: live.port).exchange(
            "POST", "/test/echo", headers: [("Content-Type", "application/json")], body: echoBody(length: 30_000))
        #expect(small.status == 200)

        try first.send(Array(body[100...]))
        #expect(try first.readResponse().status == 200)
        first.close()
        // The first request's share comes back when it completes, just after its answer is sent.
        var third = try TestHTTPConnection(port: live.port).exchange(
            "POST", "/test/echo", headers: [("Content-Type", "application/json")], body: body)
        for _ in 0..<50 where third.status == 503 {
            usleep(20_000)
            third = try TestHTTPConnection(port: live.port).exchange(
                "POST", "/test/echo", headers: [("Content-Type", "application/json")], body: body)
        }
        #expect(third.status == 200)
    }

    /// A chunked body's length is unknown until its last chunk, so it holds the most a body may
    /// be (`--max-body-bytes`, 100 000 here) of the 150 000: a 70 000-byte body beside it (past
    /// the 64 KiB always admitted) is refused.
    @Test func aChunkedBodyHoldsTheLargestBodySize() throws {
        let live = try LiveServer(maxBodyBytes: 100_000) { $0.bodyMemory = 150_000 }
        let chunked = try TestHTTPConnection(port: live.port)
        try chunked.send(
            "POST /test/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        #expect(live.eventually { live.server.openConnections == 1 })
        usleep(100_000)
        let beside = try TestHTTPConnection(port: live.port)
        try beside.send(head(length: 70_000) + echoBody(length: 70_000))
        #expect(try beside.readResponse().status == 503)
    }
}
