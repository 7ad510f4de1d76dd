/// Where and why a text is not JSON (RFC 8259), or where well-formed JSON goes past
/// one of the server's `JSONLimits`.
///
/// JSONDecoder only says "The given data was not valid JSON", which leaves a person
/// nothing to act on, so Segue reads bodies with its own `JSONParser`, which says
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
