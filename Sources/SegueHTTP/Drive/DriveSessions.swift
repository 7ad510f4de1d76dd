import Glibc
import Logging
import SegueAPI
import Synchronization

/// The open drive sessions: their count against `--drive-max-sessions`, the loops that serve
/// them (`--drive-threads` of them, see `DriveLoop`), and the word to close them all when the
/// server shuts down. Shared by libmicrohttpd's threads (which reserve a slot at the upgrade and
/// hand the socket to a loop) and the loops' threads (which give the slot back).
final class DriveSessions: Sendable {
    let endpoint: DriveEndpoint
    let logger: Logger
    let metrics: ServerMetrics?
    private let count = Atomic<Int>(0)
    private let closing = Atomic<Bool>(false)
    private let loops: [DriveLoop]

    init(endpoint: DriveEndpoint, logger: Logger, metrics: ServerMetrics?, threads: Int) {
        self.endpoint = endpoint
        self.logger = logger
        self.metrics = metrics
        loops = (0..<max(1, threads)).map { _ in DriveLoop() }
    }

    var limits: DriveLimits { endpoint.driveLimits }

    /// Starts the loops' threads; until then (and after `closeAll`) no socket is taken.
    func start() {
        for (index, loop) in loops.enumerated() {
            loop.start(sessions: self, index: index)
        }
    }

    /// Sessions open (or upgrading) now.
    var open: Int { count.load(ordering: .relaxed) }

    /// Takes a slot for an upgrade; false when all are taken or the server is shutting down.
    func reserve() -> Bool {
        guard !isClosing else { return false }
        var current = count.load(ordering: .relaxed)
        while current < limits.maxSessions {
            let (exchanged, found) = count.compareExchange(
                expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged {
                metrics?.driveSessionOpened()
                return true
            }
            current = found
        }
        return false
    }

    /// Hands an upgraded socket to the loop holding the fewest sessions. When no loop takes it
    /// (they have stopped: the server is shutting down), the session ends here and now.
    func adopt(_ socket: UpgradedSocket) {
        let loop = loops.min { $0.load.load(ordering: .relaxed) < $1.load.load(ordering: .relaxed) }
        if let loop, loop.submit(socket) { return }
        for other in loops where other !== loop {
            if other.submit(socket) { return }
        }
        DriveConnection(socket, sessions: self).finish(reason: "no drive loop took the session")
    }

    /// Gives a slot back, after `seconds` of session.
    func release(after seconds: Double) {
        count.subtract(1, ordering: .relaxed)
        metrics?.driveSessionClosed(after: seconds)
    }

    /// Whether sessions are being closed for shutdown: each closes with 1001 at its next turn.
    var isClosing: Bool { closing.load(ordering: .relaxed) }

    /// Asks every session to close with 1001 (going away) and waits until `deadline` at most for
    /// them to end; then stops the loops, which end the sessions still open, and waits for their
    /// threads. So when this returns, nothing of the drive sessions runs any more, and the daemon
    /// can be stopped: no upgrade handle is left open for MHD_stop_daemon to free under a thread
    /// still using it.
    func closeAll(until deadline: ContinuousClock.Instant) {
        closing.store(true, ordering: .relaxed)
        for loop in loops { loop.signal() }
        while open > 0 && ContinuousClock.now < deadline {
            usleep(5_000)
        }
        if open > 0 {
            logger.warning("drive sessions still open at shutdown", metadata: ["open": "\(open)"])
        }
        stop()
    }

    /// Stops every loop and waits for its thread (see `DriveLoop.stop`). Safe to call more than once.
    func stop() {
        for loop in loops { loop.stop() }
    }
}
