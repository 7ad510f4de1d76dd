/// The problems of a request's framing and head: what RFC 9112 forbids or Segue caps
/// before a request is routed. The transport closes the connection after each of
/// them, since where the request ends (and so where a next one would start) is unknown
/// or not to be trusted.
extension Problem {
    /// The `Content-Length` fields disagree (RFC 9112 §6.3): a proxy that framed the body
    /// by another of them would read the rest as a different request.
    public static func conflictingContentLength(_ values: [String]) -> Problem {
        Problem(
            type: typeURI("conflicting-content-length"),
            title: "Conflicting Content-Length",
            status: .badRequest,
            detail: "The request has \(values.count) Content-Length fields with different values ("
                + values.map { "'\($0)'" }.joined(separator: ", ") + "), so where its body ends is ambiguous. "
                + "Send one Content-Length with the body's length in bytes."
        )
    }

    /// A field Segue reads as one value (`RequestHead.singleValuedFields`) sent more than once.
    public static func repeatedField(name: String, count: Int) -> Problem {
        Problem(
            type: typeURI("repeated-field"),
            title: "Repeated header field",
            status: .badRequest,
            detail: "The request has \(count) \(name) fields; Segue reads \(name) as one value, so which one "
                + "would count is ambiguous. Send one \(name) field."
        )
    }

    /// An HTTP/1.1 request without exactly one `Host` field (RFC 9112 §3.2).
    public static func hostRequired(count: Int) -> Problem {
        let found = count == 0 ? "no Host field" : "\(count) Host fields"
        return Problem(
            type: typeURI("host-required"),
            title: "Host required",
            status: .badRequest,
            detail: "An HTTP/1.1 request must have exactly one Host field (RFC 9112 §3.2); this one has \(found). "
                + "Send 'Host: ' with the server's name and port."
        )
    }

    /// A transfer coding other than `chunked` (RFC 9112 §6.1): Segue cannot tell where
    /// such a body ends.
    public static func unsupportedTransferCoding(_ value: String) -> Problem {
        Problem(
            type: typeURI("unsupported-transfer-coding"),
            title: "Transfer coding not implemented",
            status: .notImplemented,
            detail: "The request's Transfer-Encoding is '\(value)'; this server decodes only 'chunked'. "
                + "Send the body with Content-Length, or with 'Transfer-Encoding: chunked' alone."
        )
    }

    /// A request line RFC 9112 §3 refuses, as `FramingFault` describes it.
    public static func invalidRequestLine(_ detail: String) -> Problem {
        Problem(
            type: typeURI("invalid-request-line"), title: "Invalid request line", status: .badRequest, detail: detail)
    }

    /// A header or trailer field line RFC 9112 §5 and RFC 9110 §5 refuse, as `FramingFault` describes it.
    public static func invalidField(_ detail: String) -> Problem {
        Problem(type: typeURI("invalid-field"), title: "Invalid field line", status: .badRequest, detail: detail)
    }

    /// A chunked body RFC 9112 §7.1 refuses, as `FramingFault` describes it.
    public static func invalidChunk(_ detail: String) -> Problem {
        Problem(type: typeURI("invalid-chunk"), title: "Malformed chunked body", status: .badRequest, detail: detail)
    }

    /// A chunk-size line longer than the server reads: RFC 9112 §7.1.1 asks a server to limit
    /// chunk extensions and answer a 4xx past the limit.
    public static func chunkExtensionsTooLarge(limit: Int) -> Problem {
        Problem(
            type: typeURI("chunk-extensions-too-large"),
            title: "Chunk extensions too large",
            status: .contentTooLarge,
            detail: "A chunk-size line (the size and its extensions) is longer than the \(limit) bytes this server "
                + "reads. This API reads no chunk extensions: send each chunk as its size in hexadecimal and CRLF.",
            limit: limit
        )
    }

    /// A request target in none of the forms RFC 9112 §3.2 lets an origin server take.
    public static func invalidTarget(_ target: String, reason: String) -> Problem {
        Problem(
            type: typeURI("invalid-target"),
            title: "Invalid request target",
            status: .badRequest,
            detail: "The request target '\(target)' \(reason). Send a path starting with '/' (or an absolute "
                + "'http://host/path' URI), as in 'GET /v1/presets HTTP/1.1' (RFC 9112 §3.2)."
        )
    }

    /// A protocol upgrade (a WebSocket handshake) asked in an HTTP/1.0 request, which has none.
    public static func upgradeRequiresHTTP11(protocol name: String) -> Problem {
        Problem(
            type: typeURI("upgrade-requires-http11"),
            title: "Upgrade requires HTTP/1.1",
            status: .upgradeRequired,
            detail: "The request asks to switch to '\(name)' in HTTP/1.0, which has no protocol upgrades: a server "
                + "ignores Upgrade in an HTTP/1.0 request (RFC 9110 §7.8), and a WebSocket handshake is HTTP/1.1 "
                + "or later (RFC 6455 §4.1). Send the handshake as an HTTP/1.1 request."
        )
    }

    /// A path that cannot be percent-decoded into segments (see `RequestPath`).
    public static func invalidPath(_ error: RequestPath.DecodingError) -> Problem {
        Problem(
            type: typeURI("invalid-path"),
            title: "Invalid path",
            status: .badRequest,
            detail: "The request path cannot be decoded: \(error). Percent-encode each byte as '%' and two "
                + "hexadecimal digits, in UTF-8; no path here holds a control character."
        )
    }

    /// The request target is longer than the server reads.
    public static func uriTooLong(bytes: Int, limit: Int) -> Problem {
        Problem(
            type: typeURI("uri-too-long"),
            title: HTTPStatus.uriTooLong.reasonPhrase,
            status: .uriTooLong,
            detail: "The request target (path and query) is \(bytes) bytes long, more than the \(limit) this "
                + "server reads. No path of this API is that long; check the URL.",
            limit: limit
        )
    }

    /// The request line and header fields are longer than the server reads.
    public static func headerFieldsTooLarge(bytes: Int, limit: Int) -> Problem {
        Problem(
            type: typeURI("header-fields-too-large"),
            title: HTTPStatus.requestHeaderFieldsTooLarge.reasonPhrase,
            status: .requestHeaderFieldsTooLarge,
            detail: "The request head (request line and header fields) is \(bytes) bytes long, more than the "
                + "\(limit) this server reads. Send fewer or shorter header fields; this API reads only "
                + "Host, Content-Type, Content-Length, Accept and X-Request-Id.",
            limit: limit
        )
    }
}
