import Glibc
import Synchronization

/// One open connection as `HeadDeadlines` sees it: its socket, and since when it
/// has been waiting for a request head.
///
/// The connection's libmicrohttpd thread writes it (a head arrived, a request
/// completed) while the watchdog reads it from another thread, hence atomics.
/// Times are nanoseconds of CLOCK_MONOTONIC, which an atomic can hold.
final class WatchedConnection: Sendable {
    /// The connection's socket. Only ever shut down, never closed: libmicrohttpd owns it.
    let socket: Int32
    /// Since when the connection has waited for a request head; `serving` while it has one.
    private let waitingSince: Atomic<Int64>
    /// Set once the socket has been shut down, so it is shut down once.
    private let isCut = Atomic<Bool>(false)

    /// `waitingSince` while a request is being served: its head is in, so no deadline runs.
    private static let serving: Int64 = -1

    /// A connection just accepted: it starts waiting for its first head at `now`.
    init(socket: Int32, now: Int64) {
        self.socket = socket
        waitingSince = Atomic(now)
    }

    /// The request head is complete (libmicrohttpd called the access handler): no deadline
    /// while the request is read, handled and answered.
    func headArrived() {
        waitingSince.store(Self.serving, ordering: .relaxed)
    }

    /// The request is done and the connection kept alive: the next head's deadline starts `now`.
    func awaitHead(now: Int64) {
        waitingSince.store(now, ordering: .relaxed)
    }

    /// True when the connection has waited for a head for `timeout` nanoseconds or more at
    /// `now`, and has not been cut yet.
    func isOverdue(at now: Int64, timeout: Int64) -> Bool {
        let since = waitingSince.load(ordering: .relaxed)
        return since != Self.serving && now - since >= timeout && !isCut.load(ordering: .relaxed)
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
