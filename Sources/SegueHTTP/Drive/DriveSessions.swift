import Glibc
import Logging
import SegueAPI
import Synchronization

/// The open drive sessions: their count against `--drive-max-sessions`, and the word to close
/// them all when the server shuts down. Shared by libmicrohttpd's threads (which reserve a slot
/// at the upgrade) and each session's own thread (which gives it back).
final class DriveSessions: Sendable {
    let endpoint: DriveEndpoint
    let logger: Logger
    let metrics: ServerMetrics?
    private let count = Atomic<Int>(0)
    private let closing = Atomic<Bool>(false)

    init(endpoint: DriveEndpoint, logger: Logger, metrics: ServerMetrics?) {
        self.endpoint = endpoint
        self.logger = logger
        self.metrics = metrics
    }

    var limits: DriveLimits { endpoint.driveLimits }

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

    /// Gives a slot back, after `seconds` of session.
    func release(after seconds: Double) {
        count.subtract(1, ordering: .relaxed)
        metrics?.driveSessionClosed(after: seconds)
    }

    /// Whether sessions are being closed for shutdown: each closes with 1001 at its next turn.
    var isClosing: Bool { closing.load(ordering: .relaxed) }

    /// Asks every session to close with 1001 (going away) and waits until `deadline` at most for them to end.
    func closeAll(until deadline: ContinuousClock.Instant) {
        closing.store(true, ordering: .relaxed)
        while open > 0 && ContinuousClock.now < deadline {
            usleep(5_000)
        }
        if open > 0 {
            logger.warning("drive sessions still open at shutdown", metadata: ["open": "\(open)"])
        }
    }
}
