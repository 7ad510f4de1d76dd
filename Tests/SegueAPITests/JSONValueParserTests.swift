import Foundation
import Testing

@testable import SegueAPI

/// The hand parser must build the same tree JSONDecoder builds, for every shape.
@Suite struct JSONValueParserTests {
    static let documents = [
        #"{}"#, #"[]"#, #"0"#, #"-12.5e-3"#, #"true"#, #"false"#, #"null"#, #""plain""#,
        #"{"a": [1, 2.25, -3e2, {"b": null, "c": [true, false]}], "d": "x"}"#,
        #" { "esc" : "q\" b\\ s\/ \b\f\n\r\t" , "u": "\u00e9\u4e2d\ud83d\ude00" } "#,
        #"["mixed \u0041 raw é 中 😀", "", " "]"#,
        #"{"samples": [{"t": 0, "x": 60, "y": 500, "phase": "began"}, {"t": 0.016667, "x": 69.75, "y": 503.333333, "phase": "changed"}]}"#,
        #"[1e308, -1e-308, 123456789012345678, 0.1]"#,
    ]

    @Test(arguments: documents)
    func buildsWhatJSONDecoderBuilds(document: String) throws {
        let bytes = Array(document.utf8)
        #expect(JSONSyntax.firstError(in: bytes) == nil)
        let expected = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        #expect(JSONValueParser.parse(bytes) == expected)
    }

    @Test func duplicateNamesKeepTheFirstValue() {
        #expect(JSONValueParser.parse(Array(#"{"a": 1, "a": 2}"#.utf8)) == .object(["a": .number(1)]))
    }

    /// Found by segue-fuzz: a member inside an array (`"y": 540.0`, from a sample object
    /// cut short) made the parser loop for ever at the ':', appending zeros until memory
    /// ran out. Now the ':' reads as null and is skipped, so the parse ends.
    @Test func aByteThatCannotStartAValueIsSkippedAsNull() {
        let text = #"[{"t": 0}, "y": 540.0]"#
        #expect(JSONSyntax.firstError(in: Array(text.utf8)) != nil)
        #expect(
            JSONValueParser.parse(Array(text.utf8))
                == .array([.object(["t": .number(0)]), .string("y"), .null, .number(540)]))
        #expect(JSONValueParser.parse(Array("[:, :]".utf8)) == .array([.null, .null]))
    }

    @Test func loneSurrogatesBecomeReplacementCharacters() {
        #expect(JSONValueParser.parse(Array(#""\ud800x""#.utf8)) == .string("\u{FFFD}x"))
        #expect(JSONValueParser.parse(Array(#""\udc00""#.utf8)) == .string("\u{FFFD}"))
    }
}
