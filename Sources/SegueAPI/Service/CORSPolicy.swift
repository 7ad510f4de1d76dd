/// Which browser origins may call Segue (CORS, the Fetch standard), and the headers that say so.
///
/// Why: a design-tool plugin runs in a browser page or iframe, and the browser withholds a
/// cross-origin answer unless the server names the page's origin in `Access-Control-Allow-Origin`,
/// and asks first (a preflight `OPTIONS`) before a JSON `POST`. Segue never uses cookies or
/// credentials, so by default any origin may call it and the answer is `*`, which also covers the
/// opaque origin `null` of sandboxed plugin iframes (Figma's among them). A server started with a
/// list answers only the origins on it, echoing the one that asked.
public struct CORSPolicy: Sendable, Hashable {
    /// Every origin (the default), or only these, compared as the browser serialises them
    /// (`https://example.com`, `http://localhost:3000`, or `null`).
    public enum Origins: Sendable, Hashable {
        case any
        case only(Set<String>)
    }

    public var origins: Origins

    public init(origins: Origins = .any) {
        self.origins = origins
    }

    /// Parses the `--allowed-origins` setting: `*`, or origins separated by commas.
    public init?(setting: String) {
        let items = setting.split(separator: ",").map(\.trimmingOptionalWhitespace).filter { !$0.isEmpty }
        if items == ["*"] {
            self.init(origins: .any)
        } else if !items.isEmpty, items.allSatisfy(Self.isOrigin) {
            self.init(origins: .only(Set(items)))
        } else {
            return nil
        }
    }

    /// `null`, or `scheme://host[:port]` with no path: what a browser sends in `Origin`.
    static func isOrigin(_ text: String) -> Bool {
        if text == "null" { return true }
        let parts = text.split(separator: "://", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        let scheme = parts[0]
        let authority = parts[1]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
            && !authority.isEmpty && !authority.contains("/") && !authority.contains(where: { $0.isWhitespace })
    }

    /// Whether a request from `origin` may read the answer.
    public func allows(_ origin: String) -> Bool {
        switch origins {
        case .any: true
        case .only(let allowed): allowed.contains(origin)
        }
    }

    /// The headers every answer to a request from `origin` carries, none when it is not allowed.
    public func responseHeaders(origin: String?) -> [(name: String, value: String)] {
        guard let origin, allows(origin) else {
            return origins == .any ? [] : [("Vary", "Origin")]
        }
        var headers: [(name: String, value: String)] = []
        switch origins {
        case .any:
            headers.append(("Access-Control-Allow-Origin", "*"))
        case .only:
            headers.append(("Access-Control-Allow-Origin", origin))
            headers.append(("Vary", "Origin"))
        }
        headers.append(("Access-Control-Expose-Headers", Self.exposedHeaders.joined(separator: ", ")))
        return headers
    }

    /// The answer headers a page's script may read beside the CORS-safelisted ones.
    static let exposedHeaders = ["X-Request-Id", "Retry-After", "Allow"]
    /// The request headers a page may send beside the safelisted ones (`Content-Type:
    /// application/json` itself needs a preflight).
    static let allowedRequestHeaders = ["Content-Type", "Accept", "X-Request-Id"]
    /// How long a browser may cache a preflight's answer, seconds.
    static let preflightMaxAge = 600

    /// The answer to `OPTIONS` on a path whose routes allow `methods`: 204 with `Allow`, and for a
    /// browser's preflight from an allowed origin the `Access-Control-Allow-*` headers too. A
    /// preflight from an origin not on the list is a 403 problem, so that a person reading the
    /// network log learns why.
    func preflight(_ request: HTTPRequest, methods: [HTTPMethod]) -> Result<HTTPResponse, Problem> {
        let allowed = (methods + [.options]).map(\.rawValue)
        var response = HTTPResponse(status: .noContent, headers: ["Allow": allowed.joined(separator: ", ")])
        guard let origin = request.headers["Origin"], request.headers["Access-Control-Request-Method"] != nil else {
            return .success(response)
        }
        guard allows(origin) else { return .failure(.originNotAllowed(origin)) }
        response.headers.add(name: "Access-Control-Allow-Methods", value: allowed.joined(separator: ", "))
        response.headers.add(
            name: "Access-Control-Allow-Headers", value: Self.allowedRequestHeaders.joined(separator: ", "))
        response.headers.add(name: "Access-Control-Max-Age", value: String(Self.preflightMaxAge))
        return .success(response)
    }
}

extension Problem {
    /// A browser page whose origin the server's `--allowed-origins` list does not hold.
    public static func originNotAllowed(_ origin: String) -> Problem {
        Problem(
            type: typeURI("origin-not-allowed"),
            title: "Origin not allowed",
            status: .forbidden,
            detail: "Pages from the origin '\(origin)' may not call this server: it answers only the origins "
                + "in its --allowed-origins list (SEGUE_ALLOWED_ORIGINS). Add the origin there, or start the server "
                + "without the list to allow any origin.")
    }
}
