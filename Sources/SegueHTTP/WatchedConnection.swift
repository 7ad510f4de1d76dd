import CMicroHTTPD
import Glibc
import Synchronization

/// One open connection as `RequestDeadlines` sees it: its socket, and its current request's
/// `RequestProgress`.
///
/// The connection's libmicrohttpd thread records its events (a head arrived, body bytes,
/// the request completed) while the watchdog and the listener read it from other threads,
/// hence the lock; each holds it for a few instructions.
final class WatchedConnection: Sendable {
    /// The connection's socket. Only ever shut down, never closed: libmicrohttpd owns it.
    let socket: Int32
    private let progress: Mutex<RequestProgress>
    /// Set once the socket has been shut down, so it is shut down once.
    private let isCut = Atomic<Bool>(false)
    /// Set once the request was answered with a WebSocket upgrade.
    private let upgradedFlag = Atomic<Bool>(false)

    /// A connection just accepted: it starts waiting for its first head at `now`.
    init(socket: Int32, now: Int64) {
        self.socket = socket
        progress = Mutex(RequestProgress(connectedAt: now))
    }

    /// The request head is complete (libmicrohttpd called the access handler) at `now`,
    /// declaring a body of `declaredLength` bytes (nil when chunked or absent).
    func headArrived(now: Int64, declaredLength: Int64?) {
        progress.withLock { $0.headArrived(at: now, declaredLength: declaredLength) }
    }

    /// `count` body bytes arrived.
    func received(_ count: Int) {
        progress.withLock { $0.received(count) }
    }

    /// The body is complete: the handler runs, under no deadline.
    func bodyComplete() {
        progress.withLock { $0.bodyComplete() }
    }

    /// The request is done and the connection kept alive: the next one's deadlines start `now`.
    func awaitHead(now: Int64) {
        progress.withLock { $0.requestCompleted(at: now) }
    }

    /// The request was answered with a WebSocket upgrade: the socket leaves the HTTP deadlines.
    func upgraded() {
        progress.withLock { $0.upgraded() }
        upgradedFlag.store(true, ordering: .relaxed)
    }

    /// True once the connection is a drive socket.
    var isUpgraded: Bool { upgradedFlag.load(ordering: .relaxed) }

    /// True once the socket has been shut down (it is closing).
    var wasCut: Bool { isCut.load(ordering: .relaxed) }

    /// The deadline the connection has missed at `now`, if it has not been cut yet.
    func overrun(at now: Int64, against policy: DeadlinePolicy) -> RequestProgress.Overrun? {
        guard !wasCut else { return nil }
        return progress.withLock { $0.check(at: now, against: policy) }
    }

    /// How far the connection lags at `now`, if it may be closed to make room (see
    /// `RequestProgress.lag`); nil once cut.
    func lag(at now: Int64, against policy: DeadlinePolicy) -> Int64? {
        guard !wasCut else { return nil }
        return progress.withLock { $0.lag(at: now, against: policy) }
    }

    /// An answer holding `heldBytes` of the work gate's budget was queued at `now`.
    func answerQueued(heldBytes: Int, now: Int64) {
        let acked = segue_tcp_bytes_acked(socket)
        progress.withLock { $0.answerQueued(heldBytes: Int64(heldBytes), at: now, acked: Int64(acked)) }
    }

    /// The budget bytes its answer holds, if one is being sent.
    var answerHeldBytes: Int64 {
        progress.withLock { $0.answer?.heldBytes ?? 0 }
    }

    /// How long the rest of its answer would take to reach the client, if it may be closed to
    /// give its memory back (see `RequestProgress.projectedAnswerSeconds`); nil once cut.
    func projectedAnswerSeconds(at now: Int64, against policy: DeadlinePolicy) -> Double? {
        guard !wasCut else { return nil }
        let acked = Int64(segue_tcp_bytes_acked(socket))
        return progress.withLock { $0.projectedAnswerSeconds(at: now, acked: acked, against: policy) }
    }

    /// How long the rest of its body would take, if it may be closed to make room (see
    /// `RequestProgress.projectedBodySeconds`); nil once cut.
    func projectedBodySeconds(at now: Int64, against policy: DeadlinePolicy) -> Double? {
        guard !wasCut else { return nil }
        return progress.withLock { $0.projectedBodySeconds(at: now, against: policy) }
    }

    /// Shuts the socket down for reading and writing; the connection's thread then sees end
    /// of stream and libmicrohttpd closes it as it would any connection the client ended.
    func cut() {
        guard !isCut.exchange(true, ordering: .relaxed) else { return }
        shutdown(socket, Int32(SHUT_RDWR))
    }

    /// Now, in nanoseconds of CLOCK_MONOTONIC.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
