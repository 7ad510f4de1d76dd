import CMicroHTTPD
import Glibc
import Synchronization

/// Segue's listening socket and the thread that accepts from it, so that a client past
/// `--connection-limit` waits in the kernel's listen queue instead of being accepted and
/// closed unanswered.
///
/// Why not libmicrohttpd's own: at `MHD_OPTION_CONNECTION_LIMIT`, libmicrohttpd 0.9.75 in
/// thread-per-connection mode still accepts each new connection and closes it at once
/// ("Server reached connection limit. Closing inbound connection."), and an accept policy
/// callback can only do the same: the client sees an empty reply. So the daemon runs with
/// `MHD_USE_NO_LISTEN_SOCKET`, and this thread accepts only while a slot is free, handing
/// each connection over with `MHD_add_connection`.
///
/// At the limit, a client waiting in the queue makes the listener close the connection that
/// lags furthest behind, if one lags by the eviction grace (`RequestDeadlines.makeRoom`):
/// one idle between requests, trickling its head, or sending its body under the minimum
/// rate; when none lags, the body that would take longest to finish at its rate so far.
/// nginx closes idle keep-alive connections the same way when it runs out; closing
/// tricklers and the slowest bodies too is what lets a real client be answered while
/// hundreds of them hold every slot, instead of after their deadlines. When no connection
/// may be closed (all are being served, just began, or are about to finish their body),
/// the client waits in the queue until one ends.
final class Listener: Sendable {
    /// The port bound (the real one when asked for port 0).
    let port: Int
    /// The most connections admitted at once, drive sockets aside.
    let limit: Int
    /// The most drive sockets open at once (`--drive-max-sessions`): once upgraded, a
    /// connection no longer counts against `limit`, but libmicrohttpd still holds it.
    let upgradedLimit: Int
    private let socket: Int32
    /// A pipe whose read end the accept thread polls: `stopAccepting` writes to it.
    private let wake: (read: Int32, write: Int32)
    private let stopping = Atomic<Bool>(false)
    private let thread = Mutex<pthread_t?>(nil)
    /// Whether the listening socket has been closed.
    private let isClosed = Atomic<Bool>(false)

    /// libmicrohttpd's own limit, a backstop the listener never reaches: twice ours, so that
    /// connections shut down to make room can finish closing while their successors start, and
    /// room for every drive socket besides.
    var daemonLimit: Int { 2 * limit + upgradedLimit }

    /// How long the accept thread pauses, in milliseconds, when a client waits and no slot
    /// can be freed yet: connections become closable as they fall behind.
    private static let recheckMilliseconds: Int32 = 50

    /// Binds `address` and listens with the kernel's largest backlog (`SOMAXCONN`, capped
    /// by `net.core.somaxconn`), so that clients past the limit queue rather than fail.
    init(address: SocketAddress, host: String, limit: Int, upgradedLimit: Int = 0) throws(ServerError) {
        let family = address.isIPv6 ? AF_INET6 : AF_INET
        let fd = Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let requestedPort: Int
        switch address {
        case .v4(let v4): requestedPort = Int(UInt16(bigEndian: v4.sin_port))
        case .v6(let v6): requestedPort = Int(UInt16(bigEndian: v6.sin6_port))
        }
        func failure() -> ServerError {
            .cannotListen(host: host, port: requestedPort, reason: String(cString: strerror(errno)))
        }
        guard fd >= 0 else { throw failure() }
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        if address.isIPv6 {
            // IPv6 only, as libmicrohttpd's MHD_USE_IPv6 without MHD_USE_DUAL_STACK did.
            setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        let bound = address.withSockaddrPointer { pointer in
            bind(
                fd, pointer.assumingMemoryBound(to: sockaddr.self),
                socklen_t(address.isIPv6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size))
        }
        // Non-blocking, so that accept never waits when a queued client gave up meanwhile.
        guard bound == 0, listen(fd, SOMAXCONN) == 0, fcntl(fd, F_SETFL, O_NONBLOCK) == 0 else {
            let error = failure()
            Glibc.close(fd)
            throw error
        }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
            let error = failure()
            Glibc.close(fd)
            throw error
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
        socket = fd
        wake = (pipeEnds[0], pipeEnds[1])
        self.limit = limit
        self.upgradedLimit = upgradedLimit
    }

    deinit {
        stopAccepting()
        close()
        Glibc.close(wake.read)
        Glibc.close(wake.write)
    }

    /// The daemon pointer, sendable because `MHD_add_connection` is thread-safe with `MHD_USE_ITC`.
    private struct Daemon: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// What the accept thread runs with, retained across `pthread_create`.
    private final class Run: Sendable {
        let listener: Listener
        let daemon: Daemon
        let deadlines: RequestDeadlines

        init(listener: Listener, daemon: Daemon, deadlines: RequestDeadlines) {
            self.listener = listener
            self.daemon = daemon
            self.deadlines = deadlines
        }
    }

    /// Starts accepting for `daemon`, admitting against `deadlines`' count of open connections.
    func start(daemon: OpaquePointer, deadlines: RequestDeadlines) {
        let run = Unmanaged.passRetained(Run(listener: self, daemon: Daemon(pointer: daemon), deadlines: deadlines))
        var handle = pthread_t()
        let started = pthread_create(
            &handle, nil,
            { raw in
                guard let raw else { return nil }
                let run = Unmanaged<Run>.fromOpaque(raw).takeRetainedValue()
                run.listener.acceptLoop(daemon: run.daemon.pointer, deadlines: run.deadlines)
                return nil
            }, run.toOpaque())
        if started == 0 {
            thread.withLock { $0 = handle }
        } else {
            run.release()
        }
    }

    /// Stops accepting and waits for the accept thread to end; clients still in the queue
    /// stay there until `close`. Safe to call more than once.
    func stopAccepting() {
        stopping.store(true, ordering: .relaxed)
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        if let handle = thread.withLock({ handle in
            defer { handle = nil }; return handle
        }) {
            pthread_join(handle, nil)
        }
    }

    /// Closes the listening socket: the kernel resets connections still queued on it.
    func close() {
        guard !isClosed.exchange(true, ordering: .relaxed) else { return }
        Glibc.close(socket)
    }

    private func acceptLoop(daemon: OpaquePointer, deadlines: RequestDeadlines) {
        while !stopping.load(ordering: .relaxed) {
            // Wait until a client is in the queue.
            guard waitForClient() else { continue }
            // Every slot is taken: close the worst laggard or the slowest body and take the client
            // in its place at once (attackers that reconnect as fast as they are closed keep the
            // queue full, and each extra turn of the loop delays the real client behind them),
            // or let the client wait.
            if deadlines.holdingSlots >= limit, !deadlines.makeRoom(at: WatchedConnection.now()) {
                pause(milliseconds: Self.recheckMilliseconds)
                continue
            }
            if deadlines.open >= daemonLimit {
                pause(milliseconds: 5)  // connections shut down to make room are still closing
                continue
            }
            var peer = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let client = withUnsafeMutablePointer(to: &peer) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    accept(socket, $0, &length)
                }
            }
            guard client >= 0 else {
                // EMFILE/ENFILE/ENOBUFS: no descriptor to accept into; the client keeps waiting.
                if errno != EAGAIN && errno != EINTR && errno != ECONNABORTED {
                    pause(milliseconds: 100)
                }
                continue
            }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            _ = fcntl(client, F_SETFL, O_NONBLOCK)  // as libmicrohttpd keeps every socket
            deadlines.handedOver(at: WatchedConnection.now())
            let added: MHD_Result = withUnsafePointer(to: &peer) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { MHD_add_connection(daemon, client, $0, length) }
            }
            if added != .YES {
                deadlines.handOverFailed()  // libmicrohttpd closed the socket
            }
        }
    }

    /// Polls the listening socket and the wake pipe; true when a client is waiting.
    private func waitForClient() -> Bool {
        var descriptors = [
            pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
        ]
        guard poll(&descriptors, 2, -1) > 0 else { return false }
        return descriptors[0].revents & Int16(POLLIN) != 0 && !stopping.load(ordering: .relaxed)
    }

    /// Sleeps up to `milliseconds`, or until `stopAccepting` wakes the thread.
    private func pause(milliseconds: Int32) {
        var descriptor = pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, milliseconds)
    }
}
