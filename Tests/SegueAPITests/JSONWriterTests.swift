import Foundation
import Testing

@testable import SegueAPI

@Suite struct JSONWriterTests {
    private func written(_ build: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        build(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// A value written before is written again as the same bytes, with the comma the place needs:
    /// after a member name none, in an array one.
    @Test func aRepeatedValueIsTheSameBytesWithItsComma() {
        let text = written { writer in
            writer.beginObject()
            writer.key("a")
            let begins = writer.position
            writer.beginArray()
            writer.number(1)
            writer.string("x")
            writer.endArray()
            let value = begins..<writer.position
            writer.key("b")
            writer.repeatValue(at: value)
            writer.key("c")
            writer.beginArray()
            writer.repeatValue(at: value)
            writer.repeatValue(at: value)
            writer.endArray()
            writer.endObject()
        }
        #expect(text == #"{"a":[1,"x"],"b":[1,"x"],"c":[[1,"x"],[1,"x"]]}"#)
    }

    /// Repeating more bytes than the writer has room for grows it, and copies from where the bytes
    /// are after it grew.
    @Test func aRepeatedValueSurvivesTheBufferGrowing() {
        var writer = JSONWriter(reservingCapacity: 64)
        writer.beginArray()
        let begins = writer.position
        writer.string(String(repeating: "m", count: 50))
        let value = begins..<writer.position
        for _ in 0..<9 {
            writer.repeatValue(at: value)
        }
        writer.endArray()
        let item = "\"" + String(repeating: "m", count: 50) + "\""
        #expect(
            String(decoding: writer.bytes, as: UTF8.self) == "["
                + Array(repeating: item, count: 10).joined(separator: ",") + "]")
    }

    @Test func numbersAreRoundedOnceToAMillionthAndWrittenShortest() {
        let text = written { writer in
            writer.beginArray()
            for value in [0.1 + 0.2, 100, -0.0, 1.23456789, -2.5e-7, 1e-7, 123_456_789.987_654_321, 2e10] {
                writer.number(value)
            }
            writer.endArray()
        }
        #expect(text == "[0.3,100,0,1.234568,0,0,123456789.987654,20000000000]")
    }

    /// Fixed-point below 1e9: no exponent, trailing zeros dropped, the sign kept.
    @Test func smallAndNegativeNumbersAreWrittenWithoutExponents() {
        let text = written { writer in
            writer.beginArray()
            for value in [0.00001, -0.5, 0.000_000_4, -0.000_000_6, 999_999_999.999_999_6, 1e-6, 12.0400] {
                writer.number(value)
            }
            writer.endArray()
        }
        #expect(text == "[0.00001,-0.5,0,-0.000001,1000000000,0.000001,12.04]")
    }

    /// From 1e9 up, Swift's shortest form without a trailing ".0": all the digits a double
    /// holds there, and an exponent from 2^53 (about 9.007e15) up.
    @Test func largeNumbersAreWrittenInSwiftsShortestForm() {
        let text = written { writer in
            writer.beginArray()
            for value in [1_234_567_890.123_456_7, -2e10, 1e15, 1e16] {
                writer.number(value)
            }
            writer.endArray()
        }
        #expect(text == "[1234567890.1234567,-20000000000,1000000000000000,1e+16]")
    }

    @Test func structureAndStringsAreValidJSON() throws {
        let text = written { writer in
            writer.beginObject()
            writer.key("a")
            writer.string("quote \" slash \\ line\n tab\t bell\u{07} é")
            writer.key("b")
            writer.beginArray()
            writer.bool(true)
            writer.null()
            writer.beginObject()
            writer.endObject()
            writer.endArray()
            writer.endObject()
        }
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(parsed["a"] as? String == "quote \" slash \\ line\n tab\t bell\u{07} é")
        #expect((parsed["b"] as? [Any])?.count == 3)
    }

    @Test func nonFiniteNumbersAreFlaggedNotWritten() {
        var writer = JSONWriter()
        writer.number(.nan)
        let refused = writer.hasNonFiniteNumber
        #expect(refused)
        #expect(!String(decoding: writer.bytes, as: UTF8.self).contains("nan"))
    }
}
