import CMicroHTTPD

/// What libmicrohttpd tells `HeadDeadlines` about connections: the notify-connection
/// callback (started, closed), and the two moments of each request that move a head
/// deadline, called from `MHDCallbacks`.
///
/// Each connection's `WatchedConnection` lives in libmicrohttpd's per-connection
/// "socket context", retained from the start notification until the close one, so the
/// access handler reaches it in one call with no lookup. Without `HeadDeadlines`'
/// option the context is null and the request hooks do nothing.
enum MHDConnectionEvents {
    /// Registered with `MHD_OPTION_NOTIFY_CONNECTION`; its context is the `HeadDeadlines`
    /// (unretained; the server keeps it alive longer than the daemon).
    static let notify: MHD_NotifyConnectionCallback = { context, connection, socketContext, event in
        guard let context, let connection, let socketContext else { return }
        let deadlines = Unmanaged<HeadDeadlines>.fromOpaque(context).takeUnretainedValue()
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

    /// The access handler's first call for a request: its head is complete.
    static func headArrived(on connection: OpaquePointer) {
        watched(connection)?.headArrived()
    }

    /// A request on the connection completed; if the connection stays open, the next head's
    /// deadline starts now.
    static func requestCompleted(on connection: OpaquePointer) {
        watched(connection)?.awaitHead(now: WatchedConnection.now())
    }

    private static func watched(_ connection: OpaquePointer) -> WatchedConnection? {
        segue_mhd_socket_context(connection).map { Unmanaged<WatchedConnection>.fromOpaque($0).takeUnretainedValue() }
    }
}
