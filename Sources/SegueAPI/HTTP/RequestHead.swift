/// A request's head as the transport received it, before any of its body: checked
/// against the framing rules of RFC 9112 that libmicrohttpd 0.9.75 does not enforce,
/// and against Segue's caps on its size.
///
/// Why here and not in the transport: the rules are plain values in, a verdict out, so
/// they are tested in-process; the transport only gathers the values and acts on the
/// verdict (answers the problem and closes the connection, or adds `Connection: close`).
public struct RequestHead: Sendable, Hashable {
    /// The protocol version as sent, such as `HTTP/1.1`. libmicrohttpd refuses every
    /// version but `HTTP/1.0`…`HTTP/1.9` itself (505, or 400 when it is not one).
    public var version: String
    /// The header fields, every one as sent, duplicates included.
    public var headers: HTTPHeaders
    /// The request target's length as sent: path and query, in bytes.
    public var targetBytes: Int
    /// The head's length: the request line and each field as `name: value` with its
    /// CRLF, in bytes. Whitespace libmicrohttpd trimmed around values is not counted.
    public var headBytes: Int

    public init(version: String, headers: HTTPHeaders, targetBytes: Int, headBytes: Int) {
        self.version = version
        self.headers = headers
        self.targetBytes = targetBytes
        self.headBytes = headBytes
    }

    /// A head from what the transport received, its length counted from them.
    public init(method: String, targetBytes: Int, version: String, headers: HTTPHeaders) {
        let requestLine = method.utf8.count + 1 + targetBytes + 1 + version.utf8.count + 2
        let fields = headers.fields.reduce(0) { $0 + $1.name.utf8.count + 2 + $1.value.utf8.count + 2 }
        self.init(version: version, headers: headers, targetBytes: targetBytes, headBytes: requestLine + fields + 2)
    }

    /// What to do with a request, decided from its head alone.
    public enum Verdict: Sendable, Hashable {
        /// Serve it; when `closeAfter`, close the connection after the answer.
        case serve(closeAfter: Bool)
        /// Answer this problem without reading the body, and close the connection:
        /// where the body ends, and so where a next request would start, is unknown
        /// or not to be trusted.
        case refuse(Problem)
    }

    /// Checks, in this order: the caps on the target (414) and the head (431); the
    /// transfer coding (501 unless it is exactly `chunked`, RFC 9112 §6.1); the
    /// `Content-Length` fields (400 when they disagree, §6.3); a field of
    /// `singleValuedFields` sent twice (400); `Host` (400 when an HTTP/1.1 request has none
    /// or more than one, §3.2). A request with both
    /// `Transfer-Encoding` and `Content-Length` is served, framed by the chunked coding,
    /// and its connection closed after the answer (§6.1: it may be an attempt at
    /// request smuggling).
    public func verdict(limits: HeadLimits) -> Verdict {
        if targetBytes > limits.maxTargetBytes {
            return .refuse(.uriTooLong(bytes: targetBytes, limit: limits.maxTargetBytes))
        }
        if headBytes > limits.maxHeadBytes {
            return .refuse(.headerFieldsTooLarge(bytes: headBytes, limit: limits.maxHeadBytes))
        }
        let codings = values("Transfer-Encoding").flatMap { $0.split(separator: ",") }
            .map { Self.trimmingWhitespace($0).lowercased() }
        if !codings.isEmpty && codings != ["chunked"] {
            return .refuse(.unsupportedTransferCoding(values("Transfer-Encoding").joined(separator: ", ")))
        }
        let lengths = values("Content-Length")
        if codings.isEmpty, Set(lengths.map { $0.drop { $0 == "0" } }).count > 1 {
            return .refuse(.conflictingContentLength(lengths))
        }
        for name in Self.singleValuedFields {
            let found = values(name)
            if found.count > 1 {
                return .refuse(.repeatedField(name: name, count: found.count))
            }
        }
        let hosts = values("Host")
        // HTTP/1.0 may omit Host; libmicrohttpd passes only 1.0 to 1.9, and any 1.x
        // past 1.0 is read as 1.1 (RFC 9110 §2.5).
        if version != "HTTP/1.0" && hosts.count != 1 {
            return .refuse(.hostRequired(count: hosts.count))
        }
        return .serve(closeAfter: !codings.isEmpty && !lengths.isEmpty)
    }

    /// Fields Segue reads as one value, which a request must therefore send at most once:
    /// with two, the answer would follow whichever one Segue read, and a proxy or cache in
    /// front of it might have acted on the other. `Origin` (RFC 6454 §7.3: a user agent
    /// sends at most one), `Sec-WebSocket-Key` and `Sec-WebSocket-Version` (RFC 6455 §11.3.1
    /// and §11.3.5: not more than once in a request).
    public static let singleValuedFields = ["Origin", "Sec-WebSocket-Key", "Sec-WebSocket-Version"]

    /// Without the spaces and tabs (HTTP's OWS) at either end.
    private static func trimmingWhitespace(_ text: Substring) -> Substring {
        let isOWS: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isOWS($0) }), let last = text.lastIndex(where: { !isOWS($0) })
        else { return "" }
        return text[first...last]
    }

    /// Every value of the fields named `name`, in order.
    private func values(_ name: String) -> [String] {
        headers.fields.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }
}

/// Segue's caps on a request head, each answered with its own problem. libmicrohttpd
/// has a cap of its own past these (its per-connection memory), which it answers
/// itself in HTML; the server sizes that memory so that its cap lies well beyond these.
public struct HeadLimits: Sendable, Hashable {
    /// The longest request target (path and query) in bytes; longer ones get 414.
    /// RFC 9112 §3 recommends supporting request lines of at least 8000 octets.
    public var maxTargetBytes = 8192
    /// The longest head (request line and header fields) in bytes; longer ones get 431.
    /// The same 16 KiB as Node.js' `--max-http-header-size`; Segue reads four fields.
    public var maxHeadBytes = 16384
    /// How much of a path longer than `maxTargetBytes` problems and log lines quote.
    public static let quotedPathBytes = 256

    public init() {}

    /// The path as problems (`instance`) and log lines quote it: all of it when within
    /// `maxTargetBytes`, else its first `quotedPathBytes` bytes, so that a refused
    /// target is not sent back or logged whole.
    public func quoted(path: String) -> String {
        guard path.utf8.count > maxTargetBytes else { return path }
        return String(decoding: path.utf8.prefix(Self.quotedPathBytes), as: UTF8.self)
    }
}
