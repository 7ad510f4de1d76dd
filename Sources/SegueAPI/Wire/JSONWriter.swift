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
        Self.appendRounded(value, to: &bytes)
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

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
    }

    /// The number rounded to 1e-6, in the shortest form that reads back to the same
    /// double: integers without a fraction (`2`, not `2.0`), at most six decimals, no
    /// exponent, no negative zero. Below 1e9 the rounded value is a whole number of
    /// millionths under 2^53, written digit by digit with no allocation; distinct
    /// six-decimal strings there are distinct doubles, so this is also the shortest
    /// form. Larger magnitudes are written whole, or by `Double.description`.
    static func appendRounded(_ value: Double, to bytes: inout [UInt8]) {
        guard abs(value) < 1e9 else {
            if value == value.rounded(), abs(value) < 1e15 {
                if value < 0 { bytes.append(UInt8(ascii: "-")) }
                appendDigits(of: UInt64(abs(value)), to: &bytes)
            } else {
                bytes.append(contentsOf: value.description.utf8)
            }
            return
        }
        let micros = Int64((value * 1e6).rounded())
        if micros < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = micros.magnitude
        appendDigits(of: magnitude / 1_000_000, to: &bytes)
        var fraction = magnitude % 1_000_000
        guard fraction > 0 else { return }
        var places = 6
        while fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        bytes.append(UInt8(ascii: "."))
        var divisor: UInt64 = 1
        for _ in 1..<places { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }

    private static func appendDigits(of value: UInt64, to bytes: inout [UInt8]) {
        if value >= 10 { appendDigits(of: value / 10, to: &bytes) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
