import Glibc
import SegueHTTP
import SegueTestSupport
import Testing

/// The connection timeout is also a deadline on request heads: libmicrohttpd's own
/// timeout only notices idleness, which a client trickling its head never shows.
/// The server runs with a 1 s timeout and the clients send a byte every 100–250 ms,
/// so libmicrohttpd's idle timer never fires and only the head deadline can cut.
@Suite struct HeadDeadlineTests {
    private let timeout = 1
    /// How late after its deadline a connection may be cut: the watchdog looks every
    /// 200 ms, and the rest is scheduling on a busy machine.
    private let slack: Duration = .seconds(1)
    private let trickledHead = Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: trickle\r\n\r\n".utf8)

    /// Sends `head` a byte every 250 ms until the server ends the connection; returns
    /// how long after `since` it did, or nil if the whole head went out first.
    private func trickle(_ head: [UInt8], on client: TricklingClient, since: ContinuousClock.Instant) -> Duration? {
        for byte in head {
            guard client.send([byte]), !client.waitForClose(milliseconds: 250) else {
                return ContinuousClock.now - since
            }
        }
        return nil
    }

    @Test(arguments: [ThreadingModel.threadPerConnection, .pool(threads: 2)])
    func aHeadTrickledByteByByteIsCutAtTheTimeout(threading: ThreadingModel) throws {
        let live = try LiveServer(threading: threading, connectionTimeout: timeout)
        let opened = ContinuousClock.now
        let client = try TricklingClient(port: live.port)
        let cut = try #require(
            trickle(trickledHead, on: client, since: opened), "the trickling connection was never cut")
        #expect(cut >= .seconds(timeout))
        #expect(cut < .seconds(timeout) + slack)
        #expect(client.received.isEmpty)
    }

    @Test func aBodyTrickledAfterACompleteHeadIsNotCut() throws {
        let live = try LiveServer(connectionTimeout: timeout)
        let client = try TricklingClient(port: live.port)
        let body = Array(#"{"name":"slow","count":7}"#.utf8)
        let head =
            "POST /test/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        #expect(client.send(Array(head.utf8)))
        // 25 bytes 100 ms apart: 2.5 s, over twice the timeout. The last one completes the
        // request, which is then answered and closed.
        for byte in body.dropLast() {
            #expect(client.send([byte]))
            #expect(!client.waitForClose(milliseconds: 100))
        }
        #expect(client.send(Array(body.suffix(1))))
        #expect(client.awaitResponse(after: 0))
        let response = String(decoding: client.received, as: UTF8.self)
        #expect(response.hasPrefix("HTTP/1.1 200"))
        #expect(response.hasSuffix(#"{"count":7,"name":"slow"}"#))
    }

    /// Each request on a keep-alive connection gets the whole timeout for its head, counted
    /// from the previous request's completion.
    @Test func aKeepAliveConnectionGetsAFreshDeadlineAfterEachRequest() throws {
        let live = try LiveServer(connectionTimeout: timeout)
        let client = try TricklingClient(port: live.port)
        let request = Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        // Four requests 400 ms apart outlive one timeout; each head arrives whole, so none is cut.
        var answered = ContinuousClock.now
        for index in 0..<4 {
            if index > 0 {
                #expect(!client.waitForClose(milliseconds: 400))
            }
            let offset = client.received.count
            #expect(client.send(request))
            #expect(client.awaitResponse(after: offset))
            answered = ContinuousClock.now
        }
        #expect(String(decoding: client.received, as: UTF8.self).components(separatedBy: "HTTP/1.1 200").count == 5)
        let cut = try #require(trickle(trickledHead, on: client, since: answered), "the trickled head was never cut")
        #expect(cut >= .seconds(timeout) - .milliseconds(50))
        #expect(cut < .seconds(timeout) + slack)
    }
}
