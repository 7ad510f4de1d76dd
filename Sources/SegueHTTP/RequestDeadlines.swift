import CMicroHTTPD
import Dispatch
import Synchronization

/// Holds every request to the deadlines of a `DeadlinePolicy` while it arrives: a head within
/// the connection timeout, head and body within the request timeout, and a body at the
/// minimum rate; a connection that misses one is shut down. It also keeps the count of open
/// connections the `Listener` admits against, and names the connection to close when a new
/// client finds every slot taken (`makeRoom`).
///
/// Why: libmicrohttpd's `MHD_OPTION_CONNECTION_TIMEOUT` is an idle timeout. Every byte
/// received resets it (`MHD_update_last_activity_`, connection.c, 0.9.75), so a client
/// that sends its head or its body a byte now and then (slowloris, slow POST) holds its
/// connection, and in thread-per-connection mode a thread, for as long as it likes; 512
/// of them sending 57 bytes/s in total took every slot up to `--connection-limit`.
/// libmicrohttpd 0.9.75 has neither a header timeout nor a body rate.
///
/// How: libmicrohttpd tells us when each connection starts and closes
/// (`MHD_OPTION_NOTIFY_CONNECTION`, see `MHDConnectionEvents`), and the access handler and
/// completion callback tell us when a head arrives, body bytes arrive, the body is complete
/// and the request is done; a watchdog timer looks every `period` for connections past a
/// deadline and calls `shutdown(2)` on their sockets. It never closes a socket:
/// libmicrohttpd owns it, sees end of stream and closes it itself, through its ordinary path.
///
/// Why a shut-down socket is always still ours: libmicrohttpd notifies
/// `MHD_CONNECTION_NOTIFY_CLOSED` before it closes the socket, in both places it
/// closes a started connection (`MHD_cleanup_connections` and the failure path of
/// `new_connection_process_`, daemon.c, 0.9.75). The notification removes the
/// connection from `watched` under the same lock the watchdog and the listener hold while
/// they call `shutdown`, so every `shutdown` happens before the close, never on a reused
/// descriptor number.
final class RequestDeadlines: Sendable {
    let policy: DeadlinePolicy
    /// How often the watchdog looks; a connection is cut at most this long after its deadline.
    let period: Duration
    private let state = Mutex(Connections())
    private let timer = Mutex<(any DispatchSourceTimer)?>(nil)

    /// The connections libmicrohttpd has started and not yet closed, and when each of those
    /// handed to it (`MHD_add_connection` queues them for its own thread) whose start it has
    /// not yet reported was handed over, oldest first.
    private struct Connections {
        var watched: [ObjectIdentifier: WatchedConnection] = [:]
        var handedOver: [Int64] = []
    }

    /// How long a handed-over connection may go unreported before it is taken as dropped:
    /// libmicrohttpd starts one within milliseconds, but drops it without a word when it
    /// cannot allocate its memory pool, and an uncounted drop must not hold a slot for ever.
    static let handOverLimit: Int64 = 5_000_000_000

    init(policy: DeadlinePolicy, period: Duration = .milliseconds(200)) {
        self.policy = policy
        self.period = period
    }

    /// The libmicrohttpd options that report connections here; `self` must outlive the daemon.
    var daemonOptions: [any CVarArg] {
        let callback = Int(bitPattern: unsafeBitCast(MHDConnectionEvents.notify, to: UnsafeRawPointer.self))
        return [
            MHD_OPTION.NOTIFY_CONNECTION.rawValue, callback,
            Int(bitPattern: Unmanaged.passUnretained(self).toOpaque()),
        ]
    }

    /// Connections being watched right now.
    var count: Int { state.withLock { $0.watched.count } }

    /// Connections that hold a slot: handed to libmicrohttpd and not yet closed, less those
    /// already shut down (they are closing, and their slots are as good as free) and those
    /// upgraded to a drive socket, which `--drive-max-sessions` caps instead: a server full of
    /// live sessions still takes HTTP requests.
    var holdingSlots: Int {
        state.withLock { state in
            state.handedOver.count + state.watched.values.count { !$0.wasCut && !$0.isUpgraded }
        }
    }

    /// Connections handed to libmicrohttpd or open, shut down or not: what its own count
    /// will be once it has caught up, which must stay within its connection limit.
    var open: Int { state.withLock { $0.handedOver.count + $0.watched.count } }

    /// The listener handed a connection to libmicrohttpd at `now`; `add` follows when it starts.
    func handedOver(at now: Int64) {
        state.withLock { $0.handedOver.append(now) }
    }

    /// libmicrohttpd refused a connection handed to it (it closes the socket itself).
    func handOverFailed() {
        state.withLock { state in
            if !state.handedOver.isEmpty { state.handedOver.removeLast() }
        }
    }

    /// A connection was accepted.
    func add(_ connection: WatchedConnection) {
        state.withLock { state in
            if !state.handedOver.isEmpty { state.handedOver.removeFirst() }
            state.watched[ObjectIdentifier(connection)] = connection
        }
    }

    /// libmicrohttpd is about to close the connection's socket: never touch it again.
    func remove(_ connection: WatchedConnection) {
        state.withLock { _ = $0.watched.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    /// Shuts down every connection past a deadline at `now` (nanoseconds of CLOCK_MONOTONIC),
    /// and forgets hand-overs libmicrohttpd never reported.
    func cutOverdue(at now: Int64) {
        state.withLock { state in
            state.handedOver.removeAll { now - $0 > Self.handOverLimit }
            for connection in state.watched.values where connection.overrun(at: now, against: policy) != nil {
                connection.cut()
            }
        }
    }

    /// Shuts down one connection at `now` to make room for a new client at the connection
    /// limit: the one that lags furthest behind, or when none lags, the body that would take
    /// longest to finish at its rate so far (`RequestProgress.projectedBodySeconds`). False
    /// when none may be closed: every connection is being served, makes progress on a body
    /// about to end, or only just began.
    func makeRoom(at now: Int64) -> Bool {
        state.withLock { state in
            var laggard: (connection: WatchedConnection, lag: Int64)?
            var slowest: (connection: WatchedConnection, seconds: Double)?
            for connection in state.watched.values {
                if let lag = connection.lag(at: now, against: policy) {
                    if lag > laggard?.lag ?? Int64.min { laggard = (connection, lag) }
                } else if laggard == nil, let seconds = connection.projectedBodySeconds(at: now, against: policy),
                    seconds > slowest?.seconds ?? -1
                {
                    slowest = (connection, seconds)
                }
            }
            guard let closing = laggard?.connection ?? slowest?.connection else { return false }
            closing.cut()
            return true
        }
    }

    /// Shuts down the connections whose answers are furthest from reaching their clients
    /// (`RequestProgress.projectedAnswerSeconds`), slowest first, until they and those already
    /// shut down hold at least `bytes` of the work gate's budget, which they give back as
    /// libmicrohttpd closes them. Called when work waits for memory; answers that reach their
    /// clients, and any sent for less than the eviction grace, are left alone. Answers the
    /// bytes shut down now.
    @discardableResult
    func reclaim(bytes: Int, at now: Int64) -> Int {
        state.withLock { state in
            var closing: Int64 = 0
            var candidates: [(connection: WatchedConnection, seconds: Double, bytes: Int64)] = []
            for connection in state.watched.values {
                let held = connection.answerHeldBytes
                guard held > 0 else { continue }
                if connection.wasCut {
                    closing += held
                } else if let seconds = connection.projectedAnswerSeconds(at: now, against: policy) {
                    candidates.append((connection, seconds, held))
                }
            }
            var freed: Int64 = 0
            for candidate in candidates.sorted(by: { $0.seconds > $1.seconds }) {
                guard closing + freed < Int64(bytes) else { break }
                candidate.connection.cut()
                freed += candidate.bytes
            }
            return Int(freed)
        }
    }

    /// Starts the watchdog.
    func startWatching() {
        let nanoseconds = Int(period.nanoseconds)
        timer.withLock { slot in
            // Its own serial queue, so the watchdog never waits for a free global-queue worker.
            let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "segue.request-deadlines"))
            source.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds))
            source.setEventHandler { [self] in cutOverdue(at: WatchedConnection.now()) }
            source.resume()
            slot = source
        }
    }

    /// Stops the watchdog; call once the daemon has stopped.
    func stopWatching() {
        timer.withLock { source in
            source?.cancel()
            source = nil
        }
    }
}
