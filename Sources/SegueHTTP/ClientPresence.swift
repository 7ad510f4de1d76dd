import Glibc
import Synchronization

/// Whether the client of a request is still there, asked while its request waits for the
/// work gate or computes. In thread-per-connection mode the handler runs on the connection's
/// own thread, so libmicrohttpd reads nothing from the socket meanwhile and would only
/// notice a vanished client when it writes the answer, after all the work.
///
/// The answer comes from a non-blocking peek at the socket (`recv` with `MSG_PEEK |
/// MSG_DONTWAIT`, about a microsecond): bytes waiting (a pipelined request) or nothing yet
/// means still there; a reset means gone. End of stream is ambiguous: a client that closed
/// its socket and one that only shut down its sending side after the request
/// (`shutdown(SHUT_WR)`, which HTTP does not forbid and tools such as `nc -N` do)
/// both send a FIN. Only sending tells them apart: the kernel of a client that closed
/// answers new data with a reset. So at the first end of stream an HTTP/1.1 client is sent
/// `100 Continue`, an interim answer every HTTP/1.1 client must accept and skip before the
/// final one (RFC 9110 §15.2); a client that half-closed reads it and then its answer, while
/// the kernel of one that has gone answers with a reset, which the next look finds in the
/// socket's TCP state (Linux's `recv` reports end of stream rather than the reset once a FIN
/// came: `tcp_recvmsg` stops at SOCK_DONE before it looks at the error). An HTTP/1.0 client
/// may not be sent a 1xx (§15.2), so for it end of stream still means gone.
final class ClientPresence: Sendable {
    private let socket: Int32
    /// Whether the client may be sent an interim 100: HTTP/1.1 or later.
    private let mayProbe: Bool
    private let state = Atomic<UInt8>(State.unprobed.rawValue)

    private enum State: UInt8 {
        case unprobed, probed, gone
    }

    /// The interim answer sent at the first end of stream.
    static let probe = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// `version` is the request's protocol version as sent (libmicrohttpd passes only HTTP/1.0 to HTTP/1.9).
    init(socket: Int32, version: String) {
        self.socket = socket
        self.mayProbe = version != "HTTP/1.0"
    }

    /// True when the client has closed or reset the connection.
    var hasGone: Bool {
        guard socket >= 0 else { return false }
        if state.load(ordering: .relaxed) == State.gone.rawValue { return true }
        var byte: UInt8 = 0
        let received = recv(socket, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
        if received > 0 { return false }
        if received < 0 {
            switch errno {
            case EAGAIN, EWOULDBLOCK, EINTR: return false
            default: return markGone()  // ECONNRESET, ENOTCONN, EPIPE: the connection is over
            }
        }
        // End of stream: closed, or only half-closed.
        guard mayProbe else { return markGone() }
        guard
            state.compareExchange(
                expected: State.unprobed.rawValue, desired: State.probed.rawValue, ordering: .relaxed
            ).exchanged
        else {
            // Probed already: a reset closed the socket (TCP_CLOSE); a half-closed client's stays
            // in CLOSE_WAIT.
            return wasReset ? markGone() : false
        }
        let sent = Self.probe.withUnsafeBytes {
            send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
        }
        return sent == Self.probe.count ? false : markGone()
    }

    /// Whether the connection has been reset: its TCP state is CLOSE (RFC 9293 §3.3.2).
    private var wasReset: Bool {
        var info = tcp_info()
        var length = socklen_t(MemoryLayout<tcp_info>.size)
        guard getsockopt(socket, Int32(IPPROTO_TCP), TCP_INFO, &info, &length) == 0 else { return true }
        return Int(info.tcpi_state) == TCP_CLOSE
    }

    private func markGone() -> Bool {
        state.store(State.gone.rawValue, ordering: .relaxed)
        return true
    }
}
