import Testing

@testable import SegueHTTP

/// `RequestDeadlines`' bookkeeping without a daemon: connections are registered as the
/// notify callback would, with socket -1 (shutting that down does nothing), and times are
/// passed explicitly.
@Suite struct RequestDeadlinesTests {
    private let second: Int64 = 1_000_000_000
    private var deadlines: RequestDeadlines {
        RequestDeadlines(
            policy: DeadlinePolicy(
                headTimeout: 10 * second, requestTimeout: 60 * second, minBodyRate: 500, rateWindow: 10 * second))
    }

    @Test func aHandedOverConnectionHoldsASlotUntilItStartsAndCloses() {
        let deadlines = self.deadlines
        deadlines.handedOver(at: 0)
        #expect(deadlines.open == 1 && deadlines.holdingSlots == 1)
        let connection = WatchedConnection(socket: -1, now: 0)
        deadlines.add(connection)
        #expect(deadlines.open == 1 && deadlines.holdingSlots == 1 && deadlines.count == 1)
        deadlines.remove(connection)
        #expect(deadlines.open == 0)
    }

    /// libmicrohttpd may drop a handed-over connection without reporting it; after 5 s it
    /// no longer holds a slot.
    @Test func aHandOverNeverReportedIsForgottenAfterFiveSeconds() {
        let deadlines = self.deadlines
        deadlines.handedOver(at: 0)
        deadlines.cutOverdue(at: 5 * second)
        #expect(deadlines.open == 1)
        deadlines.cutOverdue(at: 5 * second + 1)
        #expect(deadlines.open == 0)
    }

    /// Of an idle connection waiting 3 s, one waiting 2 s and one being served, the first is
    /// closed; the next eviction takes the second; the one being served is never taken.
    @Test func evictionClosesTheConnectionLaggingFurthestBehind() {
        let deadlines = self.deadlines
        let oldest = WatchedConnection(socket: -1, now: 0)
        let younger = WatchedConnection(socket: -1, now: 1 * second)
        let served = WatchedConnection(socket: -1, now: 0)
        served.headArrived(now: 0)
        served.bodyComplete()
        for connection in [oldest, younger, served] {
            deadlines.add(connection)
        }
        #expect(deadlines.holdingSlots == 3)
        #expect(deadlines.evictLaggard(at: 3 * second))
        #expect(oldest.wasCut && !younger.wasCut)
        #expect(deadlines.holdingSlots == 2 && deadlines.open == 3)
        #expect(deadlines.evictLaggard(at: 3 * second))
        #expect(younger.wasCut)
        #expect(!deadlines.evictLaggard(at: 3 * second))
        #expect(!served.wasCut)
    }

    /// A connection that just arrived is under the 1 s grace: nothing to evict.
    @Test func noConnectionIsEvictedWithinTheGrace() {
        let deadlines = self.deadlines
        deadlines.add(WatchedConnection(socket: -1, now: 0))
        #expect(!deadlines.evictLaggard(at: second - 1))
        #expect(deadlines.evictLaggard(at: second))
    }
}
