/// Builds a `JSONValue` tree straight from bytes that `JSONSyntax` has found well
/// formed: several times faster than decoding `JSONValue` through `JSONDecoder`,
/// which tries each JSON type in turn and throws on every miss.
///
/// It trusts the scan: given text that is not JSON it still returns some value,
/// never traps and always ends (each byte that cannot start a value is read as
/// null and skipped), but callers scan first. A member name that appears twice keeps its
/// first value, as `JSONDecoder` does.
package struct JSONValueParser {
    private let bytes: [UInt8]
    private var index = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The value of a well-formed JSON text.
    package static func parse(_ bytes: [UInt8]) -> JSONValue {
        var parser = JSONValueParser(bytes: bytes)
        return parser.value()
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, JSONBody.isJSONWhitespace(bytes[index]) {
            index += 1
        }
    }

    private mutating func value() -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { return .null }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""): return .string(string())
        case UInt8(ascii: "t"):
            index += 4
            return .bool(true)
        case UInt8(ascii: "f"):
            index += 5
            return .bool(false)
        case UInt8(ascii: "n"):
            index += 4
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(number())
        default:
            // Not JSON (the scan would have refused it): skip the byte, so that every
            // call moves on and a container of such bytes still ends.
            index += 1
            return .null
        }
    }

    private mutating func object() -> JSONValue {
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        while index < bytes.count, bytes[index] != UInt8(ascii: "}") {
            skipWhitespace()
            let name = string()
            skipWhitespace()
            index += 1  // ':'
            let member = value()
            if members[name] == nil {
                members[name] = member
            }
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
            }
        }
        index += 1
        return .object(members)
    }

    private mutating func array() -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        while index < bytes.count, bytes[index] != UInt8(ascii: "]") {
            elements.append(value())
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                index += 1
            }
            skipWhitespace()
        }
        index += 1
        return .array(elements)
    }

    private mutating func number() -> Double {
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                index += 1
            default:
                return Double(String(decoding: bytes[start..<index], as: UTF8.self)) ?? 0
            }
        }
        return Double(String(decoding: bytes[start..<index], as: UTF8.self)) ?? 0
    }

    /// A string's text with its escapes resolved; the index ends after the closing quote.
    private mutating func string() -> String {
        index += 1
        let start = index
        // The common case, no escapes: one slice.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            index += 1
        }
        if index >= bytes.count || bytes[index] == UInt8(ascii: "\"") {
            let text = String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)
            index += 1
            return text
        }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars)
        var pendingHigh: UInt32?
        var raw: [UInt8] = []
        func flushRaw() {
            if !raw.isEmpty {
                scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
                raw.removeAll()
            }
        }
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                if let high = pendingHigh {
                    scalars.append(Unicode.Scalar(high) ?? "\u{FFFD}")
                    pendingHigh = nil
                }
                raw.append(byte)
                index += 1
                continue
            }
            flushRaw()
            let escape = bytes[index + 1]
            index += 2
            if escape == UInt8(ascii: "u") {
                let code = hexValue(at: index)
                index += 4
                if (0xD800..<0xDC00).contains(code) {
                    if pendingHigh != nil { scalars.append("\u{FFFD}") }
                    pendingHigh = code
                    continue
                }
                if (0xDC00..<0xE000).contains(code), let high = pendingHigh {
                    let combined = 0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)
                    scalars.append(Unicode.Scalar(combined) ?? "\u{FFFD}")
                    pendingHigh = nil
                    continue
                }
                if pendingHigh != nil {
                    scalars.append("\u{FFFD}")
                    pendingHigh = nil
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                continue
            }
            if pendingHigh != nil {
                scalars.append("\u{FFFD}")
                pendingHigh = nil
            }
            switch escape {
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            default: scalars.append(Unicode.Scalar(escape))  // \" \\ \/
            }
        }
        flushRaw()
        if pendingHigh != nil { scalars.append("\u{FFFD}") }
        index += 1
        return String(scalars)
    }

    private func hexValue(at position: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 where position + offset < bytes.count {
            let byte = bytes[position + offset]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: digit = 0
            }
            value = value * 16 + digit
        }
        return value
    }
}
