import SegueMath

/// A hand-written JSON byte writer for large responses: punctuation, member names and
/// shortest-form numbers written straight into one reserved buffer.
///
/// Each call makes room once and then writes through a pointer: a number's digits, a
/// member name with its quotes, colon and any comma go in as one step, not byte by byte
/// through `Array.append`, which checks capacity and uniqueness on every byte and was
/// 60 % of the canonical simulate's instructions (callgrind, README "Performance").
///
/// Numbers are rounded once, here at the wire, to 1e-6, so the same request gives
/// the same bytes on every machine; a value that is not finite is refused rather
/// than written as invalid JSON.
public struct JSONWriter: ~Copyable {
    /// The bytes written are `start[..<count]`, in memory the writer owns: not copyable,
    /// so two writers can never write into one buffer.
    private var start: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    /// Whether the next value in the current container needs a comma before it.
    private var needsComma = false
    /// Set when a non-finite number was offered; the output is then not to be sent.
    public private(set) var hasNonFiniteNumber = false
    /// Write numbers exactly (the shortest text that reads back as the same `Double`) instead of
    /// to 1e-6: for a document a client is to post back, whose numbers must give the same frames
    /// as the preset it was served for.
    public var exactNumbers = false
    private let numbers = JSONWriter.numberText

    public init(reservingCapacity capacity: Int = 256) {
        self.capacity = max(capacity, 64)
        start = .allocate(capacity: self.capacity)
    }

    deinit {
        start.deallocate()
    }

    /// The JSON written so far.
    public var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: start, count: count))
    }

    /// Makes room for `room` bytes, then lets `body` write at most that many at the end
    /// and answer how many it wrote.
    @inline(__always)
    private mutating func write(room: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if capacity - count < room {
            grow(toHold: room)
        }
        count += body(start + count)
    }

    /// Moves the bytes into a buffer at least twice as large with room for `room` more.
    private mutating func grow(toHold room: Int) {
        let larger = max(capacity * 2, count + room)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: start, count: count)
        start.deallocate()
        start = moved
        capacity = larger
    }

    /// Writes a comma at `out` when `comma`, and answers how many bytes that took.
    @inline(__always)
    private static func comma(_ comma: Bool, at out: UnsafeMutablePointer<UInt8>) -> Int {
        guard comma else { return 0 }
        out[0] = UInt8(ascii: ",")
        return 1
    }

    /// Whether a comma goes before the next value; after it, one always does.
    @inline(__always)
    private mutating func takeComma() -> Bool {
        defer { needsComma = true }
        return needsComma
    }

    /// Writes `byte`, after a comma when `comma`.
    @inline(__always)
    private mutating func punctuation(_ byte: UInt8, comma: Bool) {
        write(room: 2) { out in
            let written = Self.comma(comma, at: out)
            out[written] = byte
            return written + 1
        }
    }

    /// Copies a run of bytes without a call to `memcpy`, which costs more than the copy at the
    /// lengths of member names, literals and ids (the compiler vectorises the loop for long ones).
    @inline(__always)
    private static func copy(_ source: UnsafePointer<UInt8>, count: Int, to destination: UnsafeMutablePointer<UInt8>) {
        for index in 0..<count {
            destination[index] = source[index]
        }
    }

    /// Writes `text` as it is, after a comma when `comma`.
    private mutating func literal(_ text: StaticString, comma: Bool) {
        let length = text.utf8CodeUnitCount
        write(room: length + 1) { out in
            let written = Self.comma(comma, at: out)
            Self.copy(text.utf8Start, count: length, to: out + written)
            return written + length
        }
    }

    public mutating func beginObject() {
        punctuation(UInt8(ascii: "{"), comma: takeComma())
        needsComma = false
    }

    public mutating func endObject() {
        punctuation(UInt8(ascii: "}"), comma: false)
        needsComma = true
    }

    public mutating func beginArray() {
        punctuation(UInt8(ascii: "["), comma: takeComma())
        needsComma = false
    }

    public mutating func endArray() {
        punctuation(UInt8(ascii: "]"), comma: false)
        needsComma = true
    }

    /// Writes a member name; the next call writes its value.
    @inline(__always)
    public mutating func key(_ name: StaticString) {
        quoted(name.utf8Start, count: name.utf8CodeUnitCount, comma: takeComma(), colon: true)
        needsComma = false
    }

    /// Writes `count` bytes that need no escape in quotes, after a comma when `comma` and
    /// followed by a colon when `colon`: a member name or a plain string, in one step.
    @inline(__always)
    private mutating func quoted(_ source: UnsafePointer<UInt8>, count: Int, comma: Bool, colon: Bool) {
        write(room: count + 4) { out in
            let written = Self.comma(comma, at: out)
            out[written] = UInt8(ascii: "\"")
            Self.copy(source, count: count, to: out + written + 1)
            out[written + 1 + count] = UInt8(ascii: "\"")
            guard colon else { return written + count + 2 }
            out[written + 2 + count] = UInt8(ascii: ":")
            return written + count + 3
        }
    }

    /// Writes a member name known only at run time (a layer id), escaped as a string;
    /// the next call writes its value. Labelled so that literal names keep choosing
    /// the `StaticString` overload, which Swift would otherwise pass over for `String`.
    public mutating func key(string name: String) {
        string(name)
        punctuation(UInt8(ascii: ":"), comma: false)
        needsComma = false
    }

    /// A member whose value is a number: `"name":value`.
    @inline(__always)
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

    @inline(__always)
    public mutating func number(_ value: Double) {
        let comma = takeComma()
        guard value.isFinite else {
            hasNonFiniteNumber = true
            literal("null", comma: comma)
            return
        }
        if exactNumbers, value != value.rounded() {
            // Swift's description is the shortest round-trip form, valid JSON for a finite value.
            let text = value.description
            write(room: text.utf8.count + 1) { out in
                let written = Self.comma(comma, at: out)
                var index = written
                for byte in text.utf8 {
                    out[index] = byte
                    index += 1
                }
                return index
            }
            return
        }
        let numbers = numbers
        write(room: DecimalText.maximumBytes + 1) { out in
            let written = Self.comma(comma, at: out)
            return written + numbers.write(value, to: out + written)
        }
    }

    public mutating func bool(_ value: Bool) {
        literal(value ? "true" : "false", comma: takeComma())
    }

    public mutating func null() {
        literal("null", comma: takeComma())
    }

    public mutating func string(_ value: String) {
        let comma = takeComma()
        var value = value
        value.withUTF8 { utf8 in
            // Most strings (ids, names, phases) need no escape: copied whole, in their quotes.
            if let source = utf8.baseAddress,
                !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
            {
                quoted(source, count: utf8.count, comma: comma, colon: false)
                return
            }
            punctuation(UInt8(ascii: "\""), comma: comma)
            for byte in utf8 {
                write(room: 6) { out in Self.escaped(byte, to: out) }
            }
            punctuation(UInt8(ascii: "\""), comma: false)
        }
    }

    /// Writes `byte` of a string's content, escaped as RFC 8259 §7 requires, and answers how many bytes.
    private static func escaped(_ byte: UInt8, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let escape: UInt8
        switch byte {
        case UInt8(ascii: "\""): escape = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): escape = UInt8(ascii: "\\")
        case UInt8(ascii: "\n"): escape = UInt8(ascii: "n")
        case UInt8(ascii: "\r"): escape = UInt8(ascii: "r")
        case UInt8(ascii: "\t"): escape = UInt8(ascii: "t")
        case 0..<0x20:
            let hex: StaticString = "0123456789abcdef"
            out[0] = UInt8(ascii: "\\")
            out[1] = UInt8(ascii: "u")
            out[2] = UInt8(ascii: "0")
            out[3] = UInt8(ascii: "0")
            out[4] = hex.utf8Start[Int(byte >> 4)]
            out[5] = hex.utf8Start[Int(byte & 0xF)]
            return 6
        default:
            out[0] = byte
            return 1
        }
        out[0] = UInt8(ascii: "\\")
        out[1] = escape
        return 2
    }

    /// A value written elsewhere, as JSON bytes (such as a problem's body), placed as the next value.
    public mutating func raw(_ json: [UInt8]) {
        let comma = takeComma()
        json.withUnsafeBufferPointer { source in
            write(room: source.count + 1) { out in
                let written = Self.comma(comma, at: out)
                if let start = source.baseAddress {
                    (out + written).update(from: start, count: source.count)
                }
                return written + source.count
            }
        }
    }

    /// Where the next byte goes: where a value written next begins when no comma goes before it
    /// (right after `key`), for `repeatValue(at:)`.
    public var position: Int { count }

    /// Writes again, as the next value, the bytes of a value this writer wrote before at `range`
    /// (from `position` before it to `position` after it): for a value equal to one written
    /// earlier, whose bytes are then the same, a copy instead of writing it number by number.
    public mutating func repeatValue(at range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "not a value this writer wrote")
        let comma = takeComma()
        let room = range.count + 1
        if capacity - count < room {
            grow(toHold: room)
        }
        // After growing: the bytes are read from the buffer they are in now, behind `count`.
        let written = Self.comma(comma, at: start + count)
        (start + count + written).update(from: start + range.lowerBound, count: range.count)
        count += written + range.count
    }

    /// How numbers are written: rounded to 1e-6, in the shortest form that reads back to the
    /// same double: integers without a fraction (`2`, not `2.0`), at most six decimals, no
    /// exponent, no negative zero. Below 1e9 distinct six-decimal strings are distinct
    /// doubles, so this is also the shortest form. From 1e9 up a number is written as Swift
    /// writes it without a trailing ".0" (`20000000000`, `1234567890.1234567`, `1e+16`).
    static let numberText = DecimalText(decimals: 6, plainLimit: 1e9)
}
