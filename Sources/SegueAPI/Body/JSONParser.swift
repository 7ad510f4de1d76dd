/// Segue's one JSON parser: reads a body into a `JSONValue` tree in a single pass,
/// checking RFC 8259 as it goes, and stops at the first error with its position.
///
/// Going past one of its `JSONLimits` counts as an error, found before anything past
/// the limit is built, so a hostile body can neither exhaust the stack nor make the
/// parser build huge values. It also refuses what RFC 8259 allows but parsers read
/// differently: a member name twice in one object, and bytes in a string that are not
/// UTF-8 (§8.1). Every path through it moves forward or stops, so it ends on any bytes.
///
/// It builds what `JSONDecoder` builds from the same text, several times faster: the
/// decoder tries each JSON type in turn and throws on every miss. Where RFC 8259 leaves
/// a choice, it reads an unpaired surrogate escape (`"\ud800"`) as U+FFFD, and a number
/// too small for a double as zero, its nearest double, as `strtod` has it.
public struct JSONParser {
    /// The limits when none are given: a server started with default flags.
    public static let defaultLimits = RequestLimits().json

    let bytes: [UInt8]
    private let limits: JSONLimits
    var index = 0
    /// The reference tokens from the root to the value being read, kept as offsets and
    /// written out as a JSON Pointer only for an error.
    private var path: [PathToken] = []

    private enum PathToken {
        case element(Int)
        /// A member name's bytes as sent, between its quotes.
        case member(Range<Int>)
    }

    private init(bytes: [UInt8], limits: JSONLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// The value of `bytes` when they are one well-formed JSON text within `limits`,
    /// else the first error: where the text stops being JSON (400), or the pointer of
    /// the first value past a limit (a number that overflows a double, a string too
    /// long, a nest too deep), which is a bad value (422) rather than bad syntax.
    public static func parse(
        _ bytes: [UInt8], limits: JSONLimits = defaultLimits
    ) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, limits: limits)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw parser.failure("unexpected \(parser.found) after the end of the JSON value")
        }
        return value
    }

    /// The first error `parse` finds in `bytes`, or nil when they are one well-formed
    /// JSON text within `limits`.
    public static func firstError(in bytes: [UInt8], limits: JSONLimits = defaultLimits) -> JSONSyntaxError? {
        do {
            _ = try parse(bytes, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    // MARK: Errors

    /// The byte at the current position as a message shows it.
    var found: String {
        guard index < bytes.count else { return "end of input" }
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// An error at `position` (by default the current one), with its line and column.
    func failure(_ message: String, at position: Int? = nil) -> JSONSyntaxError {
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

    /// An error for well-formed text past a limit, pointing at the value being read.
    func limitFailure(_ message: String, at position: Int) -> JSONSyntaxError {
        var error = failure(message, at: position)
        error.limitPointer = pointer()
        return error
    }

    /// The JSON Pointer of the value being read, with `name` (escaped) as a last token.
    /// Member names are written as sent, escapes and all.
    private func pointer(appending name: String? = nil) -> String {
        var pointer = ""
        for token in path {
            pointer += "/"
            switch token {
            case .element(let index): pointer += String(index)
            case .member(let range): pointer += FieldValidator.escape(String(decoding: bytes[range], as: UTF8.self))
            }
        }
        if let name { pointer += "/" + name }
        return pointer
    }

    func stringTooLong(_ length: Int, what: String) -> String {
        "\(what) is \(length) bytes long, more than the \(limits.maxStringBytes) this server accepts "
            + "(its --max-string-bytes)"
    }

    // MARK: Structure

    mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) {
            index += 1
        }
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw failure("expected a value but the body ended") }
        let byte = bytes[index]
        if depth >= limits.maxDepth, byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
            throw limitFailure(
                "this value nests objects or arrays more than \(limits.maxDepth) levels deep, "
                    + "the most this server accepts (its --max-json-depth)", at: index)
        }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""):
            let start = index
            let hasEscapes = try scanString()
            let content = (start + 1)..<(index - 1)
            if content.count > limits.maxStringBytes {
                throw limitFailure(stringTooLong(content.count, what: "this string"), at: start)
            }
            return .string(text(of: content, hasEscapes: hasEscapes))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default:
            throw failure("expected a value (object, array, string, number, true, false or null) but found \(found)")
        }
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        skipWhitespace()
        var members: [String: JSONValue] = [:]
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        // Names that Swift's String equality (canonical equivalence) takes for an earlier
        // name but that differ from it byte for byte: rare, and kept apart, as UTF-8.
        var equivalentNames: Set<[UInt8]> = []
        while true {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw failure("expected a member name in double quotes but found \(found)")
            }
            let nameStart = index
            let hasEscapes = try scanString()
            let sent = (nameStart + 1)..<(index - 1)
            if sent.count > limits.maxStringBytes {
                // A name has no pointer of its own: point at the object that holds it.
                throw limitFailure(stringTooLong(sent.count, what: "a member name of this object"), at: nameStart)
            }
            let name = text(of: sent, hasEscapes: hasEscapes)
            // A name twice is allowed by RFC 8259 (§4: "SHOULD be unique") but read
            // differently by different parsers (the first value, the last, or an
            // error), so a body that means one thing here could mean another elsewhere.
            // Names compare after their escapes are resolved, byte for byte as §8.3
            // compares them (not as Swift compares Strings, which equates "é" and
            // "e\u0301"; of two such names the tree keeps the first, as JSONDecoder does).
            var isNew = true
            if let earlier = members.index(forKey: name) {
                isNew = false
                if members.keys[earlier].utf8.elementsEqual(name.utf8)
                    || !equivalentNames.insert(Array(name.utf8)).inserted
                {
                    let sentName = String(decoding: bytes[sent], as: UTF8.self)
                    throw failure(
                        "the member name \"\(sentName.prefix(40))\" appears a second time in this object "
                            + "(at \(pointer(appending: FieldValidator.escape(sentName)))); send each name once",
                        at: nameStart)
                }
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw failure("expected ':' after the member name but found \(found)")
            }
            index += 1
            skipWhitespace()
            path.append(.member(sent))
            let member = try value(depth: depth + 1)
            path.removeLast()
            if isNew {
                members[name] = member
            }
            skipWhitespace()
            guard index < bytes.count else { throw failure("expected ',' or '}' but the body ended") }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            guard bytes[index] == UInt8(ascii: ",") else { throw failure("expected ',' or '}' but found \(found)") }
            index += 1
            skipWhitespace()
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        skipWhitespace()
        var elements: [JSONValue] = []
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            path.append(.element(elements.count))
            elements.append(try value(depth: depth + 1))
            path.removeLast()
            skipWhitespace()
            guard index < bytes.count else { throw failure("expected ',' or ']' but the body ended") }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            guard bytes[index] == UInt8(ascii: ",") else { throw failure("expected ',' or ']' but found \(found)") }
            index += 1
            skipWhitespace()
        }
    }
}
