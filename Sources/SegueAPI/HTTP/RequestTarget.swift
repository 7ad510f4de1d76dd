/// A request target as sent (without its query), read in the forms RFC 9112 §3.2 lets a
/// request to an origin server take.
///
/// - origin-form (`/v1/presets`): routed by its path.
/// - absolute-form (`http://example.com/v1/presets`): §3.2.2 says a server MUST accept it
///   (clients send it to proxies, and HTTP/2 gateways may pass it on), and MUST then ignore
///   `Host` and take the target's authority instead. Segue serves the same API under any
///   name, so only the path counts; an HTTP/1.1 request still needs exactly one `Host`
///   (§3.2: a client MUST send it even with an absolute-form target), which
///   `RequestHead.verdict` checks as for any request. Only `http` and `https` URIs name
///   this server; a URI with an empty host is invalid (RFC 9110 §4.2.1: a recipient MUST
///   reject it) and one with userinfo is taken as an error (RFC 9110 §4.2.4).
/// - asterisk-form (`*`): only for a server-wide `OPTIONS` (§3.2.4, RFC 9110 §9.3.7).
/// - authority-form (`example.com:443`) is only for CONNECT (§3.2.3), which asks a proxy
///   for a tunnel; Segue is not a proxy, so it is refused with the other targets that fit
///   no form.
public enum RequestTarget: Sendable, Hashable {
    /// A path to route: the origin-form target, or the path of an absolute-form one
    /// (`/` when the URI has none).
    case path(String)
    /// `OPTIONS *`: a question about the server rather than a resource.
    case serverWide

    /// Reads `target` for a request with `method`; throws `Problem.invalidTarget` when it
    /// is in none of the forms above. `quoted` is how a problem quotes the target.
    public init(_ target: String, method: HTTPMethod, quoted: String) throws(Problem) {
        if target.utf8.first == UInt8(ascii: "/") {
            self = .path(target)
            return
        }
        if target == "*" {
            guard method == .options else {
                throw .invalidTarget(quoted, reason: "is '*', which only an OPTIONS request may send (RFC 9112 §3.2.4)")
            }
            self = .serverWide
            return
        }
        guard let colon = target.firstIndex(of: ":"), Self.isScheme(target[..<colon]) else {
            throw .invalidTarget(
                quoted,
                reason: "is neither a path nor an absolute URI (this server is not a proxy, so it takes no "
                    + "CONNECT authority)")
        }
        let rest = target[target.index(after: colon)...]
        guard rest.hasPrefix("//") else {
            if !rest.isEmpty, rest.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
                throw .invalidTarget(
                    quoted,
                    reason: "is a host and port, which only a CONNECT to a proxy sends (RFC 9112 §3.2.3); this "
                        + "server is not a proxy")
            }
            throw .invalidTarget(quoted, reason: "has no '//' and authority after its scheme (RFC 9110 §4.2.1)")
        }
        let scheme = target[..<colon].lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw .invalidTarget(quoted, reason: "is a '\(scheme)' URI; this server serves only http and https URIs")
        }
        let authorityAndPath = rest.dropFirst(2)
        let slash = authorityAndPath.firstIndex(of: "/") ?? authorityAndPath.endIndex
        let authority = authorityAndPath[..<slash]
        if authority.contains("@") {
            throw .invalidTarget(
                quoted, reason: "has userinfo before its host, which HTTP URIs may not carry (RFC 9110 §4.2.4)")
        }
        let host =
            authority.hasPrefix("[")
            ? authority : authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0]
        guard !host.isEmpty else {
            throw .invalidTarget(quoted, reason: "has an empty host, which a recipient must reject (RFC 9110 §4.2.1)")
        }
        let path = authorityAndPath[slash...]
        self = .path(path.isEmpty ? "/" : String(path))
    }

    /// RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, Self.isAlpha(first) else { return false }
        return text.utf8.allSatisfy {
            Self.isAlpha($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || "+-.".utf8.contains($0)
        }
    }

    private static func isAlpha(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}
