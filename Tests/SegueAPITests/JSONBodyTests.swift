import Foundation
import Testing

@testable import SegueAPI

/// The JSON-body rules every JSON endpoint shares, through a small echo route so
/// they are tested as a client meets them: 415, 400 with a position, 422 with pointers.
@Suite struct JSONBodyTests {
    struct Greeting: Codable, Equatable {
        var name: String
        var count: Int
        var tags: [String]?
    }

    let service = SegueService(
        router: Router(routes: [
            Route(.post, "/echo") { context throws(Problem) in
                try .json(JSONBody.decode(Greeting.self, from: context.request))
            }
        ]),
        makeRequestID: { "id" }
    )

    private func post(_ body: String, contentType: String? = "application/json") -> HTTPResponse {
        var request = HTTPRequest(method: .post, path: "/echo", body: Array(body.utf8))
        if let contentType {
            request.headers.add(name: "Content-Type", value: contentType)
        }
        return service.respond(to: request)
    }

    private func problem(_ response: HTTPResponse) throws -> [String: Any] {
        #expect(response.headers["Content-Type"] == "application/problem+json")
        return try #require(JSONTestValue.object(response.body))
    }

    @Test(arguments: [
        "application/json", "application/json; charset=utf-8", "Application/JSON", "application/vnd.x+json",
    ])
    func jsonMediaTypesAreAccepted(contentType: String) throws {
        let response = post(#"{"name":"a","count":2}"#, contentType: contentType)
        #expect(response.status.code == 200)
        let echoed = try JSONDecoder().decode(Greeting.self, from: Data(response.body))
        #expect(echoed == Greeting(name: "a", count: 2))
    }

    @Test(arguments: [nil, "text/plain", "application/x-www-form-urlencoded", "application/jsonp"] as [String?])
    func otherMediaTypesAre415(contentType: String?) throws {
        let response = post(#"{"name":"a","count":2}"#, contentType: contentType)
        #expect(response.status.code == 415)
        let body = try problem(response)
        #expect(body["type"] as? String == "urn:segue:problem:unsupported-media-type")
        #expect((body["detail"] as? String)?.contains("Content-Type: application/json") == true)
    }

    @Test(arguments: ["", "  \n\t "])
    func emptyBodyIs400(body: String) throws {
        let response = post(body)
        #expect(response.status.code == 400)
        #expect((try problem(response)["detail"] as? String)?.contains("empty") == true)
    }

    /// Each case names the 1-based line and column where a reader must stop, counted by hand.
    @Test(
        arguments: [
            (#"{"name": "a", "count": x}"#, 1, 24, "expected a value"),
            ("{\"name\": \"a\",\n  \"count\": 2", 2, 13, "expected ',' or '}'"),
            (#"{"name" "a"}"#, 1, 9, "expected ':'"),
            (#"{"name": "a", "count": 1,}"#, 1, 26, "expected a member name"),
            (#"[1, 2"#, 1, 6, "expected ',' or ']'"),
            (#"{"name": "é\x"}"#, 1, 12, "invalid escape"),
            (#"{"count": 1} extra"#, 1, 14, "after the end"),
            (#"{"count": -}"#, 1, 12, "expected a digit"),
            (#"{"count": tru}"#, 1, 14, "expected true"),
        ] as [(String, Int, Int, String)])
    func malformedJSONIs400SayingWhereParsingStopped(body: String, line: Int, column: Int, reason: String) throws {
        let response = post(body)
        #expect(response.status.code == 400)
        let problem = try problem(response)
        #expect(problem["type"] as? String == "urn:segue:problem:malformed-json")
        let detail = try #require(problem["detail"] as? String)
        #expect(detail.contains("at line \(line), column \(column)"), "\(detail)")
        #expect(detail.contains(reason), "\(detail)")
    }

    /// 1e400 is well-formed JSON but no double: a bad value at its pointer, not bad syntax.
    @Test(arguments: [
        (#"{"count": 1e400}"#, "/count"), (#"{"name": "a", "tags": [1, -2e999]}"#, "/tags/1"),
        (#"{"a/b": {"c~d": 1e309}}"#, "/a~1b/c~0d"),
    ])
    func numbersBeyondADoubleAre422AtTheirPointer(body: String, pointer: String) throws {
        let response = post(body)
        #expect(response.status.code == 422)
        let errors = try #require(try problem(response)["errors"] as? [[String: Any]])
        #expect(errors.first?["pointer"] as? String == pointer)
        #expect((errors.first?["detail"] as? String)?.contains("too large for a double") == true)
    }

    @Test func deepNestingIsReportedNotRecursedIntoForever() throws {
        let body = String(repeating: "[", count: 100_000)
        let response = post(body)
        // Well-formed as far as the limit, so a 422 at the first value too deep, not a 400.
        #expect(response.status.code == 422)
        let errors = try #require(try problem(response)["errors"] as? [[String: Any]])
        let depth = JSONParser.defaultLimits.maxDepth
        #expect(errors.first?["pointer"] as? String == String(repeating: "/0", count: depth))
        #expect((errors.first?["detail"] as? String)?.contains("more than \(depth) levels deep") == true)
    }

    @Test func wrongTypesAre422WithAJSONPointer() throws {
        let response = post(#"{"name": 5, "count": 1}"#)
        #expect(response.status.code == 422)
        let body = try problem(response)
        #expect(body["type"] as? String == "urn:segue:problem:invalid-request")
        let errors = try #require(body["errors"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect(errors[0]["pointer"] as? String == "/name")
        #expect((errors[0]["detail"] as? String)?.contains("a string") == true)
    }

    @Test func missingFieldsAndNestedPathsArePointedAt() throws {
        let missing = try problem(post(#"{"name": "a"}"#))
        #expect((missing["errors"] as? [[String: Any]])?.first?["pointer"] as? String == "/count")
        let nested = try problem(post(#"{"name": "a", "count": 1, "tags": ["x", 3]}"#))
        #expect((nested["errors"] as? [[String: Any]])?.first?["pointer"] as? String == "/tags/1")
    }

    @Test func pointerTokensEscapeTildeAndSlash() {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        #expect(JSONBody.pointer([Key(stringValue: "a/b"), Key(stringValue: "c~d")]) == "/a~1b/c~0d")
        #expect(JSONBody.pointer([]) == "")
    }

    /// Found by segue-fuzz: one byte of a member name flipped to 0x82 (a stray UTF-8
    /// continuation byte) was accepted, then read as U+FFFD. JSON text must be UTF-8
    /// (RFC 8259 §8.1), so such a body is malformed, reported at the byte. Each case is a
    /// string's bytes inside `{"t": 0.266667, "…": 195.0}`; the bad byte is at column 18
    /// (17 characters come before the string) plus the characters before it in the string.
    @Test(
        arguments: [
            ([0x82], 18, "byte 0x82"),  // the fuzzer's input: a continuation byte with no lead
            ([0x78, 0xC0, 0xAF], 19, "byte 0xC0"),  // "x" then an overlong '/'
            ([0xED, 0xA0, 0x80], 18, "byte 0xED"),  // U+D800, a surrogate
            ([0xF4, 0x90, 0x80, 0x80], 18, "byte 0xF4"),  // above U+10FFFF
            ([0xC3, 0xA9, 0xE2, 0x82], 19, "byte 0xE2"),  // "é" then a three-byte sequence cut short
            ([0xFF], 18, "byte 0xFF"),
        ] as [([UInt8], Int, String)])
    func bytesThatAreNotUTF8Are400AtTheByte(string: [UInt8], column: Int, found: String) throws {
        let body = Array(#"{"t": 0.266667, ""#.utf8) + string + Array(#"": 195.0}"#.utf8)
        let response = service.respond(
            to: HTTPRequest(method: .post, path: "/echo", headers: ["Content-Type": "application/json"], body: body))
        #expect(response.status.code == 400)
        let problem = try problem(response)
        #expect(problem["type"] as? String == "urn:segue:problem:malformed-json")
        let detail = try #require(problem["detail"] as? String)
        #expect(detail.contains("at line 1, column \(column)"), "\(detail)")
        #expect(detail.contains("\(found) is not UTF-8"), "\(detail)")
    }

    /// Every length of well-formed UTF-8 passes, at the edges of table 3-7 too.
    @Test func wellFormedUTF8InStringsIsAccepted() {
        let strings: [[UInt8]] = [
            [0xC3, 0xA9], [0xE4, 0xB8, 0xAD], [0xF0, 0x9F, 0x98, 0x80], [0xC2, 0x80], [0xE0, 0xA0, 0x80],
            [0xED, 0x9F, 0xBF], [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
        ]
        for string in strings {
            let body = [UInt8(ascii: "\"")] + string + [UInt8(ascii: "\"")]
            #expect(JSONParser.firstError(in: body) == nil, "\(string)")
        }
    }

    @Test func wellFormedTextHasNoSyntaxError() {
        let samples = [#"{}"#, #"[]"#, #" {"a": [1, -2.5e-3, true, false, null, "\u00e9\n"]} "#, "0", #""x""#]
        for sample in samples {
            #expect(JSONParser.firstError(in: Array(sample.utf8)) == nil, "\(sample)")
        }
    }
}
