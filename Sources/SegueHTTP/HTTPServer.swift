import CMicroHTTPD
import Glibc
public import Logging
public import SegueAPI
import Synchronization

/// Segue's HTTP server: a libmicrohttpd daemon serving a `SegueService`.
///
/// `start` returns once the socket listens; `shutdown` drains and stops. The
/// server is safe to share between threads; the daemon handle is guarded by a lock.
public final class HTTPServer: Sendable {
    /// The port actually bound (the real one when started on port 0).
    public let port: Int
    public let configuration: ServerConfiguration
    private let dispatcher: RequestDispatcher
    /// Cuts connections that trickle their request head or body (see `RequestDeadlines`).
    private let deadlines: RequestDeadlines
    /// Accepts connections while fewer than the limit are open (see `Listener`).
    private let listener: Listener
    /// Where libmicrohttpd's own messages go (see `LibraryLog`).
    private let libraryLog: LibraryLog
    private let daemon: Mutex<DaemonHandle?>

    /// The daemon pointer, sendable because libmicrohttpd's daemon calls are thread-safe.
    private struct DaemonHandle: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// Binds and starts serving. Throws a `ServerError` saying why when the address
    /// is malformed or cannot be bound. `gate`, the work gate the service's routes admit
    /// through, lets work waiting for its memory cut short answers their clients do not read.
    public init(
        configuration: ServerConfiguration,
        service: SegueService,
        readiness: Readiness,
        logger: Logger,
        metrics: ServerMetrics? = nil,
        drive: DriveEndpoint? = nil,
        gate: WorkGate? = nil
    ) throws(ServerError) {
        let address = try SocketAddress(host: configuration.host, port: configuration.port)
        ReturnedMemory.configureAllocator()
        let sessions = drive.map {
            DriveSessions(endpoint: $0, logger: logger, metrics: metrics, threads: configuration.driveThreads)
        }
        let dispatcher = RequestDispatcher(
            service: service, readiness: readiness, logger: logger, maxBodyBytes: configuration.maxBodyBytes,
            headLimits: configuration.headLimits, metrics: metrics, drive: sessions,
            bodyMemory: BodyMemory(limit: configuration.bodyMemory))
        let libraryLog = LibraryLog(
            logger: logger,
            rate: LogRateLimit(lines: configuration.libraryLogLines, per: configuration.libraryLogInterval))
        let deadlines = RequestDeadlines(policy: DeadlinePolicy(configuration))
        // Work waiting for the service's memory budget cuts short the answers that reach their
        // clients slowest.
        gate?.whenMemoryIsShort { [weak deadlines] bytes in
            deadlines?.reclaim(bytes: bytes, at: WatchedConnection.now())
        }
        let listener = try Listener(
            address: address, host: configuration.host, limit: configuration.connectionLimit,
            upgradedLimit: drive?.driveLimits.maxSessions ?? 0)
        guard
            let started = Self.startDaemon(
                configuration, daemonLimit: listener.daemonLimit, dispatcher: dispatcher, deadlines: deadlines,
                libraryLog: libraryLog)
        else {
            let reason = String(cString: strerror(errno))
            throw .cannotListen(host: configuration.host, port: configuration.port, reason: reason)
        }
        self.configuration = configuration
        self.dispatcher = dispatcher
        self.deadlines = deadlines
        self.listener = listener
        self.libraryLog = libraryLog
        deadlines.startWatching()
        // The drive loops run from before the first connection is accepted; nothing below throws,
        // so `shutdown` (or deinit) always stops them.
        sessions?.start()
        listener.start(daemon: started, deadlines: deadlines)
        self.port = listener.port
        self.daemon = Mutex(DaemonHandle(pointer: started))
        metrics?.connect(
            ServerMetrics.Readings(
                inFlight: { [weak self] in self?.requestsInFlight ?? 0 },
                openConnections: { [weak self] in self?.openConnections ?? 0 }))
    }

    /// Requests received and not yet completed.
    public var requestsInFlight: Int { dispatcher.inFlight.load(ordering: .relaxed) }

    /// Connections open right now, idle keep-alive ones included.
    public var openConnections: Int {
        daemon.withLock { handle in handle.map { Int(segue_mhd_current_connections($0.pointer)) } ?? 0 }
    }

    /// Drains and stops: readiness turns false; for `drainDelay` seconds the server
    /// still accepts and serves (each answer with `Connection: close`) while load
    /// balancers notice; then the listening socket closes (a client still queued on it is
    /// reset, to retry elsewhere), drive sessions are closed with 1001 and requests in flight
    /// complete (both within one `drainTimeout`), and the daemon stops and closes every
    /// connection. Safe to call more than once.
    public func shutdown() {
        stop(afterDelay: true)
    }

    private func stop(afterDelay: Bool) {
        dispatcher.readiness.beginDraining()
        if afterDelay, configuration.drainDelay > 0, daemon.withLock({ $0 != nil }) {
            dispatcher.logger.info("not ready; still accepting", metadata: ["seconds": "\(configuration.drainDelay)"])
            usleep(useconds_t(configuration.drainDelay) * 1_000_000)
        }
        guard
            let handle = daemon.withLock({ handle in
                defer { handle = nil }; return handle
            })
        else { return }
        listener.stopAccepting()
        // Nothing accepts from here on: closing the socket now resets clients still queued on it
        // at once, so they retry another replica instead of waiting out the drain.
        listener.close()
        // One deadline for the whole drain, sessions and requests alike.
        let deadline = ContinuousClock.now + .seconds(configuration.drainTimeout)
        // Live sessions close with 1001 (going away); their clients reconnect elsewhere and resend.
        // Their loops' threads have ended when this returns, before the daemon is stopped.
        dispatcher.drive?.closeAll(until: deadline)
        var announced = false
        while requestsInFlight > 0 && ContinuousClock.now < deadline {
            if !announced {
                dispatcher.logger.info("draining", metadata: ["in_flight": "\(requestsInFlight)"])
                announced = true
            }
            usleep(5_000)
        }
        if requestsInFlight > 0 {
            dispatcher.logger.warning("drain timed out", metadata: ["in_flight": "\(requestsInFlight)"])
        }
        MHD_stop_daemon(handle.pointer)
        deadlines.stopWatching()
        libraryLog.flush()
    }

    deinit {
        stop(afterDelay: false)
    }

    private static func startDaemon(
        _ configuration: ServerConfiguration,
        daemonLimit: Int,
        dispatcher: RequestDispatcher,
        deadlines: RequestDeadlines,
        libraryLog: LibraryLog
    ) -> OpaquePointer? {
        // No listening socket of its own: the `Listener` accepts and hands connections over
        // with MHD_add_connection, which needs ITC to wake the daemon's threads. AUTO picks
        // the best poller the mode allows (poll per connection, epoll for the pool).
        var flags =
            MHD_USE_ERROR_LOG.rawValue | MHD_USE_ITC.rawValue | MHD_USE_AUTO.rawValue
            | MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_NO_LISTEN_SOCKET.rawValue
            | MHD_ALLOW_UPGRADE.rawValue  // the drive socket's WebSocket handshake
        if case .threadPerConnection = configuration.threading {
            flags |= MHD_USE_THREAD_PER_CONNECTION.rawValue
        }
        let context = Int(bitPattern: Unmanaged.passUnretained(dispatcher).toOpaque())
        let completed = Int(bitPattern: unsafeBitCast(MHDCallbacks.requestCompleted, to: UnsafeRawPointer.self))
        let unescape = Int(bitPattern: unsafeBitCast(MHDCallbacks.keepEscapes, to: UnsafeRawPointer.self))
        // Each value must have the C type its option reads with va_arg (manual §2). The
        // logger comes first, so that messages about the options that follow reach it.
        var options: [any CVarArg] = libraryLog.daemonOptions
        options += [
            MHD_OPTION.CONNECTION_MEMORY_LIMIT.rawValue, configuration.connectionMemoryBytes,
            MHD_OPTION.UNESCAPE_CALLBACK.rawValue, unescape, 0,
            MHD_OPTION.CONNECTION_TIMEOUT.rawValue, CUnsignedInt(configuration.connectionTimeout),
            MHD_OPTION.CONNECTION_LIMIT.rawValue, CUnsignedInt(daemonLimit),
            MHD_OPTION.NOTIFY_COMPLETED.rawValue, completed, context,
        ]
        options += deadlines.daemonOptions
        if case .pool(let threads) = configuration.threading, threads > 1 {
            options += [MHD_OPTION.THREAD_POOL_SIZE.rawValue, CUnsignedInt(threads)]
        }
        options.append(MHD_OPTION.END.rawValue)
        return withVaList(options) { arguments in
            MHD_start_daemon_va(
                flags, 0, nil, nil, MHDCallbacks.accessHandler,
                UnsafeMutableRawPointer(bitPattern: context), arguments)
        }
    }
}
