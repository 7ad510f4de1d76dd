/// Rewrites a well-formed JSON text so that `JSONDecoder` reads it as Segue does,
/// in the two places where Segue is deliberately the more lenient:
///
/// - An unpaired UTF-16 surrogate escape (a `\uD800`–`\uDFFF` not part of a high-then-low
///   pair): RFC 8259's grammar allows it and Segue reads U+FFFD (`JSONParser`);
///   `JSONDecoder` refuses the text. Rewritten as `\uFFFD`.
/// - A number that reads as zero: Segue rounds one too small for a double, such as
///   `1e-400`, to zero, as `strtod` does, and `JSONDecoder` refuses it. `JSONDecoder`
///   also refuses some spellings of a true zero (`0e8`, `0E5`, though not `0e10`: a slip
///   in its underflow test, swift-foundation in Swift 6.3.1), so every number that reads
///   as zero is rewritten as `0` (or `-0`).
enum DecoderSpelling {
    static func rewritten(_ body: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(body.count)
        var index = 0
        while index < body.count {
            switch body[index] {
            case UInt8(ascii: "\""):
                index = appendString(body, from: index, to: &result)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                index = appendNumber(body, from: index, to: &result)
            default:
                result.append(body[index])
                index += 1
            }
        }
        return result
    }

    /// Copies the string starting at the quote at `start`; returns the index after it.
    private static func appendString(_ body: [UInt8], from start: Int, to result: inout [UInt8]) -> Int {
        result.append(body[start])
        var index = start + 1
        /// Where in `result` a high surrogate's escape starts, until the next escape says whether it pairs.
        var pendingHigh: Int?
        func settlePending() {
            if let high = pendingHigh {
                result.replaceSubrange((high + 2)..<(high + 6), with: Array("FFFD".utf8))
            }
            pendingHigh = nil
        }
        while index < body.count {
            let byte = body[index]
            if byte == UInt8(ascii: "\"") {
                settlePending()
                result.append(byte)
                return index + 1
            }
            if byte == UInt8(ascii: "\\"), index + 5 < body.count, body[index + 1] == UInt8(ascii: "u") {
                let escape = body[index..<(index + 6)]
                let code = UInt32(String(decoding: escape.dropFirst(2), as: UTF8.self), radix: 16) ?? 0
                switch code {
                case 0xD800..<0xDC00:
                    settlePending()
                    pendingHigh = result.count
                    result.append(contentsOf: escape)
                case 0xDC00..<0xE000:
                    result.append(contentsOf: pendingHigh == nil ? Array(#"\uFFFD"#.utf8) : Array(escape))
                    pendingHigh = nil
                default:
                    settlePending()
                    result.append(contentsOf: escape)
                }
                index += 6
            } else {
                settlePending()
                let length = byte == UInt8(ascii: "\\") ? 2 : 1
                result.append(contentsOf: body[index..<min(index + length, body.count)])
                index += length
            }
        }
        return index
    }

    /// Copies the number starting at `start`, or a plain zero for one that reads as zero; returns the index after it.
    private static func appendNumber(_ body: [UInt8], from start: Int, to result: inout [UInt8]) -> Int {
        var index = start
        while index < body.count, "0123456789+-.eE".utf8.contains(body[index]) {
            index += 1
        }
        let token = body[start..<index]
        if Double(String(decoding: token, as: UTF8.self)) == 0 {
            result.append(contentsOf: token.first == UInt8(ascii: "-") ? Array("-0".utf8) : [UInt8(ascii: "0")])
        } else {
            result.append(contentsOf: token)
        }
        return index
    }
}
