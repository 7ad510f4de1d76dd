import Testing

@testable import SegueAPI

/// The request-target forms of RFC 9112 §3.2 as an origin server reads them, and the answer
/// to `OPTIONS *` (RFC 9110 §9.3.7).
@Suite struct RequestTargetTests {
    private func read(_ target: String, _ method: HTTPMethod = .get) -> Result<RequestTarget, Problem> {
        do throws(Problem) {
            return .success(try RequestTarget(target, method: method, quoted: target))
        } catch {
            return .failure(error)
        }
    }

    /// §3.2.1 and §3.2.2: origin-form as it is; absolute-form by its path, "/" when it has none.
    @Test(arguments: [
        ("/v1/presets", "/v1/presets"),
        ("http://example.com/healthz", "/healthz"),
        ("HTTPS://example.com:8443/v1/presets/a%2Fb", "/v1/presets/a%2Fb"),
        ("http://example.com", "/"),
        ("http://[::1]:8080/healthz", "/healthz"),
    ])
    func pathsAreRoutedByTheirPath(target: String, path: String) {
        #expect(read(target) == .success(.path(path)))
    }

    /// §3.2.4: `*` is for a server-wide OPTIONS only.
    @Test func anAsteriskIsForOptionsOnly() {
        #expect(read("*", .options) == .success(.serverWide))
        guard case .failure(let problem) = read("*", .get) else {
            Issue.record("GET * was accepted")
            return
        }
        #expect(problem.type == "urn:segue:problem:invalid-target" && problem.status == 400)
        #expect(problem.detail.contains("only an OPTIONS request"))
    }

    /// No other scheme names this server; RFC 9110 §4.2.1 (an empty host MUST be rejected) and
    /// §4.2.4 (userinfo is an error); authority-form is only for CONNECT, asked of a proxy.
    @Test(arguments: [
        ("ftp://example.com/healthz", "'ftp' URI"),
        ("http:///healthz", "empty host"),
        ("http://:8080/healthz", "empty host"),
        ("http://user@example.com/healthz", "userinfo"),
        ("http:example.com/healthz", "no '//'"),
        ("example.com:443", "only a CONNECT to a proxy sends"),
        ("healthz", "neither a path nor an absolute URI"),
    ])
    func otherTargetsAreRefused(target: String, reason: String) {
        guard case .failure(let problem) = read(target) else {
            Issue.record("\(target) was accepted")
            return
        }
        #expect(problem.type == "urn:segue:problem:invalid-target" && problem.status == 400)
        #expect(problem.detail.contains(reason), "\(problem.detail)")
        #expect(problem.detail.contains("'\(target)'"))
    }

    /// Every method of the routes once, HEAD after GET (as the router serves it) and OPTIONS
    /// (which every path answers); no content, so 200 with Content-Length 0 rather than 204.
    @Test func optionsAsteriskAllowsEveryMethodOfTheServer() {
        let routes = [
            Route(.get, "/a") { _ in HTTPResponse(status: .ok) }, Route(.post, "/b") { _ in HTTPResponse(status: .ok) },
            Route(.get, "/c") { _ in HTTPResponse(status: .ok) },
        ]
        let response = HTTPResponse.serverWideOptions(routes: routes)
        #expect(response.status == .ok)
        #expect(response.headers["Allow"] == "GET, HEAD, POST, OPTIONS")
        #expect(response.body.isEmpty)
        #expect(HTTPResponse.serverWideOptions(routes: []).headers["Allow"] == "OPTIONS")
    }
}
