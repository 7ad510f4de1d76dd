import Foundation
import SegueAPI
import SegueHTTP
import SegueTestSupport
import Testing

/// The transport over a real socket: health, problems, body limits, keep-alive,
/// concurrency and clients that go away.
@Suite struct LiveServerTests {
    private func json(_ response: TestHTTPResponse) throws -> [String: Any] {
        try #require((try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any])
    }

    @Test func healthAndReadinessAnswer() throws {
        let live = try LiveServer()
        let connection = try TestHTTPConnection(port: live.port)
        let health = try connection.exchange("GET", "/healthz")
        #expect(health.status == 200)
        #expect(health.header("Content-Type") == "application/json")
        #expect(health.header("Content-Length") == "\(health.body.count)")
        #expect(health.text == #"{"status":"ok"}"#)
        #expect(try connection.exchange("GET", "/readyz").status == 200)
        #expect(try connection.exchange("GET", "/openapi.yaml").text.hasPrefix("openapi: 3.1"))
    }

    @Test func errorsAreProblemJSONWithRequestIDs() throws {
        let live = try LiveServer()
        let connection = try TestHTTPConnection(port: live.port)
        let notFound = try connection.exchange("GET", "/nowhere", headers: [("X-Request-Id", "probe-1")])
        #expect(notFound.status == 404)
        #expect(notFound.header("Content-Type") == "application/problem+json")
        #expect(notFound.header("X-Request-Id") == "probe-1")
        let body = try json(notFound)
        #expect(body["status"] as? Int == 404)
        #expect(body["requestId"] as? String == "probe-1")

        let wrongMethod = try connection.exchange("PUT", "/healthz", body: [])
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.header("Allow") == "GET, HEAD")

        let wrongType = try connection.exchange(
            "POST", "/test/echo", headers: [("Content-Type", "text/plain")], body: Array("hi".utf8))
        #expect(wrongType.status == 415)

        let malformed = try connection.exchange(
            "POST", "/test/echo", headers: [("Content-Type", "application/json")], body: Array(#"{"name":}"#.utf8))
        #expect(malformed.status == 400)
        #expect((try json(malformed)["detail"] as? String)?.contains("line 1, column 9") == true)

        let generated = try connection.exchange("GET", "/healthz", headers: [("X-Request-Id", "bad id")])
        let id = try #require(generated.header("X-Request-Id"))
        #expect(id != "bad id" && id.count == 36)
    }

    /// The socket adds nothing and loses nothing: the same bytes as the service in-process.
    @Test func curvesOverTheSocketMatchTheInProcessAnswer() throws {
        let live = try LiveServer()
        let body = Array(
            #"{"curve":{"type":"spring","duration":0.6,"dampingRatio":0.7},"frameRate":120,"to":390}"#.utf8)
        let request = HTTPRequest(
            method: .post, path: "/v1/curves", headers: ["Content-Type": "application/json"], body: body)
        let expected = SegueService(router: .segue(catalogue: .builtIn, readiness: Readiness())).respond(to: request)
        let response = try TestHTTPConnection(port: live.port).exchange(
            "POST", "/v1/curves", headers: [("Content-Type", "application/json")], body: body)
        #expect(response.status == 200)
        #expect(response.body == expected.body)
        // 0.6 s at 120 Hz: 72 grid frames before the end, then the end itself.
        #expect(response.text.components(separatedBy: "\"time\"").count - 1 == 73)
    }

    /// The golden simulate responses, replayed over one keep-alive connection, come back
    /// byte for byte.
    @Test func goldenSimulationsReplayOverTheSocket() throws {
        let live = try LiveServer()
        let connection = try TestHTTPConnection(port: live.port)
        let examples = Fixtures.exampleRequests()
        #expect(!examples.isEmpty)
        for example in examples {
            let golden = try #require(Fixtures.read(Fixtures.goldenPath(example.name)))
            let response = try connection.exchange(
                "POST", "/v1/simulate", headers: [("Content-Type", "application/json")], body: example.body)
            #expect(response.status == 200, "\(example.name)")
            #expect(response.body == golden, "\(example.name) differs from its golden over the socket")
        }
    }

    @Test func headStatesTheGetLengthAndSendsNoBody() throws {
        let live = try LiveServer()
        let connection = try TestHTTPConnection(port: live.port)
        let get = try connection.exchange("GET", "/v1/presets")
        let head = try connection.exchange("HEAD", "/v1/presets")
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "\(get.body.count)")
        // Had the server sent a body after the HEAD response, this next response would not parse.
        let after = try connection.exchange("GET", "/healthz")
        #expect(after.status == 200)
        #expect(after.text == #"{"status":"ok"}"#)
    }

    @Test func oversizedContentLengthGets413BeforeTheBodyIsSent() throws {
        let live = try LiveServer(maxBodyBytes: 1024)
        let connection = try TestHTTPConnection(port: live.port)
        // Only the head goes out: the answer must come without the server waiting for 1 MiB.
        try connection.send(
            "POST /test/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1048576\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.status == 413)
        #expect(response.header("Content-Type") == "application/problem+json")
        #expect(try json(response)["limit"] as? Int == 1024)
        #expect(response.header("Connection")?.lowercased() == "close")
    }

    @Test func chunkedBodyGrowingPastTheLimitGets413() throws {
        let live = try LiveServer(maxBodyBytes: 1024)
        let connection = try TestHTTPConnection(port: live.port)
        try connection.send(
            "POST /test/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        let chunk = String(repeating: " ", count: 600)
        for _ in 0..<3 {  // 1800 bytes in all, over the 1024 limit only from the second chunk
            try connection.send("258\r\n\(chunk)\r\n")
        }
        try connection.send("0\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.status == 413)
        #expect(try json(response)["limit"] as? Int == 1024)
    }

    @Test func chunkedBodyUnderTheLimitIsAssembled() throws {
        let live = try LiveServer(maxBodyBytes: 1024)
        let connection = try TestHTTPConnection(port: live.port)
        try connection.send(
            "POST /test/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        for piece in [#"{"name":"#, #""chun"#, #"ked","count":"#, "42}"] {
            try connection.send(String(piece.utf8.count, radix: 16) + "\r\n" + piece + "\r\n")
        }
        try connection.send("0\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.status == 200)
        #expect(response.text == #"{"count":42,"name":"chunked"}"#)
    }

    @Test func bodyExactlyAtTheLimitIsAccepted() throws {
        let live = try LiveServer(maxBodyBytes: 64)
        let connection = try TestHTTPConnection(port: live.port)
        let core = #"{"name":"x","count":1}"#
        let body = Array((core + String(repeating: " ", count: 64 - core.utf8.count)).utf8)
        #expect(body.count == 64)
        let response = try connection.exchange(
            "POST", "/test/echo", headers: [("Content-Type", "application/json")], body: body)
        #expect(response.status == 200)
        let over = try TestHTTPConnection(port: live.port).exchange(
            "POST", "/test/echo", headers: [("Content-Type", "application/json")], body: body + [32])
        #expect(over.status == 413)
    }

    @Test func manyRequestsShareOneKeepAliveConnection() throws {
        let live = try LiveServer()
        let connection = try TestHTTPConnection(port: live.port)
        for index in 0..<20 {
            let response = try connection.exchange(
                "POST", "/test/echo", headers: [("Content-Type", "application/json")],
                body: Array(#"{"name":"k","count":\#(index)}"#.utf8))
            #expect(response.status == 200)
            #expect(response.text == #"{"count":\#(index),"name":"k"}"#)
            #expect(response.header("Connection")?.lowercased() != "close")
        }
        #expect(live.server.openConnections == 1)
    }

    @Test(arguments: [ThreadingModel.threadPerConnection, .pool(threads: 2)])
    func sixteenConnectionsOfFiftyRequestsAreAllAnsweredCorrectly(threading: ThreadingModel) throws {
        let live = try LiveServer(threading: threading)
        let failures = FailureLog()
        let group = DispatchGroup()
        for client in 0..<16 {
            group.enter()
            let thread = Foundation.Thread {
                defer { group.leave() }
                do {
                    let connection = try TestHTTPConnection(port: live.port)
                    for index in 0..<50 {
                        let id = "c\(client)-r\(index)"
                        let response = try connection.exchange(
                            "POST", "/test/echo",
                            headers: [("Content-Type", "application/json"), ("X-Request-Id", id)],
                            body: Array(#"{"name":"\#(id)","count":\#(index)}"#.utf8))
                        if response.status != 200 || response.header("X-Request-Id") != id
                            || response.text != #"{"count":\#(index),"name":"\#(id)"}"#
                        {
                            failures.record("\(id): \(response.status) \(response.text)")
                        }
                    }
                } catch {
                    failures.record("client \(client): \(error)")
                }
            }
            thread.start()
        }
        #expect(group.wait(timeout: .now() + 60) == .success)
        #expect(failures.all.isEmpty, "\(failures.all.prefix(5))")
    }

    @Test func clientVanishingMidBodyLeavesTheServerHealthy() throws {
        let live = try LiveServer()
        for _ in 0..<20 {
            let connection = try TestHTTPConnection(port: live.port)
            try connection.send(
                "POST /test/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{\"na"
            )
            connection.close()
        }
        // Every abandoned request reaches the completion callback and is released.
        #expect(live.eventually { live.server.requestsInFlight == 0 })
        let response = try TestHTTPConnection(port: live.port).exchange("GET", "/healthz")
        #expect(response.status == 200)
    }

    @Test func shutdownLetsTheInFlightRequestFinishAndRefusesNewWork() throws {
        let live = try LiveServer()
        let inFlight = try TestHTTPConnection(port: live.port)
        let body = Array(#"{"name":"late","count":1}"#.utf8)
        try inFlight.send(
            TestHTTPConnection.request(
                "POST", "/test/echo", headers: [("Content-Type", "application/json")], body: body
            ).dropLast(10).map { $0 })
        #expect(live.eventually { live.server.requestsInFlight == 1 })

        let stopped = DispatchSemaphore(value: 0)
        let server = live.server
        Foundation.Thread {
            server.shutdown()
            stopped.signal()
        }.start()
        #expect(live.eventually { !live.readiness.isReady })
        // Still draining: the request has not finished, so shutdown must not have returned.
        #expect(stopped.wait(timeout: .now() + 0.2) == .timedOut)

        try inFlight.send(Array(body.suffix(10)))
        let response = try inFlight.readResponse()
        #expect(response.status == 200)
        #expect(response.text == #"{"count":1,"name":"late"}"#)
        #expect(response.header("Connection")?.lowercased() == "close")
        #expect(stopped.wait(timeout: .now() + 10) == .success)
        #expect(throws: (any Error).self) { try TestHTTPConnection(port: live.port).exchange("GET", "/healthz") }
    }
}

/// Failures recorded from client threads, read once they have all finished.
final class FailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []

    func record(_ entry: String) {
        lock.withLock { entries.append(entry) }
    }

    var all: [String] { lock.withLock { entries } }
}
