import Foundation
import SegueTestSupport
import Testing

@testable import SegueAPI

/// The one JSON parser: it must build the same tree JSONDecoder builds, for every shape,
/// and stop at the first error in text that is not JSON. (Its errors as a client meets
/// them, 400 with a position and 422 with a pointer, are in `JSONBodyTests`,
/// `JSONBodyStrictnessTests` and `RequestLimitsTests`.)
@Suite struct JSONParserTests {
    static let documents = [
        #"{}"#, #"[]"#, #"0"#, #"-12.5e-3"#, #"true"#, #"false"#, #"null"#, #""plain""#,
        #"{"a": [1, 2.25, -3e2, {"b": null, "c": [true, false]}], "d": "x"}"#,
        #" { "esc" : "q\" b\\ s\/ \b\f\n\r\t" , "u": "\u00e9\u4e2d\ud83d\ude00" } "#,
        #"["mixed \u0041 raw é 中 😀", "", " "]"#,
        #"{"samples": [{"t": 0, "x": 60, "y": 500, "phase": "began"}, {"t": 0.016667, "x": 69.75, "y": 503.333333, "phase": "changed"}]}"#,
        #"[1e308, -1e-308, 123456789012345678, 0.1]"#,
        #"{"n\u0061me\n": {"": [[], {}]}, "\/": -0}"#,
        #"[0.000000000000001, 123456789012345, 1234567890123456, 0.30000000000000004, 9007199254740993, 1E+2]"#,
    ]

    @Test(arguments: documents)
    func buildsWhatJSONDecoderBuilds(document: String) throws {
        let bytes = Array(document.utf8)
        #expect(JSONParser.firstError(in: bytes) == nil)
        let expected = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        #expect(try JSONParser.parse(bytes) == expected)
    }

    /// Byte-identical names are refused (`JSONBodyStrictnessTests` has them as a client
    /// meets them); the first "a" opens at byte 1, the second at byte 9.
    @Test func aNameTwiceIsRefusedAtItsSecondOccurrence() throws {
        let error = try #require(JSONParser.firstError(in: Array(#"{"a": 1, "a": 2}"#.utf8)))
        #expect(error.offset == 9)
        #expect(error.column == 10)
        #expect(error.limitPointer == nil)
        #expect(error.message.contains(#"the member name "a" appears a second time in this object (at /a)"#))
    }

    /// "é" precomposed and "e" + U+0301 are different names (RFC 8259 §8.3 compares code
    /// units), but one key of a Swift dictionary: the tree keeps the first, as JSONDecoder does.
    @Test func canonicallyEquivalentNamesKeepTheFirstValue() throws {
        let text = "{\"\u{E9}\":1,\"e\u{301}\":2}"
        let tree = try JSONParser.parse(Array(text.utf8))
        #expect(tree == .object(["\u{E9}": .number(1)]))
        guard case .object(let members) = tree else { return }
        #expect(members.keys.map { Array($0.utf8) } == [[0xC3, 0xA9]])
        #expect(tree == (try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))))
    }

    /// A name that repeats one of two equivalent names byte for byte is still a duplicate,
    /// whichever of the two it repeats and however it is escaped. In `{"é":1,"é":2,"…":3}`
    /// the third name opens at byte 16, after two 2-byte characters: column 15.
    @Test(arguments: ["e\u{301}", "\u{E9}", #"\u00e9"#, #"e\u0301"#])
    func aNameEqualToEitherOfTwoEquivalentNamesIsADuplicate(third: String) throws {
        let text = "{\"\u{E9}\":1,\"e\u{301}\":2,\"\(third)\":3}"
        let error = try #require(JSONParser.firstError(in: Array(text.utf8)))
        #expect(error.offset == 16)
        #expect(error.column == 15)
        #expect(error.message.contains("appears a second time"))
    }

    /// Found by segue-fuzz: a member inside an array (`"y": 540.0`, from a sample object
    /// cut short) made the old tree builder, which trusted an earlier scan, loop for ever.
    /// The one parser stops at the ':' (byte 14), as at any byte that cannot go there.
    @Test func textThatIsNotJSONStopsAtTheFirstByteThatCannotGoThere() throws {
        let cut = try #require(JSONParser.firstError(in: Array(#"[{"t": 0}, "y": 540.0]"#.utf8)))
        #expect(cut.offset == 14)
        #expect(cut.message == "expected ',' or ']' but found ':'")
        let colons = try #require(JSONParser.firstError(in: Array("[:, :]".utf8)))
        #expect(colons.offset == 1)
        #expect(colons.message.hasPrefix("expected a value"))
    }

    @Test func loneSurrogatesBecomeReplacementCharacters() throws {
        #expect(try JSONParser.parse(Array(#""\ud800x""#.utf8)) == .string("\u{FFFD}x"))
        #expect(try JSONParser.parse(Array(#""\udc00""#.utf8)) == .string("\u{FFFD}"))
        // A high surrogate followed by another high one, a simple escape, or nothing.
        #expect(try JSONParser.parse(Array(#""\ud800\ud83d\ude00""#.utf8)) == .string("\u{FFFD}😀"))
        #expect(try JSONParser.parse(Array(#""\uD800\n""#.utf8)) == .string("\u{FFFD}\n"))
        #expect(try JSONParser.parse(Array(#""a\ud800""#.utf8)) == .string("a\u{FFFD}"))
        #expect(try JSONParser.parse(Array(#""\ud800\u0041""#.utf8)) == .string("\u{FFFD}A"))
    }

    /// Short decimals are computed from their digits rather than by `Double(String)`; both
    /// must give the same double for every spelling, checked against Swift's own parser.
    @Test func numbersReadAsSwiftReadsTheirText() throws {
        var generator = SeededGenerator(seed: 13)
        for _ in 0..<5_000 {
            let integerDigits = Int(generator.next() % 17)
            let fractionDigits = Int(generator.next() % 18)
            var text = generator.next() % 2 == 0 ? "-" : ""
            text += integerDigits == 0 ? "0" : String(generator.next() % 9 + 1)
            for _ in 1..<max(integerDigits, 1) { text += String(generator.next() % 10) }
            if fractionDigits > 0 {
                text += "."
                for _ in 0..<fractionDigits { text += String(generator.next() % 10) }
            }
            let expected = try #require(Double(text))
            let parsed = try JSONParser.parse(Array(text.utf8))
            #expect(parsed == .number(expected), "\(text)")
            if case .number(let value) = parsed {
                #expect(value.sign == expected.sign, "\(text)")
            }
        }
    }

    @Test func negativeZeroAndTinyNumbersKeepTheirSign() throws {
        for (text, expected) in [("-0", -0.0), ("-0.0", -0.0), ("0", 0.0), ("1e-400", 0.0), ("-1e-400", -0.0)] {
            guard case .number(let value) = try JSONParser.parse(Array(text.utf8)) else {
                Issue.record("\(text) is not a number")
                continue
            }
            #expect(value == 0 && value.sign == expected.sign, "\(text)")
        }
    }
}
