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

/// The faults libmicrohttpd 0.9.75 let through or answered itself (issue 26, item 6), sent as
/// raw bytes to a real server: the framing filter cuts the stream at each and the dispatcher
/// answers it as a problem, closing the connection. Statuses from the RFC text cited.
@Suite struct FramingFilterServerTests {
    private func send(
        _ bytes: [UInt8], to live: LiveServer
    ) throws -> (response: TestHTTPResponse, closed: Bool, after: [UInt8]) {
        let connection = try TestHTTPConnection(port: live.port, timeoutSeconds: 5)
        try connection.send(bytes)
        let response = try connection.readResponse()
        let rest = try connection.readUntilClosed()
        return (response, true, rest)
    }

    private func send(_ text: String, to live: LiveServer) throws -> (
        response: TestHTTPResponse, closed: Bool, after: [UInt8]
    ) {
        try send(Array(text.utf8), to: live)
    }

    private func problemType(_ response: TestHTTPResponse) -> String? {
        let body = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
        return body?["type"] as? String
    }

    /// A problem+json with the type, `X-Request-Id`, `Connection: close`, and nothing after it.
    private func expectRefusal(
        _ result: (response: TestHTTPResponse, closed: Bool, after: [UInt8]), status: Int, type: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.response.status == status, sourceLocation: sourceLocation)
        #expect(result.response.header("Content-Type") == "application/problem+json", sourceLocation: sourceLocation)
        #expect(result.response.header("X-Request-Id") != nil, sourceLocation: sourceLocation)
        #expect(result.response.header("Connection") == "close", sourceLocation: sourceLocation)
        #expect(problemType(result.response) == "urn:segue:problem:\(type)", sourceLocation: sourceLocation)
        #expect(result.after.isEmpty, sourceLocation: sourceLocation)
    }

    /// RFC 9112 §3: a request line holds no control characters; libmicrohttpd cut the path at a
    /// raw NUL and answered `/healthz` 200.
    @Test(arguments: [ThreadingModel.threadPerConnection, .pool(threads: 2)])
    func aRawNULInThePathIs400(threading: ThreadingModel) throws {
        let live = try LiveServer(threading: threading)
        let result = try send("GET /healthz\0junk HTTP/1.1\r\nHost: x\r\n\r\n", to: live)
        expectRefusal(result, status: 400, type: "invalid-request-line")
        #expect(result.response.text.contains("0x00"))
    }

    /// RFC 9112 §5.1: whitespace between a field name and its colon MUST get 400. With
    /// `Content-Length` beside it, libmicrohttpd framed the body by the length, so a proxy
    /// that read the chunked coding would see the rest as a second request.
    @Test func transferEncodingWithASpaceBeforeTheColonIs400() throws {
        let live = try LiveServer()
        let smuggled = "0\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
        let result = try send(
            "POST /test/echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\nContent-Length: \(smuggled.utf8.count)"
                + "\r\n\r\n" + smuggled, to: live)
        expectRefusal(result, status: 400, type: "invalid-field")
    }

    /// RFC 9110 §5.1 (a field name is a token), §5.5 (NUL in a value MUST be refused or
    /// replaced), RFC 9112 §5.2 (obs-fold: 400, or replaced with spaces).
    @Test(arguments: [
        "GET /healthz HTTP/1.1\r\nHost: x\r\nX Foo: bar\r\n\r\n",
        "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Foo: a\0b\r\n\r\n",
        "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Foo: a\r\n b\r\n\r\n",
    ])
    func malformedFieldLinesAre400(head: String) throws {
        let live = try LiveServer()
        expectRefusal(try send(head, to: live), status: 400, type: "invalid-field")
    }

    /// RFC 9112 §7.1.1: a server ought to limit chunk extensions and answer a 4xx past it;
    /// libmicrohttpd answered its own HTML 500 once its buffer filled.
    @Test func aChunkExtensionPastTheLimitIs413() throws {
        let live = try LiveServer()
        let result = try send(
            "POST /test/echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2;e="
                + String(repeating: "a", count: 70_000) + "\r\n{}\r\n0\r\n\r\n", to: live)
        expectRefusal(result, status: 413, type: "chunk-extensions-too-large")
    }

    /// A chunk size past the 4 MiB body limit is refused when its size line arrives, not after
    /// libmicrohttpd waited 10 s for data that never came. (Before a connection's first head is
    /// read, the filter holds chunks to the largest limit of any server in the process: 4 MiB
    /// in this test process too.)
    @Test(arguments: ["500000", "ffffffffffffffff", "10000000000000000"])
    func aChunkPastTheBodyLimitIs413AtOnce(size: String) throws {
        let live = try LiveServer(connectionTimeout: 30)
        let result = try send(
            "POST /test/echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n\(size)\r\n{}", to: live)
        expectRefusal(result, status: 413, type: "body-too-large")
    }

    /// RFC 9110 §7.8: a server ignores Upgrade in HTTP/1.0, and RFC 6455 §4.1 needs HTTP/1.1;
    /// libmicrohttpd dropped the connection when a 101 was queued for HTTP/1.0.
    @Test func aWebSocketHandshakeInHTTP10Is426() throws {
        let live = try LiveServer()
        let result = try send(
            "GET /v1/drive HTTP/1.0\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n", to: live)
        expectRefusal(result, status: 426, type: "upgrade-requires-http11")
        #expect(result.response.header("Upgrade") == "websocket")
    }

    /// RFC 9112 §3.2.2: a server MUST accept the absolute-form, and route it by its path; the
    /// Host field is still required of HTTP/1.1 (§3.2).
    @Test func anAbsoluteFormTargetIsRoutedByItsPath() throws {
        let live = try LiveServer()
        for target in ["http://example.com/healthz", "HTTPS://example.com:8443/healthz"] {
            let result = try TestHTTPConnection(port: live.port).exchange("GET", target)
            #expect(result.status == 200)
            #expect(result.text == #"{"status":"ok"}"#)
        }
        let noHost = try send("GET http://example.com/healthz HTTP/1.1\r\n\r\n", to: live)
        expectRefusal(noHost, status: 400, type: "host-required")
        for target in ["ftp://example.com/healthz", "http:///healthz", "http://user@example.com/healthz", "healthz"] {
            expectRefusal(
                try send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n", to: live), status: 400, type: "invalid-target")
        }
    }

    /// RFC 9110 §9.3.7: `OPTIONS *` asks about the server; 200 with Allow and Content-Length 0.
    /// The API's operations are GETs and POSTs (openapi.yaml); HEAD is served wherever GET is.
    /// Any other method with `*` is refused (RFC 9112 §3.2.4).
    @Test func optionsAsteriskNamesTheServersMethods() throws {
        let live = try LiveServer()
        let connection = try TestHTTPConnection(port: live.port)
        try connection.send("OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.status == 200)
        #expect(response.header("Allow") == "GET, HEAD, POST, OPTIONS")
        #expect(response.header("Content-Length") == "0")
        #expect(response.header("X-Request-Id") != nil)
        #expect(try connection.exchange("GET", "/healthz").status == 200)  // kept alive
        expectRefusal(try send("GET * HTTP/1.1\r\nHost: x\r\n\r\n", to: live), status: 400, type: "invalid-target")
    }

    /// Valid requests pass the filter unchanged: pipelined, one framed by its length, one chunked
    /// with an extension and a trailer; all answered, in order, on one connection.
    @Test func pipelinedAndChunkedRequestsAreAnsweredInOrder() throws {
        let live = try LiveServer()
        let connection = try TestHTTPConnection(port: live.port)
        let echo = #"{"name":"a\u0000 b","count":1}"#
        try connection.send(
            "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
                + "POST /test/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(echo.utf8.count)\r\n\r\n"
                + echo
                + "POST /test/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "9;ext=\"a b\"\r\n{\"name\":\"\r\nD\r\nb\",\"count\":2}\r\n0\r\nX-Trailer: t\r\n\r\n"
                + "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try connection.readResponse().status == 200)
        let first = try connection.readResponse()
        #expect(first.status == 200 && first.text.contains(#""count":1"#))
        let second = try connection.readResponse()
        #expect(second.status == 200 && second.text.contains(#""count":2"#))
        #expect(try connection.readResponse().status == 200)
    }

    /// A client that half-closes after its request (shutdown(SHUT_WR)) is answered: sent
    /// `100 Continue` when its end of stream is seen (RFC 9110 §15.2: an HTTP/1.1 client must
    /// skip it), then the answer; before, the POST was taken as abandoned and never answered.
    @Test func aClientThatHalfClosesIsAnswered() throws {
        let live = try LiveServer()
        let connection = try TestHTTPConnection(port: live.port)
        let request = #"{"curve":{"type":"named","name":"linear","duration":0.1},"frameRate":10}"#
        try connection.send(
            TestHTTPConnection.request(
                "POST", "/v1/curves", headers: [("Content-Type", "application/json")], body: Array(request.utf8)))
        connection.finishSending()
        var response = try connection.readResponse()
        while (100..<200).contains(response.status) {
            response = try connection.readResponse()
        }
        #expect(response.status == 200)
        #expect(response.text.contains(#""samples""#))
    }
}
