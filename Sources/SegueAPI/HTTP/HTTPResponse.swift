/// A complete HTTP response as the service hands it to the transport.
///
/// The transport adds `Content-Length` (and `Date`) itself. For a HEAD request the
/// service returns the GET response with its body, so that the transport can state
/// the body's length; the transport then sends no body.
public struct HTTPResponse: Sendable, Hashable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// What the service did to answer, for the transport's logs and metrics; never sent.
    public var facts = ResponseFacts()
    /// The share of the work gate's memory budget this answer holds (nil for answers that
    /// did not pass the gate). The transport keeps the response until the body is sent or
    /// dropped, then lets go of it, which gives the bytes back to the gate.
    public var reservation: WorkGate.Reservation?

    public init(status: HTTPStatus, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// The service's account of a response beyond its bytes: which route answered, which
/// problem it was, how much was simulated. The transport turns these into log fields
/// and metric labels, so they are low-cardinality by design (a route's pattern, not
/// its path).
public struct ResponseFacts: Sendable, Hashable {
    /// The matched route's pattern, such as `/v1/presets/{id}`; nil when no route matched.
    public var route: String?
    /// The problem's `type` when the response is a problem.
    public var problemType: String?
    /// The preset simulated, for `POST /v1/simulate`.
    public var presetID: String?
    /// Frames the simulation produced.
    public var framesSimulated = 0

    public init() {}
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
    /// The browser SDK's ES module (`GET /sdk/segue.js`), as RFC 9239 names JavaScript.
    public static let javascript = "text/javascript; charset=utf-8"
    /// The browser SDK's TypeScript declarations (`GET /sdk/segue.d.ts`), as Deno and TypeScript's
    /// own tooling read them.
    public static let typescript = "application/typescript; charset=utf-8"
    /// Prometheus' text exposition format 0.0.4 (`GET /metrics`).
    public static let prometheusText = "text/plain; version=0.0.4; charset=utf-8"
}
