import CMicroHTTPD
import Glibc

/// What one drive loop's thread owns and does: its connections, each in a slot, their
/// deadlines (`DriveTimers`), and the loop itself: wait in epoll_wait(2) until a socket is
/// ready, the loop is woken, or the earliest deadline comes; then give each connection that is
/// ready or due a turn (`DriveConnection.turn`), which says what to wait for next.
///
/// Level-triggered (epoll(7)): a connection is registered for exactly what it would poll(2) for
/// (reading while it takes bytes, writing while bytes wait), so a turn that stops short, for
/// fairness or because the session takes no more for now, is woken again while the socket still
/// has something for it, as a thread polling its own socket was.
///
/// Created on the thread and never shared, so nothing here needs a lock.
final class DriveLoopThread {
    /// What the thread starts with, retained across `pthread_create`.
    final class Context: Sendable {
        let loop: DriveLoop
        let sessions: DriveSessions
        let index: Int

        init(loop: DriveLoop, sessions: DriveSessions, index: Int) {
            self.loop = loop
            self.sessions = sessions
            self.index = index
        }
    }

    private let loop: DriveLoop
    private let sessions: DriveSessions
    private var slots: [DriveConnection?] = []
    /// Per slot: bumped each time it is reused, and part of the epoll token, so an event for a
    /// connection that has ended can never reach the next one in its slot.
    private var generations: [UInt32] = []
    /// Per slot: the events its socket is registered for now.
    private var registered: [UInt32] = []
    private var free: [Int] = []
    private var timers = DriveTimers()
    /// Whether the connections have been told that the server is closing them.
    private var toldClosing = false
    /// One read buffer for every connection of the loop: a connection reads into it and keeps
    /// only what it read.
    private let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)

    /// The most ready sockets taken from one epoll_wait.
    static let batch = 256

    init(_ context: Context) {
        loop = context.loop
        sessions = context.sessions
        segue_name_thread("segue-drive-\(context.index)")
    }

    deinit {
        scratch.deallocate()
    }

    func run() {
        var tokens = [UInt64](repeating: 0, count: Self.batch)
        var events = [UInt32](repeating: 0, count: Self.batch)
        var due: [Int] = []
        while true {
            let timeout = timers.first.map { Self.milliseconds(until: $0.deadline) } ?? -1
            let count = segue_epoll_wait(loop.epoll, &tokens, &events, Int32(Self.batch), timeout)
            if count < 0 && errno != EINTR {
                // Not expected (EBADF, EINVAL); waiting again would spin, so end every session.
                sessions.logger.error("drive loop failed", metadata: ["errno": "\(errno)"])
                break
            }
            var woken = false
            for index in 0..<max(0, Int(count)) {
                if tokens[index] == DriveLoop.wakeToken {
                    woken = true
                } else {
                    serve(token: tokens[index], events: events[index])
                }
            }
            if woken {
                segue_eventfd_drain(loop.wake)
                let (sockets, stopping) = loop.take()
                for socket in sockets { adopt(socket, stopping: stopping) }
                if stopping { break }
            }
            if sessions.isClosing && !toldClosing {
                // Each session's next turn sends its 1001.
                toldClosing = true
                for slot in slots.indices where slots[slot] != nil { serve(slot: slot, events: 0) }
            }
            // The due ones are taken first, then served: a turn may set a deadline that is due
            // already, which waits for the next pass rather than holding this one.
            let now = DriveClock.now()
            due.removeAll(keepingCapacity: true)
            while let (slot, deadline) = timers.first, deadline <= now {
                timers.cancel(slot)
                due.append(slot)
            }
            for slot in due { serve(slot: slot, events: 0) }
        }
        for slot in slots.indices where slots[slot] != nil {
            end(slot: slot, reason: "the server stopped before the session ended")
        }
        // Sockets handed over after the last look (before `stopping` was set) are ended too.
        for socket in loop.take().sockets { adopt(socket, stopping: true) }
    }

    /// epoll_wait's timeout for a deadline, rounded up so that the loop never wakes before it.
    static func milliseconds(until deadline: Double) -> Int32 {
        let milliseconds = ((deadline - DriveClock.now()) * 1000).rounded(.up)
        return Int32(max(0, min(milliseconds, 60_000)))
    }

    // MARK: connections

    /// Takes an upgraded socket into a free slot and gives it its first turn (the client's first
    /// frames may have come with the handshake). While stopping, it is ended at once.
    private func adopt(_ socket: UpgradedSocket, stopping: Bool) {
        let connection = DriveConnection(socket, sessions: sessions)
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            slots[slot] = connection
            generations[slot] &+= 1
        } else {
            slot = slots.count
            slots.append(connection)
            generations.append(0)
            registered.append(0)
        }
        let interest = UInt32(SEGUE_EPOLL_IN)
        registered[slot] = interest
        if stopping {
            connection.finish(reason: "the server stopped before the session began")
            release(slot: slot)
        } else if segue_epoll_ctl(
            loop.epoll, Int32(SEGUE_EPOLL_CTL_ADD), socket.socket, interest, token(slot)) != 0
        {
            connection.finish(reason: "the loop could not watch the socket (errno \(errno))")
            release(slot: slot)
        } else {
            serve(slot: slot, events: 0)
        }
    }

    private func token(_ slot: Int) -> UInt64 {
        UInt64(generations[slot]) << 32 | UInt64(slot)
    }

    private func serve(token: UInt64, events: UInt32) {
        let slot = Int(token & 0xFFFF_FFFF)
        guard slot < slots.count, UInt64(generations[slot]) == token >> 32 else { return }
        serve(slot: slot, events: events)
    }

    /// One turn of the connection in `slot`; then what it waits for, or its end.
    private func serve(slot: Int, events: UInt32) {
        guard let connection = slots[slot] else { return }
        switch connection.turn(readiness: events, scratch: scratch) {
        case .wait(let interest, let deadline):
            if interest != registered[slot] {
                _ = segue_epoll_ctl(
                    loop.epoll, Int32(SEGUE_EPOLL_CTL_MOD), connection.socket, interest, token(slot))
                registered[slot] = interest
            }
            timers.schedule(slot, at: deadline)
        case .ended:
            deregister(slot: slot, connection)
            connection.finish()
            release(slot: slot)
        }
    }

    /// Ends the connection in `slot` at once, as the loop stops.
    private func end(slot: Int, reason: String) {
        guard let connection = slots[slot] else { return }
        deregister(slot: slot, connection)
        connection.finish(reason: reason)
        release(slot: slot)
    }

    /// Takes the socket out of the epoll set before libmicrohttpd closes it, so its number,
    /// reused, is never watched for the wrong connection.
    private func deregister(slot: Int, _ connection: DriveConnection) {
        _ = segue_epoll_ctl(loop.epoll, Int32(SEGUE_EPOLL_CTL_DEL), connection.socket, 0, 0)
    }

    private func release(slot: Int) {
        slots[slot] = nil
        timers.cancel(slot)
        free.append(slot)
        loop.load.subtract(1, ordering: .relaxed)
    }
}
