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
        served.headArrived(now: 0, declaredLength: nil)
        served.bodyComplete()
        for connection in [oldest, younger, served] {
            deadlines.add(connection)
        }
        #expect(deadlines.holdingSlots == 3)
        #expect(deadlines.makeRoom(at: 3 * second))
        #expect(oldest.wasCut && !younger.wasCut)
        #expect(deadlines.holdingSlots == 2 && deadlines.open == 3)
        #expect(deadlines.makeRoom(at: 3 * second))
        #expect(younger.wasCut)
        #expect(!deadlines.makeRoom(at: 3 * second))
        #expect(!served.wasCut)
    }

    /// A connection that just arrived is under the 1 s grace: nothing to evict.
    @Test func noConnectionIsEvictedWithinTheGrace() {
        let deadlines = self.deadlines
        deadlines.add(WatchedConnection(socket: -1, now: 0))
        #expect(!deadlines.makeRoom(at: second - 1))
        #expect(deadlines.makeRoom(at: second))
    }

    /// With no laggard, the body that would take longest to finish goes first. Four bodies,
    /// 2 s in with 2 000 bytes each (1 000 B/s, above the 500 B/s minimum): the chunked one
    /// (its length unknown: infinity) goes first, then the 4 MB one (3 998 s to go), then the
    /// one 1 000 bytes from its end (1 s to go); the one 200 bytes from its end (0.2 s, under
    /// the 0.25 s body grace) is left to finish.
    @Test func withNoLaggardTheBodyFurthestFromItsEndIsClosed() {
        let deadlines = self.deadlines
        func body(declared: Int64?, bytes: Int) -> WatchedConnection {
            let connection = WatchedConnection(socket: -1, now: 0)
            connection.headArrived(now: 0, declaredLength: declared)
            connection.received(bytes)
            deadlines.add(connection)
            return connection
        }
        let long = body(declared: 4_000_000, bytes: 2_000)
        let chunked = body(declared: nil, bytes: 2_000)
        let nearlyDone = body(declared: 3_000, bytes: 2_000)
        let almostDone = body(declared: 2_200, bytes: 2_000)
        let now = 2 * second
        #expect(deadlines.makeRoom(at: now))
        #expect(chunked.wasCut && !long.wasCut)
        #expect(deadlines.makeRoom(at: now))
        #expect(long.wasCut && !nearlyDone.wasCut)
        #expect(deadlines.makeRoom(at: now))
        #expect(nearlyDone.wasCut)
        #expect(!deadlines.makeRoom(at: now))
        #expect(!almostDone.wasCut)
    }

    /// A laggard (a head trickler) goes before any body above the minimum rate, however far
    /// that body is from its end.
    @Test func aLaggardGoesBeforeASlowBody() {
        let deadlines = self.deadlines
        let body = WatchedConnection(socket: -1, now: 0)
        body.headArrived(now: 0, declaredLength: 4_000_000)
        body.received(2_000)
        let trickler = WatchedConnection(socket: -1, now: 0)
        deadlines.add(body)
        deadlines.add(trickler)
        #expect(deadlines.makeRoom(at: 2 * second))
        #expect(trickler.wasCut && !body.wasCut)
    }
}
