import SegueMath

/// A small SVG (XML) byte writer: elements with attributes, escaped text, and numbers
/// rounded once to 1e-3 and written shortest, so the same picture gives the same bytes.
struct SVGWriter {
    private(set) var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
        append(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        append("\n")
    }

    /// One attribute value: a string (escaped) or a number (rounded).
    enum Value: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
        case text(String)
        case number(Double)

        init(stringLiteral value: String) { self = .text(value) }
        init(floatLiteral value: Double) { self = .number(value) }
        init(integerLiteral value: Int) { self = .number(Double(value)) }
    }

    /// `<name a="v" …>`; `selfClosing` ends it with `/>`.
    mutating func open(_ name: String, _ attributes: KeyValuePairs<String, Value> = [:], selfClosing: Bool = false) {
        append("<" + name)
        for (key, value) in attributes {
            append(" " + key + "=\"")
            switch value {
            case .text(let text): appendEscaped(text)
            case .number(let number): append(Self.number(number))
            }
            append("\"")
        }
        append(selfClosing ? "/>\n" : ">")
    }

    /// `<name …/>`.
    mutating func element(_ name: String, _ attributes: KeyValuePairs<String, Value> = [:]) {
        open(name, attributes, selfClosing: true)
    }

    mutating func close(_ name: String) {
        append("</" + name + ">\n")
    }

    /// `<name …>text</name>`, the text escaped.
    mutating func text(_ name: String, _ attributes: KeyValuePairs<String, Value>, _ content: String) {
        open(name, attributes)
        appendEscaped(content)
        close(name)
    }

    private mutating func append(_ string: String) {
        bytes.append(contentsOf: string.utf8)
    }

    /// Text or an attribute value with `& < > " '` escaped, and control characters
    /// XML 1.0 cannot hold replaced by spaces.
    private mutating func appendEscaped(_ string: String) {
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "&"): append("&amp;")
            case UInt8(ascii: "<"): append("&lt;")
            case UInt8(ascii: ">"): append("&gt;")
            case UInt8(ascii: "\""): append("&quot;")
            case UInt8(ascii: "'"): append("&apos;")
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): bytes.append(byte)
            case 0..<0x20: bytes.append(UInt8(ascii: " "))
            default: bytes.append(byte)
            }
        }
    }

    /// `value` rounded to 1e-3 and written shortest (`2`, `0.5`, `-1.25`); a value that
    /// is not finite is written 0, which a picture can afford and XML cannot refuse.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        return numberText.string(value)
    }

    /// How `number(_:)` writes a finite value: rounded half away from zero to a thousandth,
    /// in plain digits below 2⁵³ thousandths (about 9·10¹² points), else Swift's shortest form.
    static let numberText = DecimalText(decimals: 3)

    /// Numbers joined by `separator`, each rounded as `number(_:)`.
    static func numbers(_ values: [Double], separator: String = " ") -> String {
        values.map(number).joined(separator: separator)
    }
}
