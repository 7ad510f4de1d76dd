/// Segue's one JSON parser: reads a body into a `JSONValue` tree, checking RFC 8259 as it
/// goes, and stops at the first error with its position.
///
/// It reads a body twice. The first pass (`measure`) builds nothing: it checks the text and
/// every one of its `JSONLimits`, counts each container's values and adds up the bytes the tree
/// will hold (`JSONShape`), so that a hostile body can neither exhaust the stack nor make the
/// parser build huge values, and so that a server can admit the tree by its bytes before
/// building it. The second pass (`build`) builds the tree, each array and dictionary at the
/// capacity the first pass counted, so the tree holds no more than was measured. It also
/// refuses what RFC 8259 allows but parsers read differently: a member name twice in one
/// object (found by the second pass), and bytes in a string that are not UTF-8 (§8.1). Every
/// path through it moves forward or stops, so it ends on any bytes.
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
    /// False in the first pass, which only measures; true in the second, which builds.
    private let building: Bool
    /// What the first pass has measured so far; what the second pass builds to.
    private var shape: JSONShape
    /// The next container in the order they open, whose size the second pass reads from `shape`.
    private var nextContainer = 0

    private enum PathToken {
        case element(Int)
        /// A member name's bytes as sent, between its quotes.
        case member(Range<Int>)
    }

    private init(bytes: [UInt8], limits: JSONLimits, building shape: JSONShape?) {
        self.bytes = bytes
        self.limits = limits
        building = shape != nil
        self.shape = shape ?? JSONShape(bodyBytes: bytes.count, limits: limits)
        path.reserveCapacity(limits.maxDepth + 1)
    }

    /// The value of `bytes` when they are one well-formed JSON text within `limits`,
    /// else the first error: where the text stops being JSON (400), or the pointer of
    /// the first value past a limit (a number that overflows a double, a string too
    /// long, a nest too deep, more values than allowed), which is a bad value (422)
    /// rather than bad syntax. Both passes, one after the other.
    public static func parse(
        _ bytes: [UInt8], limits: JSONLimits = defaultLimits
    ) throws(JSONSyntaxError) -> JSONValue {
        try build(bytes, shape: measure(bytes, limits: limits), limits: limits)
    }

    /// The first pass: checks that `bytes` are one JSON text within `limits`, without building
    /// any of it, and answers what its tree will hold; throws the first error as `parse` does,
    /// except a member name sent twice, which only the second pass sees.
    public static func measure(
        _ bytes: [UInt8], limits: JSONLimits = defaultLimits
    ) throws(JSONSyntaxError) -> JSONShape {
        var parser = JSONParser(bytes: bytes, limits: limits, building: nil)
        _ = try parser.readDocument()
        return parser.shape
    }

    /// The second pass: the tree of `bytes`, which `measure` measured as `shape` with the same
    /// `limits`. Its only error is a member name sent twice in one object.
    public static func build(
        _ bytes: [UInt8], shape: JSONShape, limits: JSONLimits = defaultLimits
    ) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, limits: limits, building: shape)
        return try parser.readDocument()
    }

    /// The one value of the text, and nothing after it but whitespace.
    private mutating func readDocument() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        let value = try value(depth: 0)
        skipWhitespace()
        if index < bytes.count {
            throw failure("unexpected \(found) after the end of the JSON value")
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

    /// Whether the value being read is a transition layer's image, at `/transition/layers/N/image`:
    /// the one place a string may pass `maxStringBytes` (up to `imageStringBytes`), since a
    /// `data:` URI carries a picture there (docs/transitions.md).
    private var isImagePath: Bool {
        guard path.count == 4, case .member(let transition) = path[0], case .member(let layers) = path[1],
            case .element = path[2], case .member(let image) = path[3]
        else { return false }
        return bytes[transition].elementsEqual("transition".utf8) && bytes[layers].elementsEqual("layers".utf8)
            && bytes[image].elementsEqual("image".utf8)
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
            guard building else {
                if content.count > limits.maxStringBytes {
                    guard let allowed = limits.imageStringBytes, isImagePath else {
                        throw limitFailure(stringTooLong(content.count, what: "this string"), at: start)
                    }
                    if content.count > allowed {
                        throw limitFailure(
                            "this image's data: URI is \(content.count) bytes long, more than the \(allowed) a picture "
                                + "within the server's --max-image-bytes takes", at: start)
                    }
                }
                shape.addString(sentBytes: content.count, hasEscapes: hasEscapes)
                return .null
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

    /// Counts one more value (an array's element or an object's member, whose token is last on
    /// `path`) in the first pass, refusing it past `limits.maxValues`: the cap on how many
    /// values one body may make the tree hold, whatever their shape.
    private mutating func countValue(at position: Int) throws(JSONSyntaxError) {
        guard !building else { return }
        shape.values += 1
        if shape.values > limits.maxValues {
            throw limitFailure(
                "the body holds more than \(limits.maxValues) values (array elements and object members, "
                    + "counted at every depth), the most this server reads (its --max-json-values); "
                    + "this is the first value past it", at: position)
        }
    }

    /// Opens the next container: its capacity in the second pass (the count the first pass
    /// found), and in the first a place for that count.
    private mutating func openContainer() -> (number: Int, capacity: Int) {
        defer { nextContainer += 1 }
        guard building else {
            shape.containerSizes.append(0)
            return (nextContainer, 0)
        }
        return (nextContainer, Int(shape.containerSizes[nextContainer]))
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        let container = openContainer()
        var count = 0
        defer { if !building { shape.closeObject(container.number, count: count) } }
        skipWhitespace()
        var members: [String: JSONValue] = building ? Dictionary(minimumCapacity: container.capacity) : [:]
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return building ? .object(members) : .null
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
            var name = ""
            var isNew = true
            if building {
                name = text(of: sent, hasEscapes: hasEscapes)
                // A name twice is allowed by RFC 8259 (§4: "SHOULD be unique") but read
                // differently by different parsers (the first value, the last, or an
                // error), so a body that means one thing here could mean another elsewhere.
                // Names compare after their escapes are resolved, byte for byte as §8.3
                // compares them (not as Swift compares Strings, which equates "é" and
                // "e\u0301"; of two such names the tree keeps the first, as JSONDecoder does).
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
            } else {
                if sent.count > limits.maxStringBytes {
                    // A name has no pointer of its own: point at the object that holds it.
                    throw limitFailure(stringTooLong(sent.count, what: "a member name of this object"), at: nameStart)
                }
                shape.addName(sentBytes: sent.count, hasEscapes: hasEscapes, isASCII: isASCII(sent))
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw failure("expected ':' after the member name but found \(found)")
            }
            index += 1
            skipWhitespace()
            path.append(.member(sent))
            try countValue(at: index)
            let member = try value(depth: depth + 1)
            path.removeLast()
            if building, isNew {
                members[name] = member
            }
            count += 1
            skipWhitespace()
            guard index < bytes.count else { throw failure("expected ',' or '}' but the body ended") }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return building ? .object(members) : .null
            }
            guard bytes[index] == UInt8(ascii: ",") else { throw failure("expected ',' or '}' but found \(found)") }
            index += 1
            skipWhitespace()
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        let container = openContainer()
        var count = 0
        defer { if !building { shape.closeArray(container.number, count: count) } }
        skipWhitespace()
        var elements: [JSONValue] = []
        if building { elements.reserveCapacity(container.capacity) }
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return building ? .array(elements) : .null
        }
        while true {
            path.append(.element(count))
            try countValue(at: index)
            let element = try value(depth: depth + 1)
            if building { elements.append(element) }
            path.removeLast()
            count += 1
            skipWhitespace()
            guard index < bytes.count else { throw failure("expected ',' or ']' but the body ended") }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return building ? .array(elements) : .null
            }
            guard bytes[index] == UInt8(ascii: ",") else { throw failure("expected ',' or ']' but found \(found)") }
            index += 1
            skipWhitespace()
        }
    }

    /// Whether the bytes of a member name as sent are all ASCII (escapes aside).
    private func isASCII(_ range: Range<Int>) -> Bool {
        bytes[range].allSatisfy { $0 < 0x80 }
    }
}
