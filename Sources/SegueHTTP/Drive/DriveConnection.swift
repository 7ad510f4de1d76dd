import CMicroHTTPD
import Glibc
import Logging
import SegueAPI

/// One drive session's socket, from the upgrade to the close: it reads the client's frames into
/// the session, writes the session's messages, plays realtime frames at their time, pings, and
/// closes as RFC 6455 says. It runs on a drive loop's thread (`DriveLoopThread`), which gives it
/// a turn whenever its socket is ready for what it waits for, or its next deadline comes; each
/// turn does what can be done without waiting and says what to wait for next (`Next`).
///
/// Backpressure: the socket is non-blocking, and what the session answers is made into bytes
/// only as the socket takes them. A burst of frames (`FrameBurst`) is made a message at a time
/// while fewer than `maxQueuedBytes` wait unsent, so a client that reads gets every frame
/// however large the burst, and the bytes a session holds stay bounded however slowly it reads.
/// While an answer waits, the client's next message is not taken: it waits in the socket, and
/// TCP's own flow control slows a client that sends faster than it reads. Only a client that
/// takes nothing at all for `stallTimeout` is closed, with 1008.
final class DriveConnection {
    let socket: Int32
    private let handle: OpaquePointer
    private let sessions: DriveSessions
    private let requestID: String
    private var session: DriveSession
    private var reader: WebSocket.Reader
    /// Bytes made and not yet taken by the socket, from `outboxStart` on: fewer than
    /// `maxQueuedBytes` plus one message.
    private var outbox: [UInt8] = []
    private var outboxStart = 0
    /// Where each frame in the outbox ends, so that dropping what waits never cuts a frame in two.
    private var frameEnds: [Int] = []
    /// The session's answers not yet made into bytes, in order: a burst's messages are made
    /// from it as the outbox drains. Holds the answer to one client message (and realtime
    /// frames that fell due meanwhile), since no message is taken while it is not empty.
    private var pending: [DriveSession.Output] = []
    /// Since when bytes have waited with the socket taking none of them; nil while nothing waits.
    private var stalledSince: Double?
    /// When the session began, on `DriveClock`'s scale: the session's own times count from it.
    private let origin: Double
    /// When the client was last heard from (a byte received) or seen to read what waited for it.
    private var lastHeard = 0.0
    private var nextPing: Double
    /// When the server sent its close frame; it then waits `closeGrace` for the client's.
    private var closeSent: Double?
    private var closeReason = ""
    /// Set once the connection is to end as soon as the outbox is written.
    private var finishing = false
    /// Set once the sending side is shut, until when the connection reads and drops what the
    /// client still sends (see `beginLingering`).
    private var lingerUntil: Double?
    private var messagesIn = 0
    private var messagesOut = 0
    /// When the bytes being read now arrived (the `recv` that returned them).
    private var lastReadAt = 0.0
    /// For each message answered with frames not yet all written: when its bytes arrived. Once
    /// everything is written, each one's time to the wire is recorded
    /// (`segue_drive_frame_latency_seconds`).
    private var awaitingWrite: [Double] = []

    /// Seconds the server reads and drops what the client still sends, after its last byte.
    static let linger = 1.0
    /// Seconds the server waits for the client's close frame after sending its own.
    static let closeGrace = 2.0
    /// The longest a connection waits for a turn with nothing due. Every deadline it has is
    /// waited for as such, and the server's closing wakes every loop, so this only bounds the
    /// cost of a wait this code does not foresee.
    static let longestWait = 1.0
    /// Bytes of the client's frames read ahead of the session beyond one whole message: while an
    /// answer waits, the socket is read (so pongs and a close are seen) only up to this.
    static let readAhead = 1 << 16
    /// The most rounds of reading, answering and writing in one turn, so that one busy
    /// connection (a fast client and a large burst) lets the others of its loop have theirs.
    static let roundsPerTurn = 16
    /// The most reads in one turn while lingering, for the same reason.
    static let lingerReadsPerTurn = 16

    /// What the connection waits for after a turn: epoll events (`SEGUE_EPOLL_IN`, `_OUT`) and
    /// a deadline on `DriveClock`'s scale; or its end, after which the loop takes the socket out
    /// of its epoll set and calls `finish`.
    enum Next {
        case wait(events: UInt32, deadline: Double)
        case ended
    }

    /// Takes over an upgraded socket: non-blocking from here on, and without Nagle's delay.
    init(_ upgraded: UpgradedSocket, sessions: DriveSessions) {
        socket = upgraded.socket
        handle = upgraded.handle
        requestID = upgraded.requestID
        self.sessions = sessions
        session = sessions.endpoint.session(requestID: requestID)
        reader = WebSocket.Reader(maxMessageBytes: sessions.limits.maxMessageBytes)
        reader.append(upgraded.extra)
        origin = DriveClock.now()
        nextPing = Double(sessions.limits.pingInterval)
        let flags = fcntl(socket, F_GETFL)
        _ = fcntl(socket, F_SETFL, flags | O_NONBLOCK)
        // Each message goes out when written: Nagle's algorithm would hold a small frame back
        // until the last one is acknowledged, up to the client's delayed-ACK time (40 ms).
        var noDelay: Int32 = 1
        _ = setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Seconds since the session began.
    private var now: Double { DriveClock.now() - origin }

    /// One turn: what a thread polling this socket alone did each time its poll returned. It
    /// reads what has arrived and writes what the socket takes; ends the connection once the
    /// peer has gone, the close handshake is done or its grace has passed; then takes the
    /// client's messages, plays what is due, and makes the answers into bytes. It goes round
    /// again while that made bytes the socket may take now, or freed room to read more, up to
    /// `roundsPerTurn`; then says what to wait for. `readiness` holds the epoll events that
    /// woke it (0 for a deadline, or the server closing).
    func turn(readiness: UInt32, scratch: UnsafeMutableRawBufferPointer) -> Next {
        if lingerUntil != nil { return linger(scratch: scratch) }
        let broken = readiness & UInt32(SEGUE_EPOLL_ERR | SEGUE_EPOLL_HUP) != 0
        for round in 0..<Self.roundsPerTurn {
            let moved = transfer(scratch: scratch)
            checkStall()
            // A socket in error or hung up from which nothing moves is gone: epoll reports both
            // whatever the interest, so waiting on it again would only spin.
            let gone = !moved.open || (round == 0 && broken && moved.read == 0 && moved.written == 0)
            if gone || (finishing && unsent == 0) {
                return beginLingering()
            }
            if let closeSent, now - closeSent > Self.closeGrace {
                return beginLingering()
            }
            readMessages()
            if !finishing, closeSent == nil {
                tick()
            }
            produce()
            let mayWrite = unsent > 0 && !moved.writeBlocked
            let mayRead = moved.readStopped && reads
            if !mayWrite && !mayRead { return waiting() }
        }
        // Not done, but the loop's other connections wait: another turn at its next pass.
        return .wait(events: interest, deadline: DriveClock.now())
    }

    /// Bytes made and not yet taken by the socket.
    private var unsent: Int { outbox.count - outboxStart }

    /// Whether the client's next message is taken: not while the answer to the last one waits to
    /// be made, or more than `maxQueuedBytes` wait to be sent. After the server's close frame,
    /// only the client's close is looked for.
    private var takesMessages: Bool {
        closeSent != nil || (pending.isEmpty && unsent < sessions.limits.maxQueuedBytes)
    }

    // MARK: messages

    private func readMessages() {
        while takesMessages && (closeSent == nil || !finishing) {
            switch reader.next() {
            case .failure(let failure):
                close(failure.code, failure.reason)
                return
            case .success(nil):
                return
            case .success(let message?):
                handle(message)
                produce()
                if finishing { return }
            }
        }
    }

    private func handle(_ message: WebSocket.Message) {
        switch message {
        case .text(let text):
            guard closeSent == nil else { return }  // after our close frame, data is not answered
            messagesIn += 1
            sessions.metrics?.driveMessageReceived()
            let outputs = session.receive(text, now: now)
            if outputs.contains(where: { if case .frames = $0 { true } else { false } }) {
                awaitingWrite.append(lastReadAt)
            }
            pending += outputs
        case .binary:
            close(.unsupportedData, "binary messages are not taken; send JSON text messages")
        case .ping(let payload):
            enqueue(WebSocket.frame(.pong, payload))
        case .pong:
            break
        case .close(let code, _):
            if closeSent == nil {
                pending.removeAll()
                // Echo the client's code (RFC 6455 §5.5.1); a close with none is answered with none.
                enqueue(WebSocket.frame(.close, code.map { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } ?? []))
                closeReason = "client closed" + (code.map { " (\($0))" } ?? "")
            }
            finishing = true
        }
    }

    /// Makes the pending answers into bytes, in order, until `maxQueuedBytes` wait unsent: a
    /// text message whole, a burst one message at a time.
    private func produce() {
        while !pending.isEmpty, unsent < sessions.limits.maxQueuedBytes, closeSent == nil {
            switch pending[0] {
            case .text(let text):
                pending.removeFirst()
                write(message: text)
            case .frames(var burst):
                if let message = burst.nextMessage() {
                    write(message: message)
                }
                if burst.isEmpty {
                    pending.removeFirst()
                } else {
                    pending[0] = .frames(burst)
                }
            case .close(let code, let reason):
                pending.removeFirst()
                close(code, reason)
            }
        }
    }

    private func write(message: [UInt8]) {
        messagesOut += 1
        sessions.metrics?.driveMessageSent()
        enqueue(WebSocket.frame(.text, message))
    }

    /// Realtime frames that are due, the keepalive ping, and the idle and shutdown checks.
    private func tick() {
        let time = now
        pending += session.due(at: time)
        if sessions.isClosing {
            close(.goingAway, "the server is shutting down; reconnect and resend the samples")
        } else if isIdle(at: time) {
            close(.goingAway, "idle for more than \(sessions.limits.idleTimeout) s")
        } else if time >= nextPing {
            enqueue(WebSocket.frame(.ping, Array("segue".utf8)))
            nextPing = time + Double(sessions.limits.pingInterval)
        }
    }

    /// Whether the client has been silent past the idle timeout with nothing waiting for it (while
    /// something waits, the stall timeout is its clock).
    private func isIdle(at time: Double) -> Bool {
        pending.isEmpty && unsent == 0 && time - lastHeard > Double(sessions.limits.idleTimeout)
    }

    /// A client whose socket has taken nothing of what waits for it for `stallTimeout` does not
    /// read: what it has not taken is dropped, and the close frame says why, should it ever
    /// read again.
    private func checkStall() {
        guard closeSent == nil, let stalledSince, now - stalledSince > Double(sessions.limits.stallTimeout) else {
            return
        }
        // Keep the frame being written, whole; drop the frames after it.
        let keep = frameEnds.first { $0 > outboxStart } ?? outboxStart
        outbox.removeSubrange(keep...)
        frameEnds.removeAll { $0 > keep }
        close(.policyViolation, "the client read nothing for \(sessions.limits.stallTimeout) s")
    }

    /// Sends a close frame (once), after what is already made, and waits for the client's. What
    /// is not yet made is not sent.
    private func close(_ code: WebSocket.CloseCode, _ reason: String) {
        guard closeSent == nil else { return }
        pending.removeAll()
        enqueue(WebSocket.closeFrame(code, reason: reason))
        closeSent = now
        closeReason = "closed \(code.rawValue): \(reason)"
        if code != .normal && code != .goingAway {
            finishing = true  // a broken or refused client: no need to wait for its close
        }
    }

    private func enqueue(_ bytes: [UInt8]) {
        if outboxStart > 0, outboxStart >= outbox.count / 2 {
            // Drop what was sent before adding, so the outbox never grows past what waits.
            outbox.removeFirst(outboxStart)
            frameEnds = frameEnds.compactMap { $0 > outboxStart ? $0 - outboxStart : nil }
            outboxStart = 0
        }
        outbox += bytes
        frameEnds.append(outbox.count)
    }

    // MARK: the socket

    /// Whether the socket is read now: up to one whole message and `readAhead` more wait in the
    /// reader, so a client that sends without reading cannot make the server hold more.
    private var reads: Bool {
        reader.unreadByteCount < sessions.limits.maxMessageBytes + Self.readAhead
    }

    /// What the socket is watched for: reading while the connection reads, writing while bytes wait.
    private var interest: UInt32 {
        (reads ? UInt32(SEGUE_EPOLL_IN) : 0) | (unsent > 0 ? UInt32(SEGUE_EPOLL_OUT) : 0)
    }

    /// What to wait for until the next turn: the socket (`interest`), or the next deadline: a
    /// realtime frame's time, the next ping, the stall or idle timeout, or the close's grace.
    private func waiting() -> Next {
        let time = now
        var deadline = time + Self.longestWait
        if let closeSent {
            deadline = min(deadline, closeSent + Self.closeGrace)
        } else {
            if !finishing {
                if let due = session.nextDue { deadline = min(deadline, due) }
                deadline = min(deadline, nextPing)
            }
            if let stalledSince {
                deadline = min(deadline, stalledSince + Double(sessions.limits.stallTimeout))
            } else if !finishing && pending.isEmpty && unsent == 0 {
                deadline = min(deadline, lastHeard + Double(sessions.limits.idleTimeout))
            }
        }
        return .wait(events: interest, deadline: origin + deadline)
    }

    /// What one `transfer` moved: whether the peer is still there, the bytes read and written,
    /// whether reading stopped at the read-ahead bound rather than at an empty socket, and
    /// whether the socket took less than was offered.
    private struct Moved {
        var open = true
        var read = 0
        var written = 0
        var readStopped = false
        var writeBlocked = false
    }

    /// Reads what has arrived (up to `reads`) and writes what the socket takes.
    private func transfer(scratch: UnsafeMutableRawBufferPointer) -> Moved {
        var moved = Moved()
        reading: while true {
            guard reads else {
                moved.readStopped = true
                break
            }
            let count = recv(socket, scratch.baseAddress, scratch.count, 0)
            if count > 0 {
                reader.append(UnsafeRawBufferPointer(rebasing: scratch[0..<count]))
                moved.read += count
                lastHeard = now
                lastReadAt = lastHeard
                continue
            }
            if count == 0 {  // the client has gone
                moved.open = false
                return moved
            }
            switch errno {
            case EAGAIN, EWOULDBLOCK: break reading
            case EINTR: continue
            default:
                moved.open = false
                return moved
            }
        }
        while outboxStart < outbox.count {
            let sent = outbox.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return 0 }
                return send(socket, base + outboxStart, bytes.count - outboxStart, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                outboxStart += sent
                moved.written += sent
                continue
            }
            if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                moved.writeBlocked = true
                break
            }
            if sent < 0 && errno == EINTR { continue }
            moved.open = false
            return moved
        }
        if unsent > 0 {
            // Bytes wait: the stall clock runs from the last time the socket took any.
            if moved.written > 0 && stalledSince != nil { lastHeard = now }  // the client read what waited
            if stalledSince == nil || moved.written > 0 { stalledSince = now }
        } else {
            if stalledSince != nil { lastHeard = now }
            stalledSince = nil
            outbox.removeAll(keepingCapacity: outbox.capacity <= 1 << 16)
            frameEnds.removeAll()
            outboxStart = 0
            if pending.isEmpty, !awaitingWrite.isEmpty {
                let written = now
                for arrived in awaitingWrite {
                    sessions.metrics?.driveFrameLatency(seconds: written - arrived)
                }
                awaitingWrite.removeAll(keepingCapacity: true)
            }
        }
        return moved
    }

    // MARK: the end

    /// Ends the sending side, then reads and drops what the client still sends until it closes
    /// too (or `linger` passes). Closing a socket with unread bytes makes the kernel send a reset,
    /// which throws away what the client has not yet read: the close frame saying why among it.
    private func beginLingering() -> Next {
        shutdown(socket, Int32(SHUT_WR))
        let until = now + Self.linger
        lingerUntil = until
        return .wait(events: UInt32(SEGUE_EPOLL_IN), deadline: origin + until)
    }

    /// A turn while lingering: drops what has arrived; ended once the client has closed, the
    /// socket fails, or `linger` has passed.
    private func linger(scratch: UnsafeMutableRawBufferPointer) -> Next {
        guard let lingerUntil, now < lingerUntil else { return .ended }
        for _ in 0..<Self.lingerReadsPerTurn {
            let count = recv(socket, scratch.baseAddress, scratch.count, 0)
            if count > 0 { continue }
            if count == 0 { return .ended }
            switch errno {
            case EAGAIN, EWOULDBLOCK:
                return .wait(events: UInt32(SEGUE_EPOLL_IN), deadline: origin + lingerUntil)
            case EINTR: continue
            default: return .ended
            }
        }
        return .wait(events: UInt32(SEGUE_EPOLL_IN), deadline: origin + lingerUntil)
    }

    /// Closes the connection through libmicrohttpd (which closes the socket: MHD_upgrade_action
    /// with MHD_UPGRADE_ACTION_CLOSE, called once, here) and gives the session's slot back, last
    /// of all: a shutdown waits for every slot (`DriveSessions.closeAll`). Called by the loop,
    /// with the socket already out of its epoll set; `reason` stands for the one the turns
    /// found, for a session ended from outside them.
    func finish(reason: String? = nil) {
        _ = segue_mhd_upgrade_close(handle)
        let seconds = now
        sessions.logger.info(
            "drive session",
            metadata: [
                "id": "\(requestID)", "seconds": "\((seconds * 1000).rounded() / 1000)", "in": "\(messagesIn)",
                "out": "\(messagesOut)", "end": "\(reason ?? (closeReason.isEmpty ? "client closed" : closeReason))",
            ])
        sessions.release(after: seconds)
    }
}
