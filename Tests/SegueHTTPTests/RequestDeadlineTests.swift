import Glibc
import SegueHTTP
import SegueTestSupport
import Testing

/// The deadlines on arriving requests, over real sockets: libmicrohttpd's own timeout only
/// notices idleness, which a client trickling its head or body never shows. Each server
/// runs with a 1 s connection timeout (the head deadline, and the window over which a
/// body's rate is measured) and the clients send something every 100–250 ms, so
/// libmicrohttpd's idle timer never fires and only these deadlines can cut.
@Suite struct RequestDeadlineTests {
    private let timeout = 1
    /// How late after its deadline a connection may be cut: the watchdog looks every
    /// 200 ms, and the rest is scheduling on a busy machine.
    private let slack: Duration = .seconds(1)
    private let trickledHead = Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: trickle\r\n\r\n".utf8)

    /// Sends `bytes` in chunks of `chunk` bytes every `interval` ms until the server ends the
    /// connection; returns how long after `since` it did, or nil if everything went out, or
    /// `giveUp` passed, first.
    private func trickle(
        _ bytes: [UInt8], chunk: Int = 1, interval: Int32 = 250, on client: TricklingClient,
        since: ContinuousClock.Instant, giveUp: Duration = .seconds(6)
    ) -> Duration? {
        var offset = 0
        while offset < bytes.count, ContinuousClock.now - since < giveUp {
            let end = min(offset + chunk, bytes.count)
            guard client.send(Array(bytes[offset..<end])), !client.waitForClose(milliseconds: interval) else {
                return ContinuousClock.now - since
            }
            offset = end
        }
        return nil
    }

    /// A POST head for the echo route declaring a body of `length` bytes.
    private func echoHead(length: Int, path: String = "/test/echo") -> [UInt8] {
        Array(
            ("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(length)\r\nConnection: close\r\n\r\n").utf8)
    }

    /// An echo body of exactly `length` bytes (at least 25): the name is padded with `x`.
    private func echoBody(length: Int) -> [UInt8] {
        let frame = #"{"name":"","count":7}"#.utf8.count
        return Array(#"{"name":"\#(String(repeating: "x", count: length - frame))","count":7}"#.utf8)
    }

    // MARK: Heads

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

    // MARK: Bodies

    /// 4 bytes a second against a minimum of 100: the first 1 s window brings 4 bytes where
    /// 100 are due, so the connection is cut one window after its head, with no answer.
    @Test(arguments: [ThreadingModel.threadPerConnection, .pool(threads: 2)])
    func aBodyTrickledBelowTheMinimumRateIsCutAfterOneWindow(threading: ThreadingModel) throws {
        let live = try LiveServer(threading: threading, connectionTimeout: timeout) { $0.minBodyRate = 100 }
        let client = try TricklingClient(port: live.port)
        #expect(client.send(echoHead(length: 1000)))
        let headSent = ContinuousClock.now
        // 1000 bytes at 4 bytes/s would take 250 s; only the rate check ends it sooner (the
        // trickle gives up after 6 s).
        let cut = try #require(
            trickle(echoBody(length: 1000), on: client, since: headSent), "the trickled body was never cut")
        #expect(cut >= .seconds(timeout))
        #expect(cut < .seconds(timeout) + slack)
        #expect(client.received.isEmpty)
    }

    /// 20 bytes every 100 ms is 200 bytes/s, twice the minimum: 500 bytes take 2.5 s, over
    /// two windows, and the request is answered.
    @Test func aSlowButSteadyBodyAboveTheMinimumRateIsAnswered() throws {
        let live = try LiveServer(connectionTimeout: timeout) { $0.minBodyRate = 100 }
        let client = try TricklingClient(port: live.port)
        let body = echoBody(length: 500)
        #expect(client.send(echoHead(length: body.count)))
        #expect(trickle(Array(body.dropLast()), chunk: 20, interval: 100, on: client, since: .now) == nil)
        #expect(client.send(Array(body.suffix(1))))
        #expect(client.awaitResponse(after: 0))
        let response = String(decoding: client.received, as: UTF8.self)
        #expect(response.hasPrefix("HTTP/1.1 200"))
        #expect(response.hasSuffix(#"{"count":7,"name":"\#(String(repeating: "x", count: 479))"}"#))
    }

    /// A body fast enough for the rate check (200 bytes/s against 10) but too long for the
    /// 2 s request timeout: 2000 bytes would take 10 s, and the request is cut at 2 s,
    /// counted from the connection's start.
    @Test func aBodyPastTheRequestTimeoutIsCut() throws {
        let live = try LiveServer(connectionTimeout: timeout) {
            $0.minBodyRate = 10
            $0.requestTimeout = 2
        }
        let opened = ContinuousClock.now
        let client = try TricklingClient(port: live.port)
        #expect(client.send(echoHead(length: 2000)))
        let cut = try #require(
            trickle(echoBody(length: 2000), chunk: 20, interval: 100, on: client, since: opened),
            "the request outlived its timeout")
        #expect(cut >= .seconds(2))
        #expect(cut < .seconds(2) + slack)
        #expect(client.received.isEmpty)
    }

    /// The deadlines bound how long a request takes to arrive, not how long it takes to
    /// answer: a handler running 2.5 s, past the 1 s window and the 2 s request timeout,
    /// answers.
    @Test(arguments: [ThreadingModel.threadPerConnection, .pool(threads: 2)])
    func aRunningHandlerIsNotCut(threading: ThreadingModel) throws {
        let live = try LiveServer(threading: threading, connectionTimeout: timeout) {
            $0.minBodyRate = 100
            $0.requestTimeout = 2
        }
        let client = try TricklingClient(port: live.port)
        #expect(client.send(echoHead(length: 0, path: "/test/hold")))
        #expect(client.awaitResponse(after: 0, milliseconds: Int32(LiveServer.handlerHoldMilliseconds + 5000)))
        let response = String(decoding: client.received, as: UTF8.self)
        #expect(response.hasPrefix("HTTP/1.1 200"))
        #expect(response.hasSuffix("held"))
    }

    // MARK: The connection limit

    /// Two connections sending bodies at twice the minimum rate fill a limit of 2: neither
    /// lags. A third client is not accepted and closed (libmicrohttpd's own behaviour at its
    /// limit, an empty reply): it waits in the listen queue until a body has been arriving
    /// for the 0.25 s body grace, when the listener closes the body furthest from its end
    /// (both have 1.7 s or more to go at 200 bytes/s) and answers it. The other body is left
    /// to finish and is answered too.
    @Test func pastTheLimitTheSlowestBodyMakesRoomForAWaitingClient() throws {
        let live = try LiveServer(connectionTimeout: 10) {
            $0.minBodyRate = 100
            $0.connectionLimit = 2
        }
        let body = echoBody(length: 400)
        let holders = try (0..<2).map { _ in try TricklingClient(port: live.port) }
        for holder in holders {
            #expect(holder.send(echoHead(length: body.count)))
        }
        #expect(live.eventually { live.server.openConnections == 2 })
        let waiting = try TricklingClient(port: live.port)
        #expect(waiting.send(Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)))
        // Rounds of 100 ms: each open holder sends 20 bytes a round (200 bytes/s).
        var sent = [0, 0]
        var refused: Set<Int> = []
        for _ in 0..<15 {
            for (index, holder) in holders.enumerated() where !refused.contains(index) {
                if holder.send(Array(body[sent[index]..<(sent[index] + 20)])) {
                    sent[index] += 20
                } else {
                    refused.insert(index)
                }
            }
            if waiting.awaitResponse(after: 0, milliseconds: 100) { break }
        }
        #expect(String(decoding: waiting.received, as: UTF8.self).hasPrefix("HTTP/1.1 200"))
        // Exactly one holder was closed, unanswered; the other finishes its body and is answered.
        let cut = holders.indices.filter { refused.contains($0) || holders[$0].waitForClose(milliseconds: 200) }
        #expect(cut.count == 1)
        for index in cut {
            #expect(holders[index].received.isEmpty)
        }
        for index in holders.indices where !cut.contains(index) {
            #expect(holders[index].send(Array(body[sent[index]...])))
            #expect(holders[index].awaitResponse(after: 0))
            #expect(String(decoding: holders[index].received, as: UTF8.self).hasPrefix("HTTP/1.1 200"))
        }
    }

    /// Two connections that never send a byte fill a limit of 2; after the eviction grace,
    /// a new client makes the server close one of them (as an idle keep-alive connection
    /// may always be closed) and is answered, long before the 10 s timeout would free a slot.
    @Test func atTheLimitAnIdleConnectionMakesRoomForANewClient() throws {
        let live = try LiveServer(connectionTimeout: 10) { $0.connectionLimit = 2 }
        let idle = try (0..<2).map { _ in try TricklingClient(port: live.port) }
        #expect(live.eventually { live.server.openConnections == 2 })
        #expect(!idle[0].waitForClose(milliseconds: 1500))
        let client = try TricklingClient(port: live.port)
        #expect(client.send(Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)))
        #expect(client.awaitResponse(after: 0))
        #expect(String(decoding: client.received, as: UTF8.self).hasPrefix("HTTP/1.1 200"))
        let closed = idle.filter { $0.waitForClose(milliseconds: 200) }
        #expect(closed.count == 1)
        #expect(closed.allSatisfy { $0.received.isEmpty })
    }
}
