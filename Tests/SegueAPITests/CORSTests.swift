import SegueEngine
import Testing

@testable import SegueAPI

/// CORS as the Fetch standard asks of a server that takes no credentials: preflights answered on
/// every route, `Access-Control-Allow-Origin` on every answer to an allowed origin (the opaque
/// `null` of a sandboxed plugin iframe among them), nothing for an origin not on the list.
@Suite struct CORSTests {
    static func service(_ cors: CORSPolicy = CORSPolicy()) -> SegueService {
        SegueService(router: .segue(catalogue: .builtIn, readiness: Readiness()), cors: cors, makeRequestID: { "id" })
    }

    static func request(_ method: HTTPMethod, _ path: String, _ headers: HTTPHeaders, body: String = "")
        -> HTTPRequest
    {
        HTTPRequest(method: method, path: path, headers: headers, body: Array(body.utf8))
    }

    /// The paths of the routes, one per pattern, with a parameter filled in.
    static let paths = [
        "/", "/sdk/segue.js", "/sdk/segue.d.ts", "/healthz", "/readyz", "/openapi.yaml", "/v1/presets",
        "/v1/presets/instagram.push", "/v1/simulate", "/v1/curves",
    ]

    @Test(arguments: paths)
    func aPreflightIsAnsweredOnEveryRoute(path: String) throws {
        let service = Self.service()
        let decoded = try #require(try RequestPath(path))
        let methods = service.router.routes.filter { $0.pattern.match(decoded) != nil }.map(\.method)
        try #require(!methods.isEmpty, "a route for \(path)")
        let response = service.respond(
            to: Self.request(
                .options, path,
                [
                    "Origin": "https://plugin.example", "Access-Control-Request-Method": methods[0].rawValue,
                    "Access-Control-Request-Headers": "content-type",
                ]))
        #expect(response.status.code == 204)
        #expect(response.body.isEmpty)
        #expect(response.headers["Access-Control-Allow-Origin"] == "*")
        let listed = response.headers["Access-Control-Allow-Methods"] ?? ""
        let allowed = Set(listed.split(separator: ", ").map { String($0) })
        #expect(allowed.isSuperset(of: methods.map(\.rawValue) + ["OPTIONS"]), "\(allowed)")
        #expect(response.headers["Access-Control-Allow-Headers"]?.contains("Content-Type") == true)
        #expect(response.headers["Access-Control-Max-Age"] == "600")
        #expect(response.headers["Allow"] == response.headers["Access-Control-Allow-Methods"])
    }

    @Test func plainOptionsListsTheMethodsWithoutCORSHeaders() {
        let response = Self.service().respond(to: Self.request(.options, "/v1/simulate", [:]))
        #expect(response.status.code == 204)
        #expect(response.headers["Allow"] == "POST, OPTIONS")
        #expect(response.headers["Access-Control-Allow-Origin"] == nil)
    }

    @Test func optionsOnAnUnknownPathIsStillA404() {
        let response = Self.service().respond(to: Self.request(.options, "/v1/nope", ["Origin": "null"]))
        #expect(response.status.code == 404)
        #expect(response.headers["Access-Control-Allow-Origin"] == "*", "the 404 is readable by the page")
    }

    /// A Figma-style plugin iframe is sandboxed: its origin is the opaque `null`.
    @Test func aSimulateFromANullOriginIsReadable() {
        let response = Self.service().respond(
            to: Self.request(
                .post, "/v1/simulate", ["Origin": "null", "Content-Type": "application/json"],
                body: #"{"preset":"instagram.push"}"#))
        #expect(response.status.code == 200)
        #expect(response.headers["Access-Control-Allow-Origin"] == "*")
        #expect(response.headers["Access-Control-Expose-Headers"]?.contains("X-Request-Id") == true)
    }

    @Test func problemsCarryTheHeadersToo() {
        let response = Self.service().respond(
            to: Self.request(.post, "/v1/simulate", ["Origin": "https://a.example"], body: "{"))
        #expect(response.status.code >= 400)
        #expect(response.headers["Access-Control-Allow-Origin"] == "*")
        let limit = Self.service().respond(
            to: Self.request(.post, "/v1/simulate", ["Origin": "https://a.example"]), with: .contentTooLarge(limit: 1))
        #expect(limit.headers["Access-Control-Allow-Origin"] == "*")
    }

    @Test func noOriginNoCORSHeaders() {
        let response = Self.service().respond(to: Self.request(.get, "/healthz", [:]))
        #expect(response.headers["Access-Control-Allow-Origin"] == nil)
    }

    @Test func aListEchoesTheOriginsOnItAndNoOther() throws {
        let policy = try #require(CORSPolicy(setting: "https://www.figma.com, null"))
        let service = Self.service(policy)
        let figma = service.respond(to: Self.request(.get, "/healthz", ["Origin": "https://www.figma.com"]))
        #expect(figma.headers["Access-Control-Allow-Origin"] == "https://www.figma.com")
        #expect(figma.headers["Vary"] == "Accept-Encoding, Origin")  // a JSON answer varies by coding too
        let sandboxed = service.respond(to: Self.request(.get, "/healthz", ["Origin": "null"]))
        #expect(sandboxed.headers["Access-Control-Allow-Origin"] == "null")
        let other = service.respond(to: Self.request(.get, "/healthz", ["Origin": "https://evil.example"]))
        #expect(other.status.code == 200, "the server answers; the browser withholds it")
        #expect(other.headers["Access-Control-Allow-Origin"] == nil)
        #expect(other.headers["Vary"] == "Accept-Encoding, Origin")
        let preflight = service.respond(
            to: Self.request(
                .options, "/v1/simulate",
                ["Origin": "https://evil.example", "Access-Control-Request-Method": "POST"]))
        #expect(preflight.status.code == 403)
        #expect(preflight.headers["Content-Type"] == "application/problem+json")
        #expect(String(decoding: preflight.body, as: UTF8.self).contains("--allowed-origins"))
    }

    @Test(arguments: [
        ("*", true), ("https://a.example", true), ("https://a.example:8443,null", true), (" null , http://x ", true),
        ("", false), ("https://a.example/path", false), ("a.example", false), ("*,https://a.example", false),
        ("https://", false), ("https://a b", false),
    ])
    func theSettingParses(text: String, valid: Bool) {
        #expect((CORSPolicy(setting: text) != nil) == valid, "'\(text)'")
    }
}
