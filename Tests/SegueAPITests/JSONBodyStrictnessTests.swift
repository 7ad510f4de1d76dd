import Testing

@testable import SegueAPI

/// What a JSON body may not be even when it parses: a name twice in one object, or
/// declared in a charset other than UTF-8.
@Suite struct JSONBodyStrictnessTests {
    private func problem(_ body: String, contentType: String = "application/json") -> Problem? {
        let request = HTTPRequest(
            method: .post, path: "/x", headers: ["Content-Type": contentType], body: Array(body.utf8))
        do {
            _ = try JSONBody.value(from: request)
            return nil
        } catch {
            return error
        }
    }

    @Test func aDuplicateNameIsRefusedAtItsSecondOccurrence() throws {
        let found = try #require(problem(#"{"a":1,"b":{"c":1,"c":2}}"#))
        #expect(found.status == 400)
        #expect(found.type == "urn:segue:problem:malformed-json")
        // The second "c" opens at byte 18: line 1, column 19; its pointer is /b/c.
        #expect(found.detail.contains("column 19 (byte 18)"))
        #expect(found.detail.contains("/b/c"))
    }

    @Test func namesCompareAfterEscapesAndByCodePoint() {
        // "\u0061" is "a" (RFC 8259 §7).
        #expect(problem(#"{"a":1,"\u0061":2}"#)?.status == 400)
        // "é" precomposed and "e" + combining acute are different names (§8.3 compares code units).
        #expect(problem("{\"\u{E9}\":1,\"e\u{301}\":2}") == nil)
        // The same name in sibling objects is fine.
        #expect(problem(#"[{"a":1},{"a":2}]"#) == nil)
    }

    @Test func charsetsOtherThanUTF8Are415() {
        for contentType in [
            "application/json; charset=utf-16", "application/json;charset=\"UTF-16LE\"",
            "application/json; charset=latin1",
        ] {
            #expect(problem("{}", contentType: contentType)?.status == 415)
        }
        for contentType in [
            "application/json; charset=utf-8", "application/json; charset=\"UTF-8\"",
            "application/json",
        ] {
            #expect(problem("{}", contentType: contentType) == nil)
        }
    }
}
