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
/// sessions are capped (`--drive-max-sessions`), so threads are too. The socket is non-blocking,
/// so a client that does not read never stalls the thread: what it has not taken waits in the
/// outbox, up to `maxQueuedBytes`, and past that the session closes with 1008.
final class DriveConnection {
    private let socket: Int32
    private let handle: OpaquePointer
    private let sessions: DriveSessions
    private let requestID: String
    private var session: DriveSession
    private var reader: WebSocket.Reader
    private var outbox: [UInt8] = []
    private var outboxStart = 0
    /// Where each frame in the outbox ends, so that dropping what waits never cuts a frame in two.
    private var frameEnds: [Int] = []
    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant
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
    /// For each message answered with frames not yet all written: when its bytes arrived. Once the
    /// outbox is empty, each one's time to the wire is recorded (`segue_drive_frame_latency_seconds`).
    private var awaitingWrite: [Double] = []

    /// Seconds the server reads and drops what the client still sends, after its last byte.
    static let linger = 1.0
    /// Seconds the server waits for the client's close frame after sending its own.
    static let closeGrace = 2.0
    /// The longest `poll` waits, so a shutdown is noticed within it.
    static let longestWait = 0.25

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
            open = wait() && transfer()
            checkQueue()
            if finishing && outboxStart >= outbox.count { break }
            if let closeSent, now - closeSent > Self.closeGrace { break }
        }
        end(reason: closeReason.isEmpty ? "client closed" : closeReason)
    }

    // MARK: messages

    private func readMessages() {
        while closeSent == nil || !finishing {
            switch reader.next() {
            case .failure(let failure):
                close(failure.code, failure.reason)
                return
            case .success(nil):
                return
            case .success(let message?):
                handle(message)
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
            if outputs.contains(where: {
                if case .text(let reply) = $0 { DriveConnection.isFrames(reply) } else { false }
            }) {
                awaitingWrite.append(lastReadAt)
            }
            apply(outputs)
        case .binary:
            close(.unsupportedData, "binary messages are not taken; send JSON text messages")
        case .ping(let payload):
            enqueue(WebSocket.frame(.pong, payload))
        case .pong:
            break
        case .close(let code, _):
            if closeSent == nil {
                // Echo the client's code (RFC 6455 §5.5.1); a close with none is answered with none.
                enqueue(WebSocket.frame(.close, code.map { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } ?? []))
                closeReason = "client closed" + (code.map { " (\($0))" } ?? "")
            }
            finishing = true
        }
    }

    /// Whether a server message is a `frames` one (its JSON starts `{"type":"frames"`).
    static func isFrames(_ message: [UInt8]) -> Bool {
        message.starts(with: framesPrefix)
    }
    private static let framesPrefix = Array(#"{"type":"frames""#.utf8)

    private func apply(_ outputs: [DriveSession.Output]) {
        for output in outputs {
            switch output {
            case .text(let text):
                messagesOut += 1
                sessions.metrics?.driveMessageSent()
                enqueue(WebSocket.frame(.text, text))
            case .close(let code, let reason):
                close(code, reason)
            }
        }
    }

    /// Realtime frames that are due, the keepalive ping, and the idle and shutdown checks.
    private func tick() {
        let time = now
        apply(session.due(at: time))
        if sessions.isClosing {
            close(.goingAway, "the server is shutting down; reconnect and resend the samples")
        } else if time - lastHeard > Double(sessions.limits.idleTimeout) {
            close(.goingAway, "idle for more than \(sessions.limits.idleTimeout) s")
        } else if time >= nextPing {
            enqueue(WebSocket.frame(.ping, Array("segue".utf8)))
            nextPing = time + Double(sessions.limits.pingInterval)
        }
    }

    /// After a write: past `maxQueuedBytes` still waiting, the client is not reading. What it has
    /// not taken is dropped, and the close frame says why, should it ever read again.
    private func checkQueue() {
        guard closeSent == nil, outbox.count - outboxStart > sessions.limits.maxQueuedBytes else { return }
        // Keep the frame being written, whole; drop the frames after it.
        let keep = frameEnds.first { $0 > outboxStart } ?? outboxStart
        outbox.removeSubrange(keep...)
        frameEnds.removeAll()
        close(.policyViolation, "the client did not read: more than \(sessions.limits.maxQueuedBytes) bytes waited")
    }

    /// Sends a close frame (once) and waits for the client's.
    private func close(_ code: WebSocket.CloseCode, _ reason: String) {
        guard closeSent == nil else { return }
        enqueue(WebSocket.closeFrame(code, reason: reason))
        closeSent = now
        closeReason = "closed \(code.rawValue): \(reason)"
        if code != .normal && code != .goingAway {
            finishing = true  // a broken or refused client: no need to wait for its close
        }
    }

    private func enqueue(_ bytes: [UInt8]) {
        outbox += bytes
        frameEnds.append(outbox.count)
    }

    // MARK: the socket

    /// Waits until the socket can be read or written, or the next deadline; false on a socket error.
    private func wait() -> Bool {
        let time = now
        var deadline = time + Self.longestWait
        if let due = session.nextDue, closeSent == nil { deadline = min(deadline, due) }
        deadline = min(deadline, nextPing, lastHeard + Double(sessions.limits.idleTimeout))
        let milliseconds = Int32(max(0, min((deadline - time) * 1000, 250)).rounded(.up))
        var events = Int16(POLLIN)
        if outboxStart < outbox.count { events |= Int16(POLLOUT) }
        var descriptor = pollfd(fd: socket, events: events, revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        if ready < 0 { return errno == EINTR }
        return descriptor.revents & Int16(POLLNVAL) == 0
    }

    /// Reads what has arrived and writes what the socket takes; false once the peer has gone.
    private func transfer() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
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
        while outboxStart < outbox.count {
            let sent = outbox.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return 0 }
                return send(socket, base + outboxStart, bytes.count - outboxStart, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                outboxStart += sent
                continue
            }
            if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
            if sent < 0 && errno == EINTR { continue }
            return false
        }
        if outboxStart >= outbox.count {
            if !awaitingWrite.isEmpty {
                let written = now
                for arrived in awaitingWrite {
                    sessions.metrics?.driveFrameLatency(seconds: written - arrived)
                }
                awaitingWrite.removeAll(keepingCapacity: true)
            }
            outbox.removeAll(keepingCapacity: outbox.count < 1 << 16)
            frameEnds.removeAll()
            outboxStart = 0
        } else if outboxStart > 1 << 20 {
            outbox.removeFirst(outboxStart)
            frameEnds = frameEnds.compactMap { $0 > outboxStart ? $0 - outboxStart : nil }
            outboxStart = 0
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

    private func end(reason: String) {
        lingeringClose()
        _ = segue_mhd_upgrade_close(handle)
        let seconds = now
        sessions.release(after: seconds)
        sessions.logger.info(
            "drive session",
            metadata: [
                "id": "\(requestID)", "seconds": "\((seconds * 1000).rounded() / 1000)", "in": "\(messagesIn)",
                "out": "\(messagesOut)", "end": "\(reason)",
            ])
    }
}
