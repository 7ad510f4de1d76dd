import Glibc

/// Opens a TCP connection to 127.0.0.1:`port` and returns its descriptor, with read and write
/// timeouts of `timeoutSeconds` when given, and a receive buffer of `receiveBuffer` bytes
/// when given (set before connecting, so that the window it advertises is that small). A failed attempt closes its own socket before it
/// throws, so a test client stores a descriptor only once connected and its `deinit` never
/// closes a number twice (by then possibly another test's socket, as a refused connect in one
/// test once broke a send in another).
public func connectToLoopback(port: Int, timeoutSeconds: Int? = nil, receiveBuffer: Int? = nil) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw TestSocketError("socket() failed: errno \(errno)") }
    if let receiveBuffer {
        var size = Int32(receiveBuffer)
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    if let timeoutSeconds {
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard result == 0 else {
        let code = errno
        close(fd)
        throw TestSocketError("connect to 127.0.0.1:\(port) failed: errno \(code)")
    }
    return fd
}
