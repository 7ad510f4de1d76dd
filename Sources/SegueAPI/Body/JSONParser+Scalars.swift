/// Strings, numbers and the literals `true`, `false` and `null`: each is checked as it
/// is read, and built only once it is known to be well formed and within the limits.
extension JSONParser {
    /// Reads past the string whose opening quote is at the current position, checking it;
    /// the index ends after the closing quote. Returns whether it holds any escape.
    mutating func scanString() throws(JSONSyntaxError) -> Bool {
        index += 1
        var hasEscapes = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return hasEscapes
            case UInt8(ascii: "\\"):
                hasEscapes = true
                let backslash = index
                index += 1
                guard index < bytes.count else { break }
                switch bytes[index] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 1
                case UInt8(ascii: "u"):
                    index += 1
                    for _ in 0..<4 {
                        guard index < bytes.count, Self.isHexDigit(bytes[index]) else {
                            throw failure("expected four hexadecimal digits after \\u but found \(found)")
                        }
                        index += 1
                    }
                default:
                    throw failure(
                        "invalid escape sequence in a string: a backslash followed by \(found)", at: backslash)
                }
            case 0x00..<0x20:
                throw failure("control character \(found) in a string; escape it")
            case 0x80...:
                guard let length = Self.utf8SequenceLength(bytes, at: index) else {
                    throw failure("\(found) is not UTF-8 here; JSON text must be UTF-8 (RFC 8259 §8.1)")
                }
                index += length
            default:
                index += 1
            }
        }
        throw failure("a string is not closed before the body ends")
    }

    /// The text of a string that `scanString` has checked, from its bytes between the
    /// quotes, with its escapes resolved. A `\u` escape of a UTF-16 surrogate that is not
    /// half of a high-then-low pair reads as U+FFFD.
    func text(of content: Range<Int>, hasEscapes: Bool) -> String {
        guard hasEscapes else { return String(decoding: bytes[content], as: UTF8.self) }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(content.count)
        var pendingHigh: UInt32?
        var position = content.lowerBound
        while position < content.upperBound {
            let byte = bytes[position]
            guard byte == UInt8(ascii: "\\") else {
                if pendingHigh != nil {
                    Self.append(0xFFFD, to: &utf8)
                    pendingHigh = nil
                }
                utf8.append(byte)
                position += 1
                continue
            }
            let escape = bytes[position + 1]
            position += 2
            guard escape == UInt8(ascii: "u") else {
                if pendingHigh != nil {
                    Self.append(0xFFFD, to: &utf8)
                    pendingHigh = nil
                }
                switch escape {
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                default: utf8.append(escape)  // \" \\ \/
                }
                continue
            }
            let code = hexValue(at: position)
            position += 4
            switch code {
            case 0xD800..<0xDC00:
                if pendingHigh != nil { Self.append(0xFFFD, to: &utf8) }
                pendingHigh = code
            case 0xDC00..<0xE000:
                if let high = pendingHigh {
                    Self.append(0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00), to: &utf8)
                    pendingHigh = nil
                } else {
                    Self.append(0xFFFD, to: &utf8)
                }
            default:
                if pendingHigh != nil {
                    Self.append(0xFFFD, to: &utf8)
                    pendingHigh = nil
                }
                Self.append(code, to: &utf8)
            }
        }
        if pendingHigh != nil { Self.append(0xFFFD, to: &utf8) }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Appends the UTF-8 form of `scalar`, a code point that is no surrogate.
    private static func append(_ scalar: UInt32, to utf8: inout [UInt8]) {
        switch scalar {
        case ..<0x80:
            utf8.append(UInt8(scalar))
        case ..<0x800:
            utf8.append(0xC0 | UInt8(scalar >> 6))
            utf8.append(0x80 | UInt8(scalar & 0x3F))
        case ..<0x10000:
            utf8.append(0xE0 | UInt8(scalar >> 12))
            utf8.append(0x80 | UInt8(scalar >> 6 & 0x3F))
            utf8.append(0x80 | UInt8(scalar & 0x3F))
        default:
            utf8.append(0xF0 | UInt8(scalar >> 18))
            utf8.append(0x80 | UInt8(scalar >> 12 & 0x3F))
            utf8.append(0x80 | UInt8(scalar >> 6 & 0x3F))
            utf8.append(0x80 | UInt8(scalar & 0x3F))
        }
    }

    /// The value of the four hexadecimal digits at `position`, which `scanString` checked.
    private func hexValue(at position: Int) -> UInt32 {
        var value: UInt32 = 0
        for byte in bytes[position..<(position + 4)] {
            let digit = byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : (byte | 0x20) - UInt8(ascii: "a") + 10
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Reads the number at the current position. A number too large for a double is a
    /// limit error at its pointer; one too small reads as zero (or −0), as `strtod` has it.
    mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        let isNegative = bytes[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        guard index < bytes.count, Self.isDigit(bytes[index]) else {
            throw failure("expected a digit but found \(found)")
        }
        // The digits as one integer, while they are few enough to be exact in a double.
        var significand: UInt64 = 0
        var digits = 0
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            readDigits(into: &significand, count: &digits)
        }
        var decimals = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, Self.isDigit(bytes[index]) else {
                throw failure("expected a digit after the decimal point but found \(found)")
            }
            let before = digits
            readDigits(into: &significand, count: &digits)
            decimals = digits - before
        }
        var hasExponent = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            hasExponent = true
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, Self.isDigit(bytes[index]) else {
                throw failure("expected a digit in the exponent but found \(found)")
            }
            while index < bytes.count, Self.isDigit(bytes[index]) {
                index += 1
            }
        }
        // At most 15 digits are an integer below 2^53, exact in a double, and so is 10^decimals
        // (decimals ≤ 15 < 22): their quotient, rounded once by the division, is the double
        // nearest the text, which is what `strtod` gives too (Clinger's fast path).
        if !hasExponent, digits <= 15 {
            let magnitude = Double(significand) / Self.powersOfTen[decimals]
            return isNegative ? -magnitude : magnitude
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let parsed = Double(text) else { return 0 }
        guard parsed.isFinite else {
            throw limitFailure("the number \(text.prefix(40)) is too large for a double (beyond ±1.8e308)", at: start)
        }
        return parsed
    }

    /// 10^0 through 10^15, each exact in a double.
    private static let powersOfTen: [Double] = [
        1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    ]

    /// Reads a run of digits, adding each to `significand` while there are at most 15 in
    /// all; `count` counts every digit.
    private mutating func readDigits(into significand: inout UInt64, count: inout Int) {
        while index < bytes.count, Self.isDigit(bytes[index]) {
            if count < 15 {
                significand = significand * 10 + UInt64(bytes[index] - UInt8(ascii: "0"))
            }
            count += 1
            index += 1
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = word.withUTF8Buffer { Array($0) }
        for byte in expected {
            guard index < bytes.count, bytes[index] == byte else {
                throw failure("expected \(word) but found \(found)")
            }
            index += 1
        }
    }

    /// The length of the well-formed UTF-8 sequence starting at `start` (a byte of 0x80
    /// or more), or nil when it is not one: a stray continuation byte, an overlong form,
    /// a surrogate, a code point above U+10FFFF or a sequence cut short (Unicode 15,
    /// table 3-7).
    static func utf8SequenceLength(_ bytes: [UInt8], at start: Int) -> Int? {
        let lead = bytes[start]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            second = 0x80...0x9F
        case 0xF0:
            length = 4
            second = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            second = 0x80...0x8F
        default: return nil
        }
        guard start + length <= bytes.count, second.contains(bytes[start + 1]) else { return nil }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[start + offset]) {
            return nil
        }
        return length
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }
}
