import Foundation
import Glibc
import Logging
import SegueAPI
import SegueHTTP
import SegueTestSupport
import Testing

/// A large burst on the drive socket, over a real socket: a client that reads, however slowly,
/// gets every frame and `settled`; only one that reads nothing for the stall timeout is closed
/// with 1008. The burst is `touchwonders.shapeDrop` with a soft spring, its example gesture in
/// one message: a settle of thousands of frames, megabytes of JSON from one message.
@Suite struct DriveBurstTests {
    /// The spring of the burst; its settle is long, and every frame of it goes out at the release.
    static let start = #"{"type":"start","preset":"touchwonders.shapeDrop","parameters":{"springStiffness":STIFFNESS}}"#

    /// A server with a drive endpoint of these limits, whose log is kept.
    struct DriveServer {
        let server: HTTPServer
        let captured = LibraryLogTests.Captured()

        init(limits: DriveLimits) throws {
            var configuration = ServerConfiguration()
            configuration.host = "127.0.0.1"
            configuration.port = 0
            configuration.drainTimeout = 1
            let readiness = Readiness()
            let captured = captured
            server = try HTTPServer(
                configuration: configuration,
                service: SegueService(router: .segue(catalogue: .builtIn, readiness: readiness)),
                readiness: readiness,
                logger: Logger(label: "test") { _ in
                    LibraryLogTests.CapturingHandler(captured: captured, logLevel: .info)
                },
                drive: DriveEndpoint(catalogue: .builtIn, driveLimits: limits))
        }

        /// The `end` of each drive session logged so far.
        var sessionEnds: [String] {
            captured.events.withLock { events in
                events.filter { $0.message == "drive session" }.compactMap { $0.metadata["end"]?.description }
            }
        }

        /// Waits until `condition` holds, or `seconds` pass.
        func eventually(within seconds: Int, _ condition: () -> Bool) -> Bool {
            let deadline = ContinuousClock.now + .seconds(seconds)
            while ContinuousClock.now < deadline {
                if condition() { return true }
                usleep(20_000)
            }
            return condition()
        }
    }

    static func object(_ bytes: [UInt8]) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] ?? [:]
    }

    static func json(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value), as: UTF8.self)
    }

    /// The preset's example gesture, as GET /v1/presets/{id} serves it.
    static func exampleSamples(port: Int) throws -> [Any] {
        let answer = try TestHTTPConnection(port: port).exchange("GET", "/v1/presets/touchwonders.shapeDrop")
        let gesture = object(answer.body)["exampleGesture"] as? [String: Any]
        return try #require(gesture?["samples"] as? [Any])
    }

    /// POST /v1/simulate with the burst's preset, parameters and these samples.
    static func simulate(port: Int, stiffness: Double, samples: [Any]) throws -> [String: Any] {
        let body: [String: Any] = [
            "preset": "touchwonders.shapeDrop", "parameters": ["springStiffness": stiffness],
            "gesture": ["samples": samples],
        ]
        let answer = try TestHTTPConnection(port: port, timeoutSeconds: 60).exchange(
            "POST", "/v1/simulate", headers: [("Content-Type", "application/json")],
            body: Array(try json(body).utf8))
        #expect(answer.status == 200)
        return object(answer.body)
    }

    /// Whether two parsed JSON values are the same JSON (keys in any order).
    static func same(_ a: Any?, _ b: Any?) -> Bool {
        func canonical(_ value: Any?) -> Data? {
            try? JSONSerialization.data(withJSONObject: value ?? NSNull(), options: [.sortedKeys, .fragmentsAllowed])
        }
        return canonical(a) != nil && canonical(a) == canonical(b)
    }

    static func startMessage(stiffness: Double) -> String {
        start.replacing("STIFFNESS", with: "\(stiffness)")
    }

    /// A client with a 16 KiB receive buffer that takes 4 KiB per read and rests after each,
    /// against a server that holds at most 64 KiB unsent: the burst is many times both, so it
    /// goes out only as the client reads. Every frame arrives, in messages of about
    /// `FrameBurst.messageBytes`, and concatenated they are the simulate answer's; then `settled`.
    @Test func aSlowReaderGetsEveryFrameOfABurstAndSettled() throws {
        var limits = DriveLimits()
        limits.maxQueuedBytes = 1 << 16
        let drive = try DriveServer(limits: limits)
        defer { drive.server.shutdown() }
        let stiffness = 0.05
        let samples = try Self.exampleSamples(port: drive.server.port)
        let expected = try Self.simulate(port: drive.server.port, stiffness: stiffness, samples: samples)

        let client = try DriveTestClient(port: drive.server.port, receiveBuffer: 1 << 14)
        try client.sendText(Self.startMessage(stiffness: stiffness))
        try client.sendText(try Self.json(["type": "samples", "samples": samples]))
        var frames: [Any] = []
        var types: [String] = []
        var framesBytes = 0
        var largest = 0
        var closeCode: Int?
        while let frame = try client.readFrame(chunk: 4096, pauseMicroseconds: 100) {
            if let code = frame.closeCode {
                closeCode = code
                break
            }
            guard frame.opcode == 0x1 else { continue }
            let message = Self.object(frame.payload)
            let type = message["type"] as? String ?? "?"
            types.append(type)
            if type == "frames" {
                frames += message["frames"] as? [Any] ?? []
                framesBytes += frame.payload.count
                largest = max(largest, frame.payload.count)
            }
            if type == "settled" { break }
        }
        #expect(closeCode == nil)
        #expect(types.first == "started")
        #expect(types.last == "settled")
        let expectedFrames = try #require(expected["frames"] as? [Any])
        #expect(frames.count == expectedFrames.count)
        #expect(Self.same(frames, expectedFrames), "the frames differ from POST /v1/simulate's")
        // The burst is larger than all the buffers between the session and the client many times
        // over, so it can only have gone out as the client read.
        #expect(framesBytes > 16 * (limits.maxQueuedBytes + (1 << 14)), "\(framesBytes) bytes: too small a burst")
        #expect(largest <= 2 * FrameBurst.messageBytes, "a frames message of \(largest) bytes")
    }

    /// A client with a 4 KiB receive buffer asks for the burst and reads nothing: once the socket
    /// has taken nothing for the stall timeout (1 s here), the session ends with 1008. Reading
    /// afterwards, the client finds only the start of the burst, then the end of the connection.
    @Test func aClientThatReadsNothingIsClosed1008OnceTheStallTimeoutPasses() throws {
        var limits = DriveLimits()
        limits.maxQueuedBytes = 1 << 16
        limits.stallTimeout = 1
        let drive = try DriveServer(limits: limits)
        defer { drive.server.shutdown() }
        let stiffness = 0.001
        let samples = try Self.exampleSamples(port: drive.server.port)

        let client = try DriveTestClient(port: drive.server.port, receiveBuffer: 4096)
        try client.sendText(Self.startMessage(stiffness: stiffness))
        try client.sendText(try Self.json(["type": "samples", "samples": samples]))
        #expect(drive.eventually(within: 120) { !drive.sessionEnds.isEmpty }, "the session never ended")
        let ends = drive.sessionEnds
        #expect(ends.count == 1)
        #expect(ends.first?.hasPrefix("closed 1008") == true, "\(ends)")
        try client.readUntilClosed()
        let burst = try Self.simulate(port: drive.server.port, stiffness: stiffness, samples: samples)
        let whole = try JSONSerialization.data(withJSONObject: burst["frames"] ?? []).count
        #expect(client.received < whole / 2, "\(client.received) of \(whole) bytes reached a client that read nothing")
    }
}
