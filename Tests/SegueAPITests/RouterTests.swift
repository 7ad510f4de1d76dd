import Testing

@testable import SegueAPI

@Suite struct RouterTests {
    private static func ok(_ tag: String) -> RouteHandler {
        { _ in HTTPResponse(status: .ok, body: Array(tag.utf8)) }
    }

    private let router = Router(routes: [
        Route(.get, "/v1/things", handler: ok("list")),
        Route(.post, "/v1/things", handler: ok("create")),
        Route(.get, "/v1/things/{id}", handler: ok("one")),
        Route(.delete, "/v1/things/{id}", handler: ok("delete")),
    ])

    private func tag(_ method: HTTPMethod, _ path: String) throws -> String? {
        guard case .found(let route, _) = router.match(method: method, path: path) else { return nil }
        let response = try route.handler(RouteContext(request: HTTPRequest(method: method, path: path), requestID: "t"))
        return String(decoding: response.body, as: UTF8.self)
    }

    @Test func exactPathsRouteByMethod() throws {
        #expect(try tag(.get, "/v1/things") == "list")
        #expect(try tag(.post, "/v1/things") == "create")
    }

    @Test func pathParametersBindOneSegment() {
        guard case .found(_, let parameters) = router.match(method: .get, path: "/v1/things/abc.def") else {
            Issue.record("expected a match")
            return
        }
        #expect(parameters == ["id": "abc.def"])
        #expect(router.match(method: .get, path: "/v1/things/a/b").isNotFound)
        #expect(router.match(method: .get, path: "/v1/things/").isNotFound)
    }

    @Test func headIsServedByTheGetRoute() throws {
        #expect(try tag(.head, "/v1/things") == "list")
        #expect(try tag(.head, "/v1/things/7") == "one")
    }

    @Test func unknownPathIsNotFound() {
        #expect(router.match(method: .get, path: "/v2/things").isNotFound)
        #expect(router.match(method: .get, path: "/v1/things/x/y").isNotFound)
        #expect(router.match(method: .get, path: "").isNotFound)
        #expect(router.match(method: .get, path: "/v1/things?x=1").isNotFound)
    }

    @Test func knownPathWithOtherMethodListsAllowedMethodsWithHeadAfterGet() {
        guard case .methodNotAllowed(let allowed, let pattern) = router.match(method: .put, path: "/v1/things")
        else {
            Issue.record("expected 405")
            return
        }
        #expect(allowed == [.get, .head, .post])
        #expect(pattern.description == "/v1/things")
        guard case .methodNotAllowed(let forItem, let itemPattern) = router.match(method: .post, path: "/v1/things/1")
        else {
            Issue.record("expected 405")
            return
        }
        #expect(forItem == [.get, .head, .delete])
        #expect(itemPattern.description == "/v1/things/{id}")
    }

    @Test func unheardOfMethodTokensAre405NotCrashes() {
        guard case .methodNotAllowed = router.match(method: HTTPMethod(rawValue: "BREW"), path: "/v1/things") else {
            Issue.record("expected 405")
            return
        }
    }
}

extension Router.Match {
    var isNotFound: Bool {
        if case .notFound = self { return true }
        return false
    }
}
