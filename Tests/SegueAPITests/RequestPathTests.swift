import Testing

@testable import SegueAPI

/// Decoding a path as sent, one segment at a time (RFC 3986 §2.1, §3.3).
@Suite struct RequestPathTests {
    private func segments(_ path: String) throws -> [String]? {
        try RequestPath(path)?.segments
    }

    @Test func segmentsAreSplitBeforeDecoding() throws {
        #expect(try segments("/v1/presets/a%2Fb") == ["v1", "presets", "a/b"])
        #expect(try segments("/v1/presets/instagram%2Epush") == ["v1", "presets", "instagram.push"])
        #expect(try segments("/%C3%A9t%c3%a9") == ["été"])
        #expect(try segments("/") == [""])
        #expect(try segments("/a//b/") == ["a", "", "b", ""])
    }

    @Test func targetsThatAreNotPathsMatchNothing() throws {
        #expect(try segments("*") == nil)
        #expect(try segments("http://x/healthz") == nil)
        #expect(try segments("") == nil)
    }

    @Test func controlCharactersAreRefusedEncodedOrNot() {
        #expect(throws: RequestPath.DecodingError.controlCharacter(byte: 0, offset: 8)) {
            try RequestPath("/healthz%00x")
        }
        #expect(throws: RequestPath.DecodingError.controlCharacter(byte: 0x0A, offset: 2)) { try RequestPath("/a%0a") }
        #expect(throws: RequestPath.DecodingError.controlCharacter(byte: 0x7F, offset: 1)) {
            try RequestPath("/\u{7F}")
        }
    }

    @Test func malformedEscapesAndNonUTF8AreRefused() {
        #expect(throws: RequestPath.DecodingError.malformedEscape(offset: 2)) { try RequestPath("/a%zz") }
        #expect(throws: RequestPath.DecodingError.malformedEscape(offset: 2)) { try RequestPath("/a%4") }
        #expect(throws: RequestPath.DecodingError.malformedEscape(offset: 2)) { try RequestPath("/a%") }
        // 0xC3 alone starts a two-byte sequence that never comes.
        #expect(throws: RequestPath.DecodingError.notUTF8(segment: 1)) { try RequestPath("/ok/%C3") }
    }

    @Test func theRouterBindsDecodedSegmentsAndTheServiceRefusesUndecodable() throws {
        let router = Router(routes: [Route(.get, "/v1/things/{id}") { _ in HTTPResponse(status: .ok) }])
        guard case .found(_, let parameters) = router.match(method: .get, path: "/v1/things/a%2Fb") else {
            Issue.record("expected a match")
            return
        }
        #expect(parameters == ["id": "a/b"])
        #expect(router.match(method: .get, path: "/v1%2Fthings/x").isNotFound)
        let service = SegueService(router: router, makeRequestID: { "id" })
        let refused = service.respond(to: HTTPRequest(method: .get, path: "/v1/things/x%00y"))
        #expect(refused.status.code == 400)
        #expect(refused.facts.problemType == "urn:segue:problem:invalid-path")
        let body = try #require(JSONTestValue.object(refused.body))
        #expect(body["instance"] as? String == "/v1/things/x%00y")
    }

    @Test func anInstanceKeepsTheEscapesItWasSentWith() {
        #expect(URIPath.encode("/v1/presets/a%2Fb") == "/v1/presets/a%2Fb")
        #expect(URIPath.encode("/a%2") == "/a%252")
    }
}
