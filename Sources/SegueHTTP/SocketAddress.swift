import Glibc

/// A bind address parsed from a host literal, in the form libmicrohttpd's
/// `MHD_OPTION_SOCK_ADDR` takes.
enum SocketAddress {
    case v4(sockaddr_in)
    case v6(sockaddr_in6)

    /// Parses `host` (an IPv4 or IPv6 literal, or `localhost`) with `port`.
    init(host: String, port: Int) throws(ServerError) {
        guard (0...65535).contains(port) else { throw .invalidPort(port) }
        let literal = host == "localhost" ? "127.0.0.1" : host
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, literal, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = in_port_t(UInt16(port).bigEndian)
            self = .v4(v4)
            return
        }
        var v6 = sockaddr_in6()
        let bare = literal.hasPrefix("[") && literal.hasSuffix("]") ? String(literal.dropFirst().dropLast()) : literal
        if inet_pton(AF_INET6, bare, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = in_port_t(UInt16(port).bigEndian)
            self = .v6(v6)
            return
        }
        throw .invalidHost(host)
    }

    var isIPv6: Bool {
        if case .v6 = self { return true }
        return false
    }

    /// Calls `body` with a pointer to the address, valid only during the call.
    func withSockaddrPointer<R>(_ body: (UnsafeRawPointer) throws -> R) rethrows -> R {
        switch self {
        case .v4(var address):
            return try withUnsafePointer(to: &address) { try body(UnsafeRawPointer($0)) }
        case .v6(var address):
            return try withUnsafePointer(to: &address) { try body(UnsafeRawPointer($0)) }
        }
    }
}
