import Glibc
import Logging
import SegueAPI
import SegueEngine
import SegueTestSupport
import Synchronization
import Testing

@testable import SegueHTTP

/// libmicrohttpd's own messages go through Segue's logger, obey its level and a budget.
/// The flood: heads with a `Content-Length` libmicrohttpd cannot parse, each on a new
/// connection; libmicrohttpd refuses each itself, before Segue sees it, and logs "Failed to
/// parse `Content-Length' header" and the 400 it sent. (Past the connection limit clients
/// wait in the listen queue, so the limit no longer makes libmicrohttpd log.)
@Suite struct LibraryLogTests {
    /// Keeps every event a logger receives.
    final class Captured: Sendable {
        let events = Mutex<[(level: Logger.Level, message: String, source: String, metadata: Logger.Metadata)]>([])

        func fromLibrary() -> [(level: Logger.Level, message: String, metadata: Logger.Metadata)] {
            events.withLock { $0.filter { $0.source == "libmicrohttpd" }.map { ($0.level, $0.message, $0.metadata) } }
        }
    }

    struct CapturingHandler: LogHandler {
        let captured: Captured
        var logLevel: Logger.Level
        var metadata: Logger.Metadata = [:]
        var metadataProvider: Logger.MetadataProvider?

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let entry = (event.level, event.message.description, event.source, event.metadata ?? [:])
            captured.events.withLock { $0.append(entry) }
        }
    }

    private func flood(
        level: Logger.Level, configure: (inout ServerConfiguration) -> Void = { _ in }, refused: Int = 20
    ) throws -> Captured {
        let captured = Captured()
        var configuration = ServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.drainTimeout = 1
        configure(&configuration)
        let readiness = Readiness()
        let server = try HTTPServer(
            configuration: configuration,
            service: SegueService(router: .segue(catalogue: .builtIn, readiness: readiness)),
            readiness: readiness,
            logger: Logger(label: "test") { _ in CapturingHandler(captured: captured, logLevel: level) })
        for _ in 0..<refused {
            let refusedClient = try TestHTTPConnection(port: server.port, timeoutSeconds: 5)
            try refusedClient.send("POST /v1/curves HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n")
            _ = try? refusedClient.readUntilClosed()
        }
        server.shutdown()
        return captured
    }

    @Test func messagesReachTheLoggerInsteadOfStandardError() throws {
        let captured = try flood(level: .notice)
        let lines = captured.fromLibrary()
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.level == .notice })
        #expect(lines.contains { $0.message.contains("Content-Length") })
        #expect(lines.allSatisfy { !$0.message.hasSuffix("\n") })
    }

    @Test func atWarningTheyAreNotLogged() throws {
        let captured = try flood(level: .warning)
        #expect(captured.fromLibrary().isEmpty)
    }

    /// With a budget of one line an hour, 20 refusals (two messages each) log one line, and
    /// shutdown one more that counts the other 39.
    @Test func aFloodIsBoundedByTheBudget() throws {
        let captured = try flood(level: .notice) {
            $0.libraryLogLines = 1
            $0.libraryLogInterval = .seconds(3600)
        }
        let lines = captured.fromLibrary()
        #expect(lines.count == 2)
        #expect(lines.first?.message.contains("Content-Length") == true)
        let suppressed = lines.last?.metadata["suppressed"].flatMap { Int("\($0)") }
        #expect(suppressed == 2 * 20 - 1)
    }
}
