import Foundation
import SegueTestSupport
import Testing

/// The built executable as a user runs it: flags, environment, the listening line,
/// real requests, SIGTERM and the exit code.
@Suite(.serialized) struct SegueBinaryTests {
    @Test func binaryExists() {
        #expect(
            FileManager.default.isExecutableFile(atPath: SegueProcess.binaryURL.path),
            "build it first (swift build) or set SEGUE_BINARY")
    }

    @Test func printsOneListeningLineWithTheRealPortAndServes() throws {
        let segue = try SegueProcess()
        #expect(segue.listeningLine == "listening on http://127.0.0.1:\(segue.port)")
        #expect(segue.port > 0)
        let response = try TestHTTPConnection(port: segue.port).exchange("GET", "/healthz")
        #expect(response.status == 200)
        #expect(response.text == #"{"status":"ok"}"#)
        segue.signal(SIGTERM)
        #expect(segue.waitForExit(seconds: 10) == 0)
        #expect(segue.logs.contains("path=/healthz status=200"))
    }

    @Test func environmentVariablesConfigureItAndFlagsWin() throws {
        let fromEnvironment = try SegueProcess(
            arguments: [], environment: ["SEGUE_HOST": "127.0.0.1", "SEGUE_PORT": "0"])
        #expect(fromEnvironment.listeningLine.hasPrefix("listening on http://127.0.0.1:"))
        fromEnvironment.signal(SIGINT)
        #expect(fromEnvironment.waitForExit(seconds: 10) == 0)

        let flagWins = try SegueProcess(
            arguments: ["--port", "0", "--host", "127.0.0.1"], environment: ["SEGUE_PORT": "not-a-port"])
        #expect(flagWins.port > 0)
        flagWins.signal(SIGTERM)
        #expect(flagWins.waitForExit(seconds: 10) == 0)
    }

    @Test func sigtermLetsTheSlowRequestFinishTurnsReadinessOffAndExitsZero() throws {
        let segue = try SegueProcess()
        // A slow request: its head and part of its body are in, the rest comes later.
        let slow = try TestHTTPConnection(port: segue.port)
        try slow.send("GET /v1/presets HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhe")
        // A keep-alive connection opened before the signal, to watch readiness through.
        let watcher = try TestHTTPConnection(port: segue.port)
        #expect(try watcher.exchange("GET", "/readyz").status == 200)

        segue.signal(SIGTERM)
        // Poll readiness on the open connection until the drain shows: /readyz answers
        // 503, or (if the drain began between routing and answering) the answer
        // carries Connection: close, after which this connection is done.
        var sawDrain = false
        let deadline = Date().addingTimeInterval(5)
        while !sawDrain, Date() < deadline {
            let response = try watcher.exchange("GET", "/readyz")
            let closing = response.header("Connection")?.lowercased() == "close"
            if response.status == 503 {
                #expect(closing, "a draining server tells keep-alive clients to go")
            }
            sawDrain = response.status == 503 || closing
        }
        #expect(sawDrain)
        #expect(segue.waitForExit(seconds: 0.3) == nil, "must wait for the slow request")

        // Once it stops accepting, the listening socket is closed, so a client that connects
        // while the slow request drains is refused at once (to retry another replica), not
        // queued by the kernel until the drain ends.
        var refused = false
        let refusalDeadline = Date().addingTimeInterval(2)
        while !refused, Date() < refusalDeadline {
            refused = (try? TestHTTPConnection(port: segue.port, timeoutSeconds: 1)) == nil
            if !refused { usleep(20_000) }
        }
        #expect(refused, "a connection during the drain is refused")
        #expect(segue.waitForExit(seconds: 0.1) == nil, "refused while the slow request still drains")

        try slow.send("llo")
        let response = try slow.readResponse()
        #expect(response.status == 200)
        #expect(response.text.hasPrefix(#"{"presets":[{"id":"instagram.push""#))

        #expect(segue.waitForExit(seconds: 10) == 0)
        let logs = segue.logs
        #expect(logs.contains("shutting down"))
        #expect(logs.contains("stopped"))
    }

    /// With a drain delay, a client that connects after SIGTERM (as a kubelet's probe
    /// does) is still accepted and told 503 with Connection: close, until the delay ends.
    @Test func aDrainDelayKeepsAcceptingAndAnswersNotReady() throws {
        let delay = 2.0
        let segue = try SegueProcess(arguments: ["--port", "0", "--host", "127.0.0.1", "--drain-delay", "2"])
        let signalled = Date()
        segue.signal(SIGTERM)
        var sawNotReady = false
        while !sawNotReady, Date().timeIntervalSince(signalled) < delay - 0.5 {
            let response = try TestHTTPConnection(port: segue.port).exchange("GET", "/readyz")
            if response.status == 503 {
                #expect(response.header("Connection")?.lowercased() == "close")
                sawNotReady = true
            }
        }
        #expect(sawNotReady, "a new connection during the delay is answered 503")
        #expect(segue.waitForExit(seconds: 10) == 0)
        #expect(Date().timeIntervalSince(signalled) >= delay, "exits only after the delay")
    }

    @Test func helpExplainsEveryFlagAndItsVariable() throws {
        let result = try SegueProcess.run(["--help"])
        #expect(result.status == 0)
        for (flag, variable) in [
            ("--host", "SEGUE_HOST"), ("--port", "SEGUE_PORT"), ("--threads", "SEGUE_THREADS"),
            ("--max-body-bytes", "SEGUE_MAX_BODY_BYTES"), ("--body-memory", "SEGUE_BODY_MEMORY"),
            ("--connection-timeout", "SEGUE_CONNECTION_TIMEOUT"),
            ("--request-timeout", "SEGUE_REQUEST_TIMEOUT"), ("--min-body-rate", "SEGUE_MIN_BODY_RATE"),
            ("--connection-limit", "SEGUE_CONNECTION_LIMIT"), ("--drain-timeout", "SEGUE_DRAIN_TIMEOUT"),
            ("--drain-delay", "SEGUE_DRAIN_DELAY"),
            ("--log-level", "SEGUE_LOG_LEVEL"), ("--max-json-depth", "SEGUE_MAX_JSON_DEPTH"),
            ("--max-string-bytes", "SEGUE_MAX_STRING_BYTES"), ("--max-json-values", "SEGUE_MAX_JSON_VALUES"),
            ("--max-number-magnitude", "SEGUE_MAX_NUMBER_MAGNITUDE"),
            ("--max-gesture-samples", "SEGUE_MAX_GESTURE_SAMPLES"), ("--max-frames", "SEGUE_MAX_FRAMES"),
            ("--max-curve-samples", "SEGUE_MAX_CURVE_SAMPLES"),
            ("--max-transition-layers", "SEGUE_MAX_TRANSITION_LAYERS"),
            ("--max-transition-poses", "SEGUE_MAX_TRANSITION_POSES"),
            ("--max-release-guards", "SEGUE_MAX_RELEASE_GUARDS"), ("--max-image-bytes", "SEGUE_MAX_IMAGE_BYTES"),
            ("--max-concurrent-simulations", "SEGUE_MAX_CONCURRENT_SIMULATIONS"),
            ("--max-queued-simulations", "SEGUE_MAX_QUEUED_SIMULATIONS"),
            ("--memory-budget", "SEGUE_MEMORY_BUDGET"), ("--drive-stall-timeout", "SEGUE_DRIVE_STALL_TIMEOUT"),
            ("--drive-threads", "SEGUE_DRIVE_THREADS"),
        ] {
            #expect(result.stdout.contains(flag), "\(flag) missing from --help")
            #expect(result.stdout.contains(variable), "\(variable) missing from --help")
        }
        #expect(result.stdout.contains("--healthcheck"))
    }

    @Test(arguments: [
        (["--port", "70000"], "--port is 70000"),
        (["--threads", "many"], "threads"),
        (["--log-level", "loud"], "log-level"),
        (["--host", "not an address", "--port", "0"], "not an IPv4 or IPv6 address"),
        (["--max-json-depth", "0"], "--max-json-depth is 0; it must be between 1 and 512"),
        (["--max-frames", "0"], "--max-frames is 0"),
        (["--memory-budget", "0"], "--memory-budget is 0; it must be between 1 and 1048576"),
        (["--request-timeout", "0"], "--request-timeout is 0; it must be between 1 and 3600"),
        (["--drive-threads", "0"], "--drive-threads is 0; it must be between 1 and 256"),
        (["--max-number-magnitude", "0.5"], "--max-number-magnitude is 0.5; it must be between 1.0 and 1e+300"),
    ])
    func badSettingsExitNonZeroSayingWhy(arguments: [String], message: String) throws {
        let result = try SegueProcess.run(arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func limitFlagsAndVariablesReachTheRequests() throws {
        let segue = try SegueProcess(
            arguments: ["--port", "0", "--host", "127.0.0.1", "--max-frames", "5"],
            environment: ["SEGUE_MAX_STRING_BYTES": "16"])
        let connection = try TestHTTPConnection(port: segue.port)
        let headers = [("Content-Type", "application/json")]
        let frames = try connection.exchange(
            "POST", "/v1/simulate", headers: headers, body: Array(#"{"preset":"instagram.pop"}"#.utf8))
        #expect(frames.status == 422)
        #expect(frames.text.contains("more than 5 frames"), "\(frames.text)")
        let string = try connection.exchange(
            "POST", "/v1/simulate", headers: headers, body: Array(#"{"preset":"instagram.pop.interactive!"}"#.utf8))
        #expect(string.status == 422)
        #expect(string.text.contains("26 bytes long, more than the 16"), "\(string.text)")
        segue.signal(SIGTERM)
        #expect(segue.waitForExit(seconds: 10) == 0)
        // Each refusal has its own log line naming the problem type, besides the request line.
        let rejections = segue.logs.split(separator: "\n").filter { $0.contains("rejected") }
        #expect(rejections.count == 2, "\(segue.logs)")
        #expect(
            rejections.allSatisfy {
                $0.contains("problem=urn:segue:problem:invalid-request") && $0.contains("status=422")
            })
    }

    @Test func metricsAreServedAndCountTheRequestsMade() throws {
        let segue = try SegueProcess()
        let connection = try TestHTTPConnection(port: segue.port)
        #expect(try connection.exchange("GET", "/healthz").status == 200)
        #expect(try connection.exchange("GET", "/healthz").status == 200)
        var page = ""
        let deadline = Date().addingTimeInterval(5)
        repeat {
            page = try connection.exchange("GET", "/metrics").text
        } while !page.contains(#"segue_http_requests_total{route="/healthz",method="GET",status="200"} 2"#)
            && Date() < deadline
        #expect(page.contains(#"segue_http_requests_total{route="/healthz",method="GET",status="200"} 2"#), "\(page)")
        #expect(page.contains("# TYPE process_resident_memory_bytes gauge"))
        segue.signal(SIGTERM)
        #expect(segue.waitForExit(seconds: 10) == 0)
    }

    @Test func badEnvironmentValueNamesTheVariable() throws {
        let result = try SegueProcess.run([], environment: ["SEGUE_PORT": "eighty"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("SEGUE_PORT='eighty'"), "\(result.stderr)")
    }

    @Test func portInUseIsAClearError() throws {
        let first = try SegueProcess()
        let result = try SegueProcess.run(["--host", "127.0.0.1", "--port", "\(first.port)"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("cannot listen on 127.0.0.1:\(first.port)"), "\(result.stderr)")
        first.signal(SIGTERM)
        #expect(first.waitForExit(seconds: 10) == 0)
    }

    @Test func healthcheckModeReportsTheServersHealth() throws {
        let segue = try SegueProcess()
        #expect(try SegueProcess.run(["--healthcheck", "--port", "\(segue.port)"]).status == 0)
        segue.signal(SIGTERM)
        #expect(segue.waitForExit(seconds: 10) == 0)
        #expect(try SegueProcess.run(["--healthcheck", "--port", "\(segue.port)"]).status == 1)
    }
}
