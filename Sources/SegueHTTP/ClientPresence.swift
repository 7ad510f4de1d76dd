import Glibc

/// Whether the client of a connection is still there, asked while its request waits for the
/// work gate or computes. In thread-per-connection mode the handler runs on the connection's
/// own thread, so libmicrohttpd reads nothing from the socket meanwhile and would only
/// notice a vanished client when it writes the answer, after all the work.
///
/// The answer comes from one non-blocking peek at the socket (`recv` with `MSG_PEEK |
/// MSG_DONTWAIT`, about a microsecond): end of stream or a reset means gone; bytes waiting
/// (a pipelined request) or nothing yet means still there. A client that shuts down its
/// sending side after the request while still reading (`shutdown(SHUT_WR)`, which no
/// HTTP/1.1 client does by default) is taken as gone too.
enum ClientPresence {
    /// True when the peer of `socket` has closed or reset the connection.
    static func hasGone(socket: Int32) -> Bool {
        guard socket >= 0 else { return false }
        var byte: UInt8 = 0
        let received = recv(socket, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
        if received > 0 { return false }
        if received == 0 { return true }
        switch errno {
        case EAGAIN, EWOULDBLOCK, EINTR: return false
        default: return true  // ECONNRESET, ENOTCONN, EPIPE: the connection is over
        }
    }
}
