/// Finds the route for a method and path, and tells 404 (no such path) apart from
/// 405 (the path exists, not for this method).
public struct Router: Sendable {
    /// The outcome of looking a request up.
    public enum Match: Sendable {
        case found(Route, parameters: [String: String])
        /// The path exists (as `pattern`); these are the methods it allows, for the `Allow` header.
        case methodNotAllowed(allowed: [HTTPMethod], pattern: PathPattern)
        case notFound
    }

    public let routes: [Route]

    public init(routes: [Route]) {
        self.routes = routes
    }

    /// Looks up a request by its path as sent (percent-encoded); a path that cannot be
    /// decoded matches nothing. The service decodes first, to answer such a path 400.
    public func match(method: HTTPMethod, path: String) -> Match {
        guard let decoded = try? RequestPath(path) else { return .notFound }
        return match(method: method, path: decoded)
    }

    /// Looks up a request. A path with a GET route also answers HEAD with the same
    /// handler, as RFC 9110 §9.3.2 asks.
    public func match(method: HTTPMethod, path: RequestPath) -> Match {
        var allowed: [HTTPMethod] = []
        var getRoute: (Route, [String: String])?
        var pathPattern: PathPattern?
        for route in routes {
            guard let parameters = route.pattern.match(path) else { continue }
            pathPattern = pathPattern ?? route.pattern
            if route.method == method {
                return .found(route, parameters: parameters)
            }
            if route.method == .get {
                getRoute = (route, parameters)
            }
            allowed.append(route.method)
        }
        if method == .head, let (route, parameters) = getRoute {
            return .found(route, parameters: parameters)
        }
        guard let pathPattern, !allowed.isEmpty else {
            return .notFound
        }
        if let get = allowed.firstIndex(of: .get), !allowed.contains(.head) {
            allowed.insert(.head, at: get + 1)
        }
        return .methodNotAllowed(allowed: allowed, pattern: pathPattern)
    }
}
