import CMicroHTTPD
import Dispatch
import Synchronization

/// Gives every request head a deadline: a connection that has not delivered a complete
/// request head within the connection timeout of opening, or of its previous request's
/// completion, is shut down.
///
/// Why: libmicrohttpd's `MHD_OPTION_CONNECTION_TIMEOUT` is an idle timeout. Every byte
/// received resets it (`MHD_update_last_activity_`, connection.c, 0.9.75), so a client
/// that sends its headers a byte a second (slowloris) holds its connection, and in
/// thread-per-connection mode a thread, for as long as it likes; enough of them take
/// every slot up to `--connection-limit`. libmicrohttpd 0.9.75 has no header timeout.
///
/// How: libmicrohttpd tells us when each connection starts and closes
/// (`MHD_OPTION_NOTIFY_CONNECTION`, see `MHDConnectionEvents`) and when each head
/// arrives and each request completes (the access handler, the completion callback);
/// a watchdog timer looks every `period` for connections past their deadline and calls
/// `shutdown(2)` on their sockets. It never closes a socket: libmicrohttpd owns it, sees
/// end of stream and closes it itself, through its ordinary path.
///
/// Why a shut-down socket is always still ours: libmicrohttpd notifies
/// `MHD_CONNECTION_NOTIFY_CLOSED` before it closes the socket, in both places it
/// closes a started connection (`MHD_cleanup_connections` and the failure path of
/// `new_connection_process_`, daemon.c, 0.9.75). The notification removes the
/// connection from `watched` under the same lock the watchdog holds while it calls
/// `shutdown`, so every `shutdown` happens before the close, never on a reused
/// descriptor number.
final class HeadDeadlines: Sendable {
    /// How long a connection may take to deliver a request head.
    let timeout: Duration
    /// How often the watchdog looks; a connection is cut at most this long after its deadline.
    let period: Duration
    private let timeoutNanoseconds: Int64
    private let watched = Mutex<[ObjectIdentifier: WatchedConnection]>([:])
    private let timer = Mutex<(any DispatchSourceTimer)?>(nil)

    init(timeout: Duration, period: Duration = .milliseconds(200)) {
        self.timeout = timeout
        self.period = period
        timeoutNanoseconds = timeout.nanoseconds
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
    var count: Int { watched.withLock { $0.count } }

    /// A connection was accepted.
    func add(_ connection: WatchedConnection) {
        watched.withLock { $0[ObjectIdentifier(connection)] = connection }
    }

    /// libmicrohttpd is about to close the connection's socket: never touch it again.
    func remove(_ connection: WatchedConnection) {
        watched.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    /// Shuts down every connection past its deadline at `now` (nanoseconds of CLOCK_MONOTONIC).
    func cutOverdue(at now: Int64) {
        watched.withLock { connections in
            for connection in connections.values where connection.isOverdue(at: now, timeout: timeoutNanoseconds) {
                connection.cut()
            }
        }
    }

    /// Starts the watchdog.
    func startWatching() {
        let nanoseconds = Int(period.nanoseconds)
        timer.withLock { slot in
            let source = DispatchSource.makeTimerSource(queue: .global())
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
