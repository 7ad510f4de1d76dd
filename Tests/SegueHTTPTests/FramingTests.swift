import Foundation
import SegueHTTP
import SegueTestSupport
import Testing

/// Heads that RFC 9112 forbids or that Segue caps, sent as raw bytes over a real
/// socket: each must come back as a problem+json with `X-Request-Id`, and where the
/// framing is in doubt the connection must be closed after it. Expected statuses come
/// from the RFC text cited in each test, not from the server.
@Suite struct FramingTests {
    /// One raw request; the response, and whether the server then closed the connection.
    private func send(_ head: String, body: String = "", to live: LiveServer) throws -> (TestHTTPResponse, Bool) {
        let connection = try TestHTTPConnection(port: live.port, timeoutSeconds: 5)
        try connection.send(Array(head.utf8) + Array(body.utf8))
        let response = try connection.readResponse()
        let rest = try connection.readUntilClosed()
        return (response, rest.isEmpty)
    }

    private func problemType(_ response: TestHTTPResponse) -> String? {
        let body = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
        return body?["type"] as? String
    }

    private func expectProblem(_ response: TestHTTPResponse, status: Int, type: String) {
        #expect(response.status == status)
        #expect(response.header("Content-Type") == "application/problem+json")
        #expect(response.header("X-Request-Id") != nil)
        #expect(problemType(response) == type)
    }

    /// RFC 9112 §6.3 (5): differing Content-Length values are an unrecoverable framing
    /// error; 400, then close. The bytes past the first length must not be answered as
    /// a second request (the smuggling the issue describes).
    @Test func twoDifferentContentLengthsAre400AndClose() throws {
        let live = try LiveServer()
        let connection = try TestHTTPConnection(port: live.port, timeoutSeconds: 5)
        try connection.send(
            "POST /v1/curves HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Content-Length: 2\r\nContent-Length: 40\r\n\r\n{}GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try connection.readResponse()
        expectProblem(response, status: 400, type: "urn:segue:problem:conflicting-content-length")
        #expect(response.header("Connection") == "close")
        #expect(try connection.readUntilClosed().isEmpty)
    }

    /// RFC 9112 §6.1: Transfer-Encoding overrides Content-Length, and a server that gets
    /// both "MUST close the connection after responding".
    @Test func chunkedWithContentLengthIsAnsweredThenClosed() throws {
        let live = try LiveServer()
        let (response, closed) = try send(
            "POST /test/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n", body: "17\r\n{\"name\":\"a\",\"count\":1}\r\n0\r\n\r\n",
            to: live)
        #expect(response.status == 200)
        // The whole 23-byte chunk was the body, not the first 5 bytes Content-Length named.
        let echoed = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
        #expect(echoed?["name"] as? String == "a")
        #expect(echoed?["count"] as? Int == 1)
        #expect(response.header("Connection") == "close")
        #expect(closed)
    }

    /// RFC 9112 §3.2: a server MUST answer 400 to an HTTP/1.1 request without Host or
    /// with more than one. HTTP/1.0 may omit it.
    @Test func http11NeedsExactlyOneHost() throws {
        let live = try LiveServer()
        let (missing, _) = try send("GET /healthz HTTP/1.1\r\n\r\n", to: live)
        expectProblem(missing, status: 400, type: "urn:segue:problem:host-required")
        let (twice, _) = try send("GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", to: live)
        expectProblem(twice, status: 400, type: "urn:segue:problem:host-required")
        let (http10, _) = try send("GET /healthz HTTP/1.0\r\n\r\n", to: live)
        #expect(http10.status == 200)
    }

    /// RFC 9112 §6.1: a transfer coding the server does not understand SHOULD get 501;
    /// the body's end is then unknown, so the connection closes.
    @Test func transferCodingsOtherThanChunkedAre501() throws {
        let live = try LiveServer()
        for coding in ["gzip", "gzip, chunked"] {
            let (response, closed) = try send(
                "POST /v1/curves HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: \(coding)\r\n\r\n", body: "abc", to: live)
            expectProblem(response, status: 501, type: "urn:segue:problem:unsupported-transfer-coding")
            #expect(closed)
        }
    }

    /// A percent-encoded NUL must not cut the path short (the issue's three paths
    /// answered 200); it is refused.
    @Test(arguments: ["/openapi.yaml%00.txt", "/healthz%00x", "/v1/presets/instagram.push%00junk"])
    func encodedNULIsRefused(path: String) throws {
        let live = try LiveServer()
        let response = try TestHTTPConnection(port: live.port).exchange("GET", path)
        expectProblem(response, status: 400, type: "urn:segue:problem:invalid-path")
    }

    /// RFC 3986 §2.2: an encoded '/' is data within its segment, so `a%2Fb` is one
    /// preset id, `a/b`, which does not exist.
    @Test func encodedSlashStaysInsideTheSegment() throws {
        let live = try LiveServer()
        let response = try TestHTTPConnection(port: live.port).exchange("GET", "/v1/presets/a%2Fb")
        expectProblem(response, status: 404, type: "urn:segue:problem:unknown-preset")
        #expect(response.text.contains("'a/b'"))
        let encoded = try TestHTTPConnection(port: live.port).exchange("GET", "/v1/presets/instagram%2Epush")
        #expect(encoded.status == 200)
    }

    /// Past Segue's caps (8 KiB target, 16 KiB head) and within libmicrohttpd's memory,
    /// Segue answers 414 and 431 itself; the issue's 65 KB URL and 33 KB header included.
    @Test func longTargetsAndHeadsAreProblems() throws {
        let live = try LiveServer()
        let (url, urlClosed) = try send(
            "GET /" + String(repeating: "a", count: 65_000) + " HTTP/1.1\r\nHost: x\r\n\r\n", to: live)
        expectProblem(url, status: 414, type: "urn:segue:problem:uri-too-long")
        #expect(url.body.count < 2048)  // the refused path is quoted in part, not echoed whole
        #expect(urlClosed)
        let (head, headClosed) = try send(
            "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 33_000) + "\r\n\r\n",
            to: live)
        expectProblem(head, status: 431, type: "urn:segue:problem:header-fields-too-large")
        #expect(headClosed)
    }

    /// RFC 8259 §8.1: JSON exchanged between systems is UTF-8; a body declared UTF-16 is
    /// refused rather than misread.
    @Test func nonUTF8CharsetIs415() throws {
        let live = try LiveServer()
        let response = try TestHTTPConnection(port: live.port).exchange(
            "POST", "/test/echo", headers: [("Content-Type", "application/json; charset=utf-16")],
            body: Array(#"{"name":"a","count":1}"#.utf8))
        expectProblem(response, status: 415, type: "urn:segue:problem:unsupported-media-type")
    }

    /// A member name twice is read differently by different parsers; refused at the second.
    @Test func duplicateMemberNamesAre400() throws {
        let live = try LiveServer()
        let response = try TestHTTPConnection(port: live.port).exchange(
            "POST", "/test/echo", headers: [("Content-Type", "application/json")],
            body: Array(#"{"name":"a","count":1,"name":"b"}"#.utf8))
        expectProblem(response, status: 400, type: "urn:segue:problem:malformed-json")
        // The second "name" starts at byte 22, column 23.
        #expect(response.text.contains("column 23"))
    }
}
