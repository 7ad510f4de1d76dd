/// What a handler is given: the request, the path parameters its pattern bound,
/// and the request's identifier.
public struct RouteContext: Sendable {
    public var request: HTTPRequest
    public var parameters: [String: String]
    public var requestID: String

    public init(request: HTTPRequest, parameters: [String: String] = [:], requestID: String) {
        self.request = request
        self.parameters = parameters
        self.requestID = requestID
    }
}

/// A handler turns a request into a response, or throws the problem to answer with.
public typealias RouteHandler = @Sendable (RouteContext) throws(Problem) -> HTTPResponse

/// One method on one path pattern, and the handler that serves it.
public struct Route: Sendable {
    public var method: HTTPMethod
    public var pattern: PathPattern
    public var handler: RouteHandler

    public init(_ method: HTTPMethod, _ pattern: String, handler: @escaping RouteHandler) {
        self.method = method
        self.pattern = PathPattern(pattern)
        self.handler = handler
    }
}
