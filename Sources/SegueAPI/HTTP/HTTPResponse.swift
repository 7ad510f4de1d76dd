/// A complete HTTP response as the service hands it to the transport.
///
/// The transport adds `Content-Length` (and `Date`) itself. For a HEAD request the
/// service returns the GET response with its body, so that the transport can state
/// the body's length; the transport then sends no body.
public struct HTTPResponse: Sendable, Hashable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(status: HTTPStatus, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Media types the service produces and accepts.
public enum MediaType {
    public static let json = "application/json"
    public static let problemJSON = "application/problem+json"
    /// RFC 9512's registered type for YAML.
    public static let yaml = "application/yaml"
    /// SVG images (the `svg` and `svg-animated` outputs of `POST /v1/simulate`).
    public static let svg = "image/svg+xml"
    /// The playground page, UTF-8 HTML.
    public static let html = "text/html; charset=utf-8"
}
