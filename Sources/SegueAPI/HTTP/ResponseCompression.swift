/// When an answer goes out gzip-coded: the client's `Accept-Encoding` allows gzip (RFC 9110
/// §12.5.3), the body is at least `minimumBytes` long and of a textual media type, and it
/// carries no content coding yet. Every textual answer says `Vary: Accept-Encoding`, so a
/// cache keeps the coded and the plain answer apart.
public struct ResponseCompression: Sendable {
    /// `--gzip-min-bytes`' default. Below it a body goes out plain: gzip's 18 bytes of framing
    /// and the CPU it costs are not worth saving a few hundred bytes (an answer under one TCP segment).
    public static let defaultMinimumBytes = 1024

    /// The smallest body coded; nil when the server codes none (`--gzip-min-bytes 0`).
    public let minimumBytes: Int?

    /// Media types gzip pays off on; pictures and octets are left alone.
    static let textualTypes = [
        MediaType.json, MediaType.problemJSON, MediaType.yaml, MediaType.svg, "text/html", "text/plain",
    ]

    public init(minimumBytes: Int? = defaultMinimumBytes) {
        self.minimumBytes = minimumBytes
    }

    /// `response`, gzip-coded when the rules above allow it. An answer that holds part of the work
    /// gate's budget (`heldBytes`, room for the coding) holds its body's bytes afterwards, coded or not.
    public func apply(to response: HTTPResponse, acceptEncoding: String?) -> HTTPResponse {
        var response = response
        defer { response.reservation?.resize(to: response.body.count) }
        guard let contentType = response.headers["Content-Type"],
            Self.textualTypes.contains(where: { contentType.hasPrefix($0) })
        else { return response }
        if minimumBytes != nil {
            response.headers.merge(name: "Vary", value: "Accept-Encoding")
        }
        guard let minimumBytes, response.body.count >= minimumBytes, response.headers["Content-Encoding"] == nil,
            Self.acceptsGzip(acceptEncoding), let coded = Gzip.compress(response.body)
        else { return response }
        response.body = coded
        response.headers.replaceOrAdd(name: "Content-Encoding", value: "gzip")
        return response
    }

    /// The bytes an answer of `body` bytes holds from when it is written until it is sent: the body,
    /// and while it is gzip-coded (when the client accepts gzip), the coding's output buffer and
    /// zlib's state (`Gzip.scratchBytes`). `apply` gives the scratch back once coded.
    public static func heldBytes(body: Int, acceptEncoding: String?) -> Int {
        body + (acceptsGzip(acceptEncoding) ? Gzip.scratchBytes(for: body) : 0)
    }

    /// Whether an `Accept-Encoding` field value allows gzip: `gzip` (or its alias `x-gzip`,
    /// RFC 9110 §8.4.1.3) with a weight above 0, or else `*` above 0. No field means no coding
    /// (RFC 9110 allows any, but a client that says nothing is safest served plain).
    public static func acceptsGzip(_ field: String?) -> Bool {
        guard let field else { return false }
        var wildcard: Bool?
        for element in field.split(separator: ",") {
            let parts = element.split(separator: ";")
            guard let coding = parts.first?.trimmingOptionalWhitespace.lowercased() else { continue }
            let weightIsPositive = parts.dropFirst().allSatisfy { parameter in
                let pair = parameter.trimmingOptionalWhitespace.lowercased()
                guard pair.hasPrefix("q=") else { return true }
                return (Double(pair.dropFirst(2)) ?? 0) > 0
            }
            if coding == "gzip" || coding == "x-gzip" { return weightIsPositive }
            if coding == "*" { wildcard = weightIsPositive }
        }
        return wildcard ?? false
    }
}
