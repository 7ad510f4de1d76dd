import CMicroHTTPD  // MSG_NOSIGNAL: <sys/socket.h> may belong to this module's header in a clean build
import Glibc

/// A minimal HTTP client for `segue --healthcheck`: the runtime image has no curl,
/// so the binary checks its own `/healthz` for Docker's HEALTHCHECK.
public enum HealthProbe {
    /// True when `GET /healthz` on 127.0.0.1:`port` answers 200 within `timeoutSeconds`.
    public static func isHealthy(port: Int, timeoutSeconds: Int = 2) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return false }
        let request = Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        guard send(fd, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else { return false }
        var head = [UInt8](repeating: 0, count: 64)
        let received = recv(fd, &head, head.count, 0)
        guard received >= 12 else { return false }
        return String(decoding: head[0..<12], as: UTF8.self) == "HTTP/1.1 200"
    }
}
