extension HTTPResponse {
    /// The answer to `OPTIONS *`, which asks about the server rather than one resource
    /// (RFC 9110 §9.3.7): 200 with `Allow` naming every method some route serves (HEAD
    /// wherever GET is, as the router answers it, and OPTIONS, which every path answers),
    /// and no content. 200 rather than 204 because §9.3.7 asks for `Content-Length: 0`
    /// when an OPTIONS answer has no content, which a 204 may not carry (§8.6).
    public static func serverWideOptions(routes: [Route]) -> HTTPResponse {
        var methods: [HTTPMethod] = []
        for method in routes.map(\.method) where !methods.contains(method) {
            methods.append(method)
        }
        if let get = methods.firstIndex(of: .get), !methods.contains(.head) {
            methods.insert(.head, at: get + 1)
        }
        if !methods.contains(.options) {
            methods.append(.options)
        }
        var response = HTTPResponse(status: .ok, headers: ["Allow": methods.map(\.rawValue).joined(separator: ", ")])
        response.facts.route = "*"
        return response
    }
}
