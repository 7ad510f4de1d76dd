/// Why the server could not start.
public enum ServerError: Error, Sendable, CustomStringConvertible {
    case invalidHost(String)
    case invalidPort(Int)
    case cannotListen(host: String, port: Int, reason: String)

    public var description: String {
        switch self {
        case .invalidHost(let host):
            return "'\(host)' is not an IPv4 or IPv6 address; use e.g. 0.0.0.0, 127.0.0.1, :: or localhost."
        case .invalidPort(let port):
            return "port \(port) is out of range; use 0 (any free port) to 65535."
        case .cannotListen(let host, let port, let reason):
            return "cannot listen on \(host):\(port): \(reason)."
        }
    }
}
