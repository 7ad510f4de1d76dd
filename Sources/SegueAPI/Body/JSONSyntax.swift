/// Where and why a text is not JSON (RFC 8259).
///
/// JSONDecoder only says "The given data was not valid JSON", which leaves a person
/// nothing to act on, so when decoding fails Segue scans the body itself to say
/// where parsing stopped.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 1-based line of the offending character.
    public var line: Int
    /// 1-based column, counted in characters.
    public var column: Int
    /// 0-based byte offset into the body.
    public var offset: Int
    public var message: String
    /// For well-formed JSON past a limit (a number too large for a double, a string
    /// too long, a nest too deep): the JSON Pointer of
    /// the value, since that is a bad value (422) rather than bad syntax (400).
    public var limitPointer: String?

    public var description: String {
        "at line \(line), column \(column) (byte \(offset)): \(message)"
    }
}

/// A well-formedness scanner for JSON text. It builds nothing; it only finds the
/// first error. Going past one of its `JSONLimits` counts as an error, so a hostile
/// body can neither exhaust the stack nor make the parser build huge values.
public struct JSONSyntax {
    /// The limits when none are given: a server started with default flags.
    public static let defaultLimits = RequestLimits().json

    private let bytes: [UInt8]
    private let limits: JSONLimits
    private var index = 0
    /// Reference tokens from the root to the value being scanned, for JSON Pointers.
    private var path: [String] = []

    private init(bytes: [UInt8], limits: JSONLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// The first syntax error in `bytes`, or nil when they are one well-formed JSON
    /// text within `limits` (numbers that overflow a double count as errors too, and so
    /// do bytes in a string that are not UTF-8, which RFC 8259 §8.1 requires). A number
    /// too small for a double is no error: it reads as zero, its nearest double, as
    /// `strtod` has it.
    public static func firstError(in bytes: [UInt8], limits: JSONLimits = defaultLimits) -> JSONSyntaxError? {
        var scanner = JSONSyntax(bytes: bytes, limits: limits)
        do throws(JSONSyntaxError) {
            scanner.skipWhitespace()
            try scanner.value(depth: 0)
            scanner.skipWhitespace()
            if scanner.index < bytes.count {
                throw scanner.failure("unexpected \(scanner.found) after the end of the JSON value")
            }
            return nil
        } catch {
            return error
        }
    }

    private var found: String {
        guard index < bytes.count else { return "end of input" }
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// An error at `position` (by default the current one), with its line and column.
    private func failure(_ message: String, at position: Int? = nil) -> JSONSyntaxError {
        let offset = min(position ?? index, bytes.count)
        var line = 1
        var column = 1
        for byte in bytes[..<offset] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {  // count characters, not UTF-8 continuation bytes
                column += 1
            }
        }
        return JSONSyntaxError(line: line, column: column, offset: offset, message: message)
    }

    /// An error for well-formed text past a limit, pointing at the value being scanned.
    private func limitFailure(_ message: String, at position: Int) -> JSONSyntaxError {
        var error = failure(message, at: position)
        error.limitPointer = path.map { "/" + $0 }.joined()
        return error
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, JSONBody.isJSONWhitespace(bytes[index]) {
            index += 1
        }
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) {
        guard index < bytes.count else { throw failure("expected a value but the body ended") }
        if depth >= limits.maxDepth, bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") {
            throw limitFailure(
                "this value nests objects or arrays more than \(limits.maxDepth) levels deep, "
                    + "the most this server accepts (its --max-json-depth)", at: index)
        }
        switch bytes[index] {
        case UInt8(ascii: "{"): try object(depth: depth)
        case UInt8(ascii: "["): try array(depth: depth)
        case UInt8(ascii: "\""):
            let start = index
            try string()
            if index - start - 2 > limits.maxStringBytes {
                throw limitFailure(stringTooLong(index - start - 2, what: "this string"), at: start)
            }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default:
            throw failure("expected a value (object, array, string, number, true, false or null) but found \(found)")
        }
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return
        }
        // Decoded names as UTF-8, compared byte for byte as RFC 8259 §8.3 compares them
        // (not as Swift compares Strings, which would equate "é" and "e\u0301").
        var names: Set<[UInt8]> = []
        while true {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw failure("expected a member name in double quotes but found \(found)")
            }
            let keyStart = index + 1
            try string()
            let key = String(decoding: bytes[keyStart..<(index - 1)], as: UTF8.self)
            if index - 1 - keyStart > limits.maxStringBytes {
                // A name has no pointer of its own: point at the object that holds it.
                throw limitFailure(
                    stringTooLong(index - 1 - keyStart, what: "a member name of this object"), at: keyStart - 1)
            }
            // A name twice is allowed by RFC 8259 (§4: "SHOULD be unique") but read
            // differently by different parsers (the first value, the last, or an
            // error), so a body that means one thing here could mean another elsewhere.
            guard names.insert(decodedName(keyStart..<(index - 1))).inserted else {
                let pointer = (path + [FieldValidator.escape(key)]).map { "/" + $0 }.joined()
                throw failure(
                    "the member name \"\(key.prefix(40))\" appears a second time in this object (at \(pointer)); "
                        + "send each name once", at: keyStart - 1)
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw failure("expected ':' after the member name but found \(found)")
            }
            index += 1
            skipWhitespace()
            path.append(FieldValidator.escape(key))
            try value(depth: depth + 1)
            path.removeLast()
            skipWhitespace()
            guard index < bytes.count else { throw failure("expected ',' or '}' but the body ended") }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return
            }
            guard bytes[index] == UInt8(ascii: ",") else { throw failure("expected ',' or '}' but found \(found)") }
            index += 1
            skipWhitespace()
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return
        }
        var element = 0
        while true {
            path.append(String(element))
            try value(depth: depth + 1)
            path.removeLast()
            element += 1
            skipWhitespace()
            guard index < bytes.count else { throw failure("expected ',' or ']' but the body ended") }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return
            }
            guard bytes[index] == UInt8(ascii: ",") else { throw failure("expected ',' or ']' but found \(found)") }
            index += 1
            skipWhitespace()
        }
    }

    /// A member name's text with its escapes resolved, as UTF-8: the raw bytes when it
    /// has no backslash, else what the value parser makes of the quoted string.
    private func decodedName(_ range: Range<Int>) -> [UInt8] {
        guard bytes[range].contains(UInt8(ascii: "\\")) else { return Array(bytes[range]) }
        guard case .string(let text) = JSONValueParser.parse(Array(bytes[(range.lowerBound - 1)...range.upperBound]))
        else { return Array(bytes[range]) }
        return Array(text.utf8)
    }

    private func stringTooLong(_ bytes: Int, what: String) -> String {
        "\(what) is \(bytes) bytes long, more than the \(limits.maxStringBytes) this server accepts "
            + "(its --max-string-bytes)"
    }

    private mutating func string() throws(JSONSyntaxError) {
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"):
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

    private mutating func number() throws(JSONSyntaxError) {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, Self.isDigit(bytes[index]) else {
            throw failure("expected a digit but found \(found)")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, Self.isDigit(bytes[index]) else {
                throw failure("expected a digit after the decimal point but found \(found)")
            }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, Self.isDigit(bytes[index]) else {
                throw failure("expected a digit in the exponent but found \(found)")
            }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if let parsed = Double(text), !parsed.isFinite {
            throw limitFailure(
                "the number \(text.prefix(40)) is too large for a double (beyond ±1.8e308)", at: start)
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = word.withUTF8Buffer { Array($0) }
        for byte in expected {
            guard index < bytes.count, bytes[index] == byte else {
                throw failure("expected \(word) but found \(found)")
            }
            index += 1
        }
    }

    private mutating func skipDigits() {
        while index < bytes.count, Self.isDigit(bytes[index]) {
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
