import CMicroHTTPD
import Glibc
import Logging
import SegueAPI

/// One drive session's socket, on a thread of its own from the upgrade to the close: it reads
/// the client's frames into the session, writes the session's messages, plays realtime frames at
/// their time, pings, and closes as RFC 6455 says.
///
/// Why a thread per session: a session is mostly waiting (for the finger, or for a frame's
/// time), and `poll` with the next deadline as its timeout is the plainest way to wait for both;
/// sessions are capped (`--drive-max-sessions`), so threads are too.
///
/// Backpressure: the socket is non-blocking, and what the session answers is made into bytes
/// only as the socket takes them. A burst of frames (`FrameBurst`) is made a message at a time
/// while fewer than `maxQueuedBytes` wait unsent, so a client that reads gets every frame
/// however large the burst, and the bytes a session holds stay bounded however slowly it reads.
/// While an answer waits, the client's next message is not taken: it waits in the socket, and
/// TCP's own flow control slows a client that sends faster than it reads. Only a client that
/// takes nothing at all for `stallTimeout` is closed, with 1008.
final class DriveConnection {
    private let socket: Int32
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
    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant
    /// When the client was last heard from (a byte received) or seen to read what waited for it.
    private var lastHeard = 0.0
    private var nextPing: Double
    /// When the server sent its close frame; it then waits `closeGrace` for the client's.
    private var closeSent: Double?
    private var closeReason = ""
    /// Set once the connection is to end as soon as the outbox is written.
    private var finishing = false
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
    /// The longest `poll` waits, so a shutdown is noticed within it.
    static let longestWait = 0.25
    /// Bytes of the client's frames read ahead of the session beyond one whole message: while an
    /// answer waits, the socket is read (so pongs and a close are seen) only up to this.
    static let readAhead = 1 << 16

    init(socket: Int32, handle: OpaquePointer, extra: [UInt8], sessions: DriveSessions, requestID: String) {
        self.socket = socket
        self.handle = handle
        self.sessions = sessions
        self.requestID = requestID
        session = sessions.endpoint.session(requestID: requestID)
        reader = WebSocket.Reader(maxMessageBytes: sessions.limits.maxMessageBytes)
        reader.append(extra)
        origin = clock.now
        nextPing = Double(sessions.limits.pingInterval)
    }

    /// Seconds since the session began.
    private var now: Double {
        let elapsed = clock.now - origin
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    /// Starts the session's thread; the connection is closed and its slot given back when it ends.
    func start() {
        let box = Unmanaged.passRetained(self)
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { raw in
                guard let raw else { return nil }
                Unmanaged<DriveConnection>.fromOpaque(raw).takeRetainedValue().run()
                return nil
            }, box.toOpaque())
        if started == 0 {
            pthread_detach(thread)
        } else {
            box.release()
            end(reason: "no thread for the session")
        }
    }

    private func run() {
        let flags = fcntl(socket, F_GETFL)
        _ = fcntl(socket, F_SETFL, flags | O_NONBLOCK)
        // Each message goes out when written: Nagle's algorithm would hold a small frame back
        // until the last one is acknowledged, up to the client's delayed-ACK time (40 ms).
        var noDelay: Int32 = 1
        _ = setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        var open = true
        while open {
            readMessages()
            if !finishing, closeSent == nil {
                tick()
            }
            produce()
            open = wait() && transfer()
            checkStall()
            if finishing && unsent == 0 { break }
            if let closeSent, now - closeSent > Self.closeGrace { break }
        }
        end(reason: closeReason.isEmpty ? "client closed" : closeReason)
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

    /// Waits until the socket can be read or written, or the next deadline; false on a socket error.
    private func wait() -> Bool {
        let time = now
        var deadline = time + Self.longestWait
        if closeSent == nil {
            if let due = session.nextDue { deadline = min(deadline, due) }
            deadline = min(deadline, nextPing)
            if let stalledSince {
                deadline = min(deadline, stalledSince + Double(sessions.limits.stallTimeout))
            } else if pending.isEmpty && unsent == 0 {
                deadline = min(deadline, lastHeard + Double(sessions.limits.idleTimeout))
            }
        }
        let milliseconds = Int32(max(0, min((deadline - time) * 1000, 250)).rounded(.up))
        var events: Int16 = 0
        if reads { events |= Int16(POLLIN) }
        if unsent > 0 { events |= Int16(POLLOUT) }
        var descriptor = pollfd(fd: socket, events: events, revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        if ready < 0 { return errno == EINTR }
        return descriptor.revents & Int16(POLLNVAL) == 0
    }

    /// Reads what has arrived (up to `reads`) and writes what the socket takes; false once the
    /// peer has gone.
    private func transfer() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while reads {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                reader.append(buffer[0..<count])
                lastHeard = now
                lastReadAt = lastHeard
                continue
            }
            if count == 0 { return false }  // the client has gone
            if errno == EAGAIN || errno == EWOULDBLOCK { break }
            if errno == EINTR { continue }
            return false
        }
        var taken = 0
        while outboxStart < outbox.count {
            let sent = outbox.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return 0 }
                return send(socket, base + outboxStart, bytes.count - outboxStart, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                outboxStart += sent
                taken += sent
                continue
            }
            if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
            if sent < 0 && errno == EINTR { continue }
            return false
        }
        if unsent > 0 {
            // Bytes wait: the stall clock runs from the last time the socket took any.
            if taken > 0 && stalledSince != nil { lastHeard = now }  // the client read what waited
            if stalledSince == nil || taken > 0 { stalledSince = now }
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
        return true
    }

    /// Ends the sending side, then reads and drops what the client still sends until it closes too
    /// (or `linger` passes). Closing a socket with unread bytes makes the kernel send a reset, which
    /// throws away what the client has not yet read: the close frame saying why among it.
    private func lingeringClose() {
        shutdown(socket, Int32(SHUT_WR))
        let deadline = now + Self.linger
        var buffer = [UInt8](repeating: 0, count: 65536)
        while now < deadline {
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(max(1, (deadline - now) * 1000))
            guard poll(&descriptor, 1, milliseconds) > 0 else { break }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { break }
        }
    }

    /// Gives the slot back last of all: a shutdown waits for every slot (`DriveSessions.closeAll`),
    /// then stops the daemon and ends the process, so nothing may follow it.
    private func end(reason: String) {
        lingeringClose()
        _ = segue_mhd_upgrade_close(handle)
        let seconds = now
        sessions.logger.info(
            "drive session",
            metadata: [
                "id": "\(requestID)", "seconds": "\((seconds * 1000).rounded() / 1000)", "in": "\(messagesIn)",
                "out": "\(messagesOut)", "end": "\(reason)",
            ])
        sessions.release(after: seconds)
    }
}
