import CMicroHTTPD

/// What libmicrohttpd tells `RequestDeadlines` about connections: the notify-connection
/// callback (started, closed), and the moments of each request that move its deadlines,
/// called from `MHDCallbacks`.
///
/// Each connection's `WatchedConnection` lives in libmicrohttpd's per-connection
/// "socket context", retained from the start notification until the close one, so the
/// access handler reaches it in one call with no lookup. Without `RequestDeadlines`'
/// option the context is null and the request hooks do nothing.
enum MHDConnectionEvents {
    /// Registered with `MHD_OPTION_NOTIFY_CONNECTION`; its context is the `RequestDeadlines`
    /// (unretained; the server keeps it alive longer than the daemon).
    static let notify: MHD_NotifyConnectionCallback = { context, connection, socketContext, event in
        guard let context, let connection, let socketContext else { return }
        let deadlines = Unmanaged<RequestDeadlines>.fromOpaque(context).takeUnretainedValue()
        switch event {
        case .CONNECTION_NOTIFY_STARTED:
            let watched = WatchedConnection(socket: segue_mhd_connection_fd(connection), now: WatchedConnection.now())
            deadlines.add(watched)
            socketContext.pointee = Unmanaged.passRetained(watched).toOpaque()
        case .CONNECTION_NOTIFY_CLOSED:
            guard let stored = socketContext.pointee else { return }
            socketContext.pointee = nil
            deadlines.remove(Unmanaged<WatchedConnection>.fromOpaque(stored).takeRetainedValue())
        @unknown default:
            return
        }
    }

    /// The access handler's first call for a request: its head is complete. `answered` when
    /// the dispatcher already queued the answer (a declared body over the limit): the body
    /// is then never read, so no body deadline may run.
    static func headArrived(on connection: OpaquePointer, answered: Bool) {
        guard let watched = watched(connection) else { return }
        // The dispatcher refuses a Content-Length that is not a plain decimal before any body is read.
        let declared = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length")
            .flatMap { Int64(String(cString: $0)) }
        watched.headArrived(now: WatchedConnection.now(), declaredLength: declared)
        if answered {
            watched.bodyComplete()
        }
    }

    /// A chunk of `count` body bytes arrived.
    static func bodyReceived(_ count: Int, on connection: OpaquePointer) {
        watched(connection)?.received(count)
    }

    /// The access handler's last call for a request: the body is complete and the handler
    /// runs, with no deadline of ours.
    static func bodyComplete(on connection: OpaquePointer) {
        watched(connection)?.bodyComplete()
    }

    /// An answer holding `heldBytes` of the work gate's memory budget was queued for sending.
    static func answerQueued(heldBytes: Int, on connection: OpaquePointer) {
        watched(connection)?.answerQueued(heldBytes: heldBytes, now: WatchedConnection.now())
    }

    /// A request on the connection completed; if the connection stays open, the next
    /// request's deadlines start now.
    static func requestCompleted(on connection: OpaquePointer) {
        watched(connection)?.awaitHead(now: WatchedConnection.now())
    }

    /// libmicrohttpd handed the connection's socket to the upgrade handler: from here on it is a
    /// drive session's, held to the session's idle timeout and not to any HTTP deadline.
    static func upgraded(on connection: OpaquePointer) {
        watched(connection)?.upgraded()
    }

    private static func watched(_ connection: OpaquePointer) -> WatchedConnection? {
        segue_mhd_socket_context(connection).map { Unmanaged<WatchedConnection>.fromOpaque($0).takeUnretainedValue() }
    }
}
