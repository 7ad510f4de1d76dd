import Testing

@testable import SegueHTTP

/// `RequestProgress` alone, fed events at explicit times (nanoseconds), no clock and no
/// socket: each expected moment is worked out by hand from the policy in the comment.
@Suite struct RequestProgressTests {
    private let second: Int64 = 1_000_000_000
    /// Head 10 s, request 60 s, 500 bytes/s over 10 s windows: the defaults.
    private var policy: DeadlinePolicy {
        DeadlinePolicy(headTimeout: 10 * second, requestTimeout: 60 * second, minBodyRate: 500, rateWindow: 10 * second)
    }

    @Test func aHeadIsDueOneHeadTimeoutAfterTheConnectionStarted() {
        var progress = RequestProgress(connectedAt: 3 * second)
        #expect(progress.check(at: 13 * second - 1, against: policy) == nil)
        #expect(progress.check(at: 13 * second, against: policy) == .headTimeout)
    }

    @Test func aRequestTimeoutShorterThanTheHeadTimeoutBoundsTheHeadToo() {
        var short = policy
        short.requestTimeout = 4 * second
        var progress = RequestProgress(connectedAt: 0)
        #expect(progress.check(at: 4 * second - 1, against: short) == nil)
        #expect(progress.check(at: 4 * second, against: short) == .requestTimeout)
    }

    @Test func aKeptAliveConnectionsNextHeadIsDueFromThePreviousCompletion() {
        var progress = RequestProgress(connectedAt: 0)
        progress.headArrived(at: 1 * second)
        progress.bodyComplete()
        progress.requestCompleted(at: 30 * second)
        #expect(progress.check(at: 40 * second - 1, against: policy) == nil)
        #expect(progress.check(at: 40 * second, against: policy) == .headTimeout)
    }

    /// An upgrade hands the socket to a drive session: libmicrohttpd then completes the request,
    /// which for an HTTP connection would start the next head's 10 s; an upgraded one stays
    /// under no HTTP deadline (checked a day on, past head, request and rate clocks) and is
    /// never offered to make room, however long it has been quiet.
    @Test func anUpgradedConnectionOutlivesEveryHTTPDeadline() {
        var progress = RequestProgress(connectedAt: 0)
        progress.headArrived(at: 1 * second)
        progress.bodyComplete()
        progress.upgraded()
        progress.requestCompleted(at: 2 * second)
        for hours: Int64 in [0, 1, 24] {
            let now = 2 * second + hours * 3600 * second + 61 * second
            #expect(progress.check(at: now, against: policy) == nil)
            #expect(progress.lag(at: now, against: policy) == nil)
        }
        #expect(progress.phase == .upgraded)
    }

    /// Head at 2 s; the first window ends at 12 s and needs 500 × 10 = 5000 bytes.
    @Test func aBodyMustBringTheMinimumRateOverEachWindow() {
        var slow = RequestProgress(connectedAt: 0)
        slow.headArrived(at: 2 * second)
        slow.received(4999)
        #expect(slow.check(at: 12 * second - 1, against: policy) == nil)
        #expect(slow.check(at: 12 * second, against: policy) == .bodyTooSlow)

        var steady = RequestProgress(connectedAt: 0)
        steady.headArrived(at: 2 * second)
        steady.received(5000)
        #expect(steady.check(at: 12 * second, against: policy) == nil)
        // The next window runs 12 s to 22 s and needs 5000 more, not 10 000 in all from 2 s.
        steady.received(4999)
        #expect(steady.check(at: 22 * second, against: policy) == .bodyTooSlow)
    }

    /// A watchdog that looks late measures the longer window: 10.2 s at 500 bytes/s is 5100.
    @Test func aLateCheckAsksForTheRateOverTheTimeThatPassed() {
        var progress = RequestProgress(connectedAt: 0)
        progress.headArrived(at: 0)
        progress.received(5099)
        #expect(progress.check(at: 10_200_000_000, against: policy) == .bodyTooSlow)
        var enough = RequestProgress(connectedAt: 0)
        enough.headArrived(at: 0)
        enough.received(5100)
        #expect(enough.check(at: 10_200_000_000, against: policy) == nil)
    }

    @Test func aFastBodyIsStillBoundByTheRequestTimeout() {
        var progress = RequestProgress(connectedAt: 0)
        progress.headArrived(at: 1 * second)
        for tick in 1...59 {
            progress.received(100_000)
            #expect(progress.check(at: Int64(tick) * second, against: policy) == nil)
        }
        #expect(progress.check(at: 60 * second, against: policy) == .requestTimeout)
    }

    @Test func aRateOfZeroTurnsTheBodyCheckOff() {
        var off = policy
        off.minBodyRate = 0
        var progress = RequestProgress(connectedAt: 0)
        progress.headArrived(at: 0)
        #expect(progress.check(at: 59 * second, against: off) == nil)
        #expect(progress.lag(at: 59 * second, against: off) == nil)
    }

    /// No deadline runs while the handler has the request, however long it takes.
    @Test func aRequestBeingServedHasNoDeadlineAndCannotBeEvicted() {
        var progress = RequestProgress(connectedAt: 0)
        progress.headArrived(at: 0)
        progress.bodyComplete()
        #expect(progress.check(at: 3600 * second, against: policy) == nil)
        #expect(progress.lag(at: 3600 * second, against: policy) == nil)
    }

    /// Waiting for a head lags by the whole wait; a body by its time less what its bytes
    /// earn at 500 bytes/s (250 bytes earn 0.5 s). Under the 1 s grace, nothing lags.
    @Test func lagIsTimeWithoutTheMinimumProgressPastTheGrace() {
        let idle = RequestProgress(connectedAt: 0)
        #expect(idle.lag(at: second / 2, against: policy) == nil)
        #expect(idle.lag(at: 3 * second / 2, against: policy) == 3 * second / 2)

        var body = RequestProgress(connectedAt: 0)
        body.headArrived(at: 1 * second)
        body.received(250)
        #expect(body.lag(at: 3 * second, against: policy) == 3 * second / 2)
        body.received(750)  // 1000 bytes earn 2 s: on time at 3 s
        #expect(body.lag(at: 3 * second, against: policy) == nil)
    }

    /// The largest rate and request timeout the flags allow, and a body far past any limit,
    /// stay within Int64.
    @Test func extremeSettingsDoNotOverflow() {
        let extreme = DeadlinePolicy(
            headTimeout: 3600 * second, requestTimeout: 3600 * second, minBodyRate: 1 << 30,
            rateWindow: 3600 * second)
        #expect(extreme.bytesDue(in: 3600 * second) == 3600 << 30)
        var progress = RequestProgress(connectedAt: 0)
        progress.headArrived(at: 0)
        progress.received(Int.max / 2)
        var rateOne = policy
        rateOne.minBodyRate = 1
        #expect(progress.lag(at: 3600 * second, against: rateOne) == nil)
    }

    /// The projection is the rest of the body at the average rate so far: 4 000 000 bytes
    /// declared, 2 000 in after 2 s (1 000 B/s), leave 3 998 s. Before the 0.25 s body grace
    /// there is no judgement; a chunked body, or one with no bytes yet, projects to infinity;
    /// one whose rest takes under the grace is left to finish; and a connection waiting for
    /// a head or being served has no body to project.
    @Test func projectedBodySecondsIsTheRestAtTheRateSoFar() {
        var body = RequestProgress(connectedAt: 0)
        body.headArrived(at: 0, declaredLength: 4_000_000)
        #expect(body.projectedBodySeconds(at: second / 4 - 1, against: policy) == nil)
        #expect(body.projectedBodySeconds(at: second / 4, against: policy) == .infinity)
        body.received(2_000)
        #expect(body.projectedBodySeconds(at: 2 * second, against: policy) == 3_998)

        var chunked = RequestProgress(connectedAt: 0)
        chunked.headArrived(at: 0, declaredLength: nil)
        chunked.received(2_000)
        #expect(chunked.projectedBodySeconds(at: 2 * second, against: policy) == .infinity)

        var ending = RequestProgress(connectedAt: 0)
        ending.headArrived(at: 0, declaredLength: 2_200)
        ending.received(2_000)  // 200 bytes at 1 000 B/s: 0.2 s
        #expect(ending.projectedBodySeconds(at: 2 * second, against: policy) == nil)

        #expect(RequestProgress(connectedAt: 0).projectedBodySeconds(at: 5 * second, against: policy) == nil)
        ending.bodyComplete()
        #expect(ending.projectedBodySeconds(at: 5 * second, against: policy) == nil)
    }

    /// An answer's projection is the rest of it at the rate the client has acknowledged it:
    /// 4 000 000 bytes held, 1 000 acknowledged 2 s after it was queued (the stream had 300
    /// acknowledged before: the request's own answer starts there), leave 7 998 s. Under the
    /// 1 s grace there is no judgement; nothing acknowledged projects to infinity; an answer
    /// whose rest takes under the grace is left alone; and the next request forgets it.
    @Test func projectedAnswerSecondsIsTheRestAtTheRateAcknowledged() {
        var progress = RequestProgress(connectedAt: 0)
        progress.headArrived(at: 0)
        progress.bodyComplete()
        #expect(progress.projectedAnswerSeconds(at: 5 * second, acked: 300, against: policy) == nil)
        progress.answerQueued(heldBytes: 4_000_000, at: 0, acked: 300)
        #expect(progress.projectedAnswerSeconds(at: second - 1, acked: 300, against: policy) == nil)
        #expect(progress.projectedAnswerSeconds(at: second, acked: 300, against: policy) == .infinity)
        #expect(progress.projectedAnswerSeconds(at: 2 * second, acked: 1_300, against: policy) == 7_998)
        // 3 600 000 of 4 000 000 in 2 s: 400 000 more at 1.8 MB/s is 0.22 s.
        #expect(progress.projectedAnswerSeconds(at: 2 * second, acked: 3_600_300, against: policy) == nil)
        // The kernel would not say: no judgement.
        #expect(progress.projectedAnswerSeconds(at: 2 * second, acked: -1, against: policy) == nil)
        progress.requestCompleted(at: 3 * second)
        #expect(progress.answer == nil)
        #expect(progress.projectedAnswerSeconds(at: 9 * second, acked: 300, against: policy) == nil)
    }
}
