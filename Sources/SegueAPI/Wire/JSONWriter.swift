import SegueMath

/// A hand-written JSON byte writer for large responses: appending punctuation and
/// shortest-form numbers into one reserved buffer is about 9× faster than
/// `JSONEncoder` at 1e5 numbers (server-stack.md §3.2).
///
/// Numbers are rounded once, here at the wire, to 1e-6, so the same request gives
/// the same bytes on every machine; a value that is not finite is refused rather
/// than written as invalid JSON.
public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    /// Whether the next value in the current container needs a comma before it.
    private var needsComma = false
    /// Set when a non-finite number was offered; the output is then not to be sent.
    public private(set) var hasNonFiniteNumber = false

    public init(reservingCapacity capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes a member name; the next call writes its value.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        needsComma = false
    }

    /// Writes a member name known only at run time (a layer id), escaped as a string;
    /// the next call writes its value. Labelled so that literal names keep choosing
    /// the `StaticString` overload, which Swift would otherwise pass over for `String`.
    public mutating func key(string name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A member whose value is a number: `"name":value`.
    public mutating func member(_ name: StaticString, _ value: Double) {
        key(name)
        number(value)
    }

    /// A member whose value is a string.
    public mutating func member(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    /// A member whose value is true or false.
    public mutating func member(_ name: StaticString, _ value: Bool) {
        key(name)
        bool(value)
    }

    public mutating func number(_ value: Double) {
        separate()
        guard value.isFinite else {
            hasNonFiniteNumber = true
            bytes.append(contentsOf: "null".utf8)
            return
        }
        Self.numberText.append(value, to: &bytes)
    }

    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    public mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
    }

    public mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                let hex: StaticString = "0123456789abcdef"
                bytes.append(contentsOf: "\\u00".utf8)
                hex.withUTF8Buffer { digits in
                    bytes.append(digits[Int(byte >> 4)])
                    bytes.append(digits[Int(byte & 0xF)])
                }
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A value written elsewhere, as JSON bytes (such as a problem's body), placed as the next value.
    public mutating func raw(_ json: [UInt8]) {
        separate()
        bytes += json
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
    }

    /// How numbers are written: rounded to 1e-6, in the shortest form that reads back to the
    /// same double: integers without a fraction (`2`, not `2.0`), at most six decimals, no
    /// exponent, no negative zero. Below 1e9 distinct six-decimal strings are distinct
    /// doubles, so this is also the shortest form. From 1e9 up a number is written as Swift
    /// writes it without a trailing ".0" (`20000000000`, `1234567890.1234567`, `1e+16`).
    static let numberText = DecimalText(decimals: 6, plainLimit: 1e9)
}
