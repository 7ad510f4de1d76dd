/// The whole HTTP API as a function: a request value in, a response value out.
///
/// The transport calls `respond(to:)` from any of its threads; the service holds
/// only immutable values and the shared `Readiness`, so it is safe to share.
/// Every response carries `X-Request-Id`: the client's when sane, else a new one.
public struct SegueService: Sendable {
    public let router: Router
    /// Which browser origins may read the answers; every answer carries its headers.
    public let cors: CORSPolicy
    /// Which answers go out gzip-coded.
    public let compression: ResponseCompression
    private let makeRequestID: @Sendable () -> String

    /// - Parameters:
    ///   - router: the routes to serve; `Router.segue(...)` builds the standard ones.
    ///   - cors: the browser origins allowed (default any).
    ///   - compression: which answers are gzip-coded (default: 1024 bytes and up).
    ///   - makeRequestID: where fresh request identifiers come from (tests pin it).
    public init(
        router: Router, cors: CORSPolicy = CORSPolicy(), compression: ResponseCompression = ResponseCompression(),
        makeRequestID: @escaping @Sendable () -> String = RequestID.generate
    ) {
        self.router = router
        self.cors = cors
        self.compression = compression
        self.makeRequestID = makeRequestID
    }

    /// Routes and answers a complete request.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let requestID = requestID(for: request)
        var response: HTTPResponse
        let path: RequestPath?
        do {
            path = try RequestPath(request.path)
        } catch {
            return respond(to: request, with: .invalidPath(error))
        }
        let match = path.map { router.match(method: request.method, path: $0) } ?? .notFound
        switch match {
        case .methodNotAllowed(let allowed, let pattern) where request.method == .options:
            // OPTIONS is answered for every route: the methods it allows, and a browser's preflight.
            switch cors.preflight(request, methods: allowed) {
            case .success(let answer): response = answer
            case .failure(let problem): response = .problem(problem, path: request.path, requestID: requestID)
            }
            response.facts.route = pattern.description
        case .found(let route, let parameters):
            do {
                response = try route.handler(
                    RouteContext(request: request, parameters: parameters, requestID: requestID)
                )
            } catch {
                response = .problem(error, path: request.path, requestID: requestID)
            }
            response.facts.route = route.pattern.description
        case .methodNotAllowed(let allowed, let pattern):
            let problem = Problem.methodNotAllowed(method: request.method, path: request.path, allowed: allowed)
            response = .problem(problem, path: request.path, requestID: requestID)
            response.facts.route = pattern.description
        case .notFound:
            response = .problem(.notFound(path: request.path), path: request.path, requestID: requestID)
        }
        return finish(response, to: request, requestID: requestID)
    }

    /// Answers a request with a problem found before it could be routed, such as a
    /// body over the size limit, with the same request-id handling as any response.
    public func respond(to request: HTTPRequest, with problem: Problem) -> HTTPResponse {
        let requestID = requestID(for: request)
        return finish(
            HTTPResponse.problem(problem, path: request.path, requestID: requestID), to: request,
            requestID: requestID)
    }

    /// The headers every answer carries: its request id, and what CORS says to the request's
    /// origin; and its body gzip-coded when the client accepts that (`ResponseCompression`).
    private func finish(_ response: HTTPResponse, to request: HTTPRequest, requestID: String) -> HTTPResponse {
        var response = compression.apply(to: response, acceptEncoding: request.headers["Accept-Encoding"])
        response.headers.replaceOrAdd(name: "X-Request-Id", value: requestID)
        for header in cors.responseHeaders(origin: request.headers["Origin"]) {
            response.headers.merge(name: header.name, value: header.value)
        }
        return response
    }

    private func requestID(for request: HTTPRequest) -> String {
        RequestID.accepting(request.headers["X-Request-Id"]) ?? makeRequestID()
    }
}
