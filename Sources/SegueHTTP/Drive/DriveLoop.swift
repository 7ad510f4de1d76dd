import CMicroHTTPD
import Glibc
import Synchronization

/// One of the drive sessions' event loops: a thread that serves many upgraded sockets with
/// epoll(7) (see `DriveLoopThread`). This is the part other threads see: libmicrohttpd's upgrade
/// handler hands a socket over (`submit`), `DriveSessions` wakes the loop when the server starts
/// closing sessions, and stops it (`stop`), which waits for its thread to end.
///
/// Why loops rather than a thread per session: a session is mostly waiting, for its client or
/// for a frame's time, and a thread per waiting session costs its stack and a scheduler entry
/// each; a few loops, one per core, hold many sessions each for the cost of their buffers.
///
/// The only state crossing threads is `inbox` (behind a mutex) and the wake eventfd; each
/// connection, its socket and its upgrade handle belong to the loop's thread from the hand-off
/// until it closes them.
final class DriveLoop: Sendable {
    /// The epoll instance and the eventfd that wakes it (registered in it with `wakeToken`).
    let epoll: Int32
    let wake: Int32
    /// Sessions handed to this loop and not yet ended: `DriveSessions` gives a new one to the
    /// loop with the fewest.
    let load = Atomic<Int>(0)
    private let inbox = Mutex(Inbox())

    /// The token of the wake eventfd; a connection's token is its slot and generation, never this.
    static let wakeToken = UInt64.max

    struct Inbox {
        var sockets: [UpgradedSocket] = []
        /// Once set, nothing more is taken: the thread ends the sessions it holds and exits.
        var stopping = false
        var thread: pthread_t?
    }

    /// A loop whose epoll instance or eventfd could not be made takes no socket (`submit` says
    /// no, and the upgrade handler ends the session at once).
    init() {
        epoll = segue_epoll_create()
        wake = segue_eventfd_create()
        if epoll < 0 || wake < 0
            || segue_epoll_ctl(epoll, Int32(SEGUE_EPOLL_CTL_ADD), wake, UInt32(SEGUE_EPOLL_IN), Self.wakeToken) != 0
        {
            inbox.withLock { $0.stopping = true }
        }
    }

    deinit {
        if epoll >= 0 { close(epoll) }
        if wake >= 0 { close(wake) }
    }

    /// Starts the loop's thread, serving for `sessions`; a loop whose thread cannot start takes
    /// no socket.
    func start(sessions: DriveSessions, index: Int) {
        let context = Unmanaged.passRetained(DriveLoopThread.Context(loop: self, sessions: sessions, index: index))
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { raw in
                guard let raw else { return nil }
                let context = Unmanaged<DriveLoopThread.Context>.fromOpaque(raw).takeRetainedValue()
                DriveLoopThread(context).run()
                return nil
            }, context.toOpaque())
        if started == 0 {
            inbox.withLock { $0.thread = thread }
        } else {
            context.release()
            inbox.withLock { $0.stopping = true }
            sessions.logger.error("no thread for a drive loop", metadata: ["errno": "\(started)"])
        }
    }

    /// Hands an upgraded socket to the loop; false once the loop has stopped (or never started),
    /// and then the caller still owns the socket and its handle.
    func submit(_ socket: UpgradedSocket) -> Bool {
        let taken = inbox.withLock { inbox in
            guard !inbox.stopping, inbox.thread != nil else { return false }
            inbox.sockets.append(socket)
            return true
        }
        if taken {
            load.add(1, ordering: .relaxed)
            signal()
        }
        return taken
    }

    /// Wakes the loop: it then takes what waits in the inbox and looks at the server's state.
    func signal() {
        if wake >= 0 { segue_eventfd_signal(wake) }
    }

    /// What the loop's thread takes when woken: the sockets handed over since, and whether to stop.
    func take() -> (sockets: [UpgradedSocket], stopping: Bool) {
        inbox.withLock { inbox in
            defer { inbox.sockets.removeAll() }
            return (inbox.sockets, inbox.stopping)
        }
    }

    /// Stops the loop and waits for its thread to end: every session it still holds is ended
    /// first (its handle closed, its slot given back). After this returns, no thread of this loop
    /// touches a socket, a handle or `DriveSessions`. Safe to call more than once.
    func stop() {
        let thread = inbox.withLock { inbox in
            inbox.stopping = true
            defer { inbox.thread = nil }
            return inbox.thread
        }
        signal()
        if let thread { pthread_join(thread, nil) }
    }
}

/// An upgraded socket on its way from libmicrohttpd's upgrade handler to a loop's thread.
/// Sendable by hand-off: the handler gives up the socket and the handle when it submits them and
/// touches neither again (libmicrohttpd leaves an upgraded socket to the application until
/// MHD_upgrade_action's close, which the loop calls once).
struct UpgradedSocket: @unchecked Sendable {
    let socket: Int32
    let handle: OpaquePointer
    /// Bytes libmicrohttpd read past the handshake: the client's first frames, if it was quick.
    let extra: [UInt8]
    let requestID: String
}

/// Seconds on the monotonic clock since the first reading, shared by the loops so that a
/// connection's deadlines and its loop's timers are on one scale.
enum DriveClock {
    private static let origin = ContinuousClock.now

    static func now() -> Double {
        let elapsed = ContinuousClock.now - origin
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }
}
