import Glibc
import Logging
import SegueAPI
import SegueEngine
import SegueTestSupport
import Synchronization
import Testing

@testable import SegueHTTP

/// libmicrohttpd's own messages go through Segue's logger, obey its level and a budget.
/// The flood: a server limited to one connection, held by a client, refuses each
/// further connection, and libmicrohttpd logs "Server reached connection limit" each time.
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
        configuration.connectionLimit = 1
        configuration.drainTimeout = 1
        configure(&configuration)
        let readiness = Readiness()
        let server = try HTTPServer(
            configuration: configuration,
            service: SegueService(router: .segue(catalogue: .builtIn, readiness: readiness)),
            readiness: readiness,
            logger: Logger(label: "test") { _ in CapturingHandler(captured: captured, logLevel: level) })
        let holder = try TestHTTPConnection(port: server.port, timeoutSeconds: 5)
        try holder.send("GET /healthz HTTP/1.1\r\nHost: x\r\n")  // half a head: the one slot stays taken
        usleep(100_000)
        for _ in 0..<refused {
            let refusedClient = try TestHTTPConnection(port: server.port, timeoutSeconds: 5)
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
        #expect(lines.contains { $0.message.contains("connection limit") })
        #expect(lines.allSatisfy { !$0.message.hasSuffix("\n") })
    }

    @Test func atWarningTheyAreNotLogged() throws {
        let captured = try flood(level: .warning)
        #expect(captured.fromLibrary().isEmpty)
    }

    /// With a budget of one line an hour, 20 refusals log one line, and shutdown one
    /// more that counts the rest.
    @Test func aFloodIsBoundedByTheBudget() throws {
        let captured = try flood(level: .notice) {
            $0.libraryLogLines = 1
            $0.libraryLogInterval = .seconds(3600)
        }
        let lines = captured.fromLibrary()
        #expect(lines.count == 2)
        #expect(lines.first?.message.contains("connection limit") == true)
        let suppressed = lines.last?.metadata["suppressed"].flatMap { Int("\($0)") }
        #expect((suppressed ?? 0) >= 19)
    }
}
