/// HTTP header fields in the order they were added, looked up without regard to case
/// (RFC 9110 §5.1: field names are case-insensitive).
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One field as sent: its name with the sender's spelling, and its value.
    public struct Field: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public private(set) var fields: [Field] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value of the field with this name, if any.
    public subscript(name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    /// Whether two field names are one, ASCII letters compared without case (field names are
    /// tokens, RFC 9110 §5.1). Every answer looks several up, so no lowercased copies are made.
    static func sameName(_ one: String, _ other: String) -> Bool {
        one.utf8.elementsEqual(other.utf8) { a, b in
            a == b || (a ^ b == 0x20 && (a | 0x20) >= 0x61 && (a | 0x20) <= 0x7A)
        }
    }

    /// Adds a field, keeping any earlier field of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field of this name with one field holding `value`.
    public mutating func replaceOrAdd(name: String, value: String) {
        fields.removeAll { Self.sameName($0.name, name) }
        fields.append(Field(name: name, value: value))
    }

    /// Sets a field an answer gets from more than one source: `Vary` is a list (RFC 9110
    /// §12.5.5), so it gains `value` as one more item (once); any other field is replaced.
    public mutating func merge(name: String, value: String) {
        guard Self.sameName(name, "Vary"), let earlier = self[name] else {
            replaceOrAdd(name: name, value: value)
            return
        }
        let items = earlier.split(separator: ",").map(\.trimmingOptionalWhitespace)
        guard !items.contains(where: { Self.sameName($0, value) }) else { return }
        replaceOrAdd(name: name, value: earlier + ", " + value)
    }

    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }
}
