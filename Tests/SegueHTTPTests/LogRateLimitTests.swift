import Testing

@testable import SegueHTTP

/// The budget on libmicrohttpd's log lines, fed explicit times (nanoseconds).
@Suite struct LogRateLimitTests {
    private let second: Int64 = 1_000_000_000

    @Test func linesPastTheBudgetAreCountedAndReportedByTheNextLineLogged() {
        var limit = LogRateLimit(lines: 3, per: .seconds(1))
        let firstWindow = (0..<10).map { limit.admit(at: Int64($0) * second / 20) }
        #expect(
            firstWindow.prefix(3) == [.log(suppressedBefore: 0), .log(suppressedBefore: 0), .log(suppressedBefore: 0)])
        #expect(firstWindow.dropFirst(3).allSatisfy { $0 == .drop })
        // A second later a new window opens: its first line says 7 were dropped.
        #expect(limit.admit(at: second) == .log(suppressedBefore: 7))
        #expect(limit.admit(at: second + 1) == .log(suppressedBefore: 0))
    }

    @Test func aFloodLogsAtMostTheBudgetPerWindow() {
        var limit = LogRateLimit(lines: 10, per: .seconds(1))
        // 10 000 lines over 5 s, evenly: at most 10 per second are logged.
        let logged = (0..<10_000).filter { limit.admit(at: Int64($0) * 5 * second / 10_000) != .drop }.count
        #expect(logged == 50)
    }

    @Test func suppressedLinesAreTakenOnceAtShutdown() {
        var limit = LogRateLimit(lines: 1, per: .seconds(60))
        _ = limit.admit(at: 0)
        _ = limit.admit(at: 1)
        _ = limit.admit(at: 2)
        #expect(limit.takeSuppressed() == 2)
        #expect(limit.takeSuppressed() == 0)
    }
}
