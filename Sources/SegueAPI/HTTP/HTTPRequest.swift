public import SegueEngine

/// A complete HTTP request as the transport hands it to the service: the body has
/// already been gathered (and capped) by the transport.
public struct HTTPRequest: Sendable, Hashable {
    public var method: HTTPMethod
    /// The path as sent, still percent-encoded, without its query string. The router
    /// decodes it one segment at a time (`RequestPath`), so `/v1/presets/a%2Fb` names
    /// the preset `a/b` rather than a path of four segments.
    public var path: String
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// Whether the client is still there to read the answer: the transport asks its socket.
    /// Work for a client that has gone is stopped (in the gate's queue, or between batches of
    /// frames) and answered with `Problem.clientGone()`, which the transport does not send.
    /// Not part of the request's value (all checks compare equal).
    public var cancellation: CancellationCheck

    public init(
        method: HTTPMethod, path: String, headers: HTTPHeaders = [:], body: [UInt8] = [],
        cancellation: CancellationCheck = .never
    ) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
        self.cancellation = cancellation
    }
}
