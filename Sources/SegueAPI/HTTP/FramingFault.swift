/// A fault in a request's bytes that the transport's framing filter found before the HTTP
/// library parsed them (RFC 9112 syntax that libmicrohttpd 0.9.75 lets through or answers
/// itself), and the problem it is answered with.
///
/// Why a value here: the transport only reads the fault off its filter; which problem it is,
/// and the sentence telling the client what to change, are plain values tested in-process.
public struct FramingFault: Sendable, Hashable {
    /// Where in the request the fault is.
    public enum Element: Sendable, Hashable {
        case requestLine
        case headerField
        case trailerField
        /// A chunk-size line: the size and its extensions.
        case chunkLine
        /// The CRLF after a chunk's data.
        case chunkData
    }

    public enum Kind: Sendable, Hashable {
        /// NUL anywhere in a head, a CR not followed by LF, or a control character in a method or target.
        case controlByte
        /// A line starting with whitespace: obsolete line folding, or whitespace before a request line.
        case leadingWhitespace
        /// Whitespace in a field name or between it and its colon.
        case nameWhitespace
        /// A byte that is not a token character in a method or field name.
        case tokenByte
        case missingColon
        case emptyName
        /// Not method SP target SP version: a part missing, or whitespace too many.
        case requestLineShape
        case versionSyntax
        case chunkSizeSyntax
        /// A chunk that takes the body past `limit` bytes.
        case chunkTooLarge
        /// A chunk-size line longer than `limit` bytes.
        case chunkLineTooLong
        case chunkDataUnterminated
    }

    public var kind: Kind
    public var element: Element
    /// The byte at fault.
    public var byte: UInt8
    /// The fault's 0-based byte offset in its line.
    public var offset: Int
    /// For a field: its 1-based line number in its section.
    public var fieldLine: Int
    /// For the size faults: the limit passed.
    public var limit: Int
    /// The line's first bytes up to the fault, as far as the filter kept them.
    public var quote: [UInt8]

    public init(
        kind: Kind, element: Element, byte: UInt8, offset: Int, fieldLine: Int = 0, limit: Int = 0,
        quote: [UInt8] = []
    ) {
        self.kind = kind
        self.element = element
        self.byte = byte
        self.offset = offset
        self.fieldLine = fieldLine
        self.limit = limit
        self.quote = quote
    }

    /// The answer: 413 for a chunk past the body limit or a chunk-size line past its cap, else 400.
    public var problem: Problem {
        switch (element, kind) {
        case (_, .chunkTooLarge):
            return .contentTooLarge(limit: limit)
        case (_, .chunkLineTooLong):
            return .chunkExtensionsTooLarge(limit: limit)
        case (.requestLine, _):
            return .invalidRequestLine(requestLineDetail)
        case (.headerField, _), (.trailerField, _):
            return .invalidField(fieldDetail)
        case (.chunkLine, _), (.chunkData, _):
            return .invalidChunk(chunkDetail)
        }
    }

    /// `after 'GET /healthz'`, when the filter kept the line's start.
    private var after: String {
        quote.isEmpty ? "" : " (after '\(Self.printable(quote))')"
    }

    /// "the control character 0x00", "a bare CR (0x0D not followed by LF)", "the byte 0x28 '('".
    private var byteDescription: String {
        switch byte {
        case 0x0D where kind == .controlByte: return "a bare CR (0x0D not followed by LF)"
        case 0x00: return "a NUL byte (0x00)"
        case 0x20: return "a space"
        case 0x09: return "a tab"
        case 0x0D, 0x0A: return "the end of the line"
        case 0x21..<0x7F: return "the byte 0x\(Self.hex(byte)) '\(Character(Unicode.Scalar(byte)))'"
        default:
            return byte < 0x20 || byte == 0x7F
                ? "the control character 0x\(Self.hex(byte))" : "the byte 0x\(Self.hex(byte))"
        }
    }

    private var requestLineDetail: String {
        let at = "at byte \(offset) of the request line\(after)"
        switch kind {
        case .leadingWhitespace:
            return
                "The request line starts with whitespace (RFC 9112 §2.2); send the method first, as in 'GET / HTTP/1.1'."
        case .tokenByte:
            return "The method holds \(byteDescription) \(at); a method is a token of letters, digits and "
                + "!#$%&'*+-.^_`|~ (RFC 9110 §9.1)."
        case .versionSyntax:
            return "The protocol version \(at) is not 'HTTP/' followed by a digit, '.' and a digit (RFC 9112 "
                + "§2.3); send 'HTTP/1.1'. A target holds no spaces: percent-encode them as %20."
        case .requestLineShape:
            return "The request line is not 'METHOD TARGET HTTP/1.1' with single spaces (RFC 9112 §3): "
                + "\(byteDescription) \(at). A target holds no spaces: percent-encode them as %20."
        default:
            return "The request line holds \(byteDescription) \(at). A request line holds no control characters "
                + "(RFC 9112 §3): percent-encode such a byte in the target (as %\(Self.hex(byte))), and end the line "
                + "with CRLF."
        }
    }

    private var fieldDetail: String {
        let section = element == .trailerField ? "Trailer" : "Header"
        let line = "\(section) field line \(fieldLine)"
        let at = "at byte \(offset)\(after)"
        switch kind {
        case .leadingWhitespace:
            return "\(line) starts with whitespace: obsolete line folding (a value continued on the next line, "
                + "RFC 9112 §5.2) or whitespace before the first field (§2.2) is not accepted. Send each field "
                + "as 'Name: value' on one line."
        case .nameWhitespace:
            return "\(line) has \(byteDescription) in or after its name \(at). RFC 9112 §5.1 forbids whitespace "
                + "between a field name and its colon: servers and proxies would read the field differently. "
                + "Write 'Name: value'."
        case .tokenByte:
            return "\(line) has \(byteDescription) in its name \(at); a field name is a token of letters, digits "
                + "and !#$%&'*+-.^_`|~ (RFC 9110 §5.1)."
        case .missingColon:
            return "\(line) has no colon\(after); each field line is 'Name: value' (RFC 9112 §5)."
        case .emptyName:
            return "\(line) starts with a colon, so its name is empty; each field line is 'Name: value' (RFC 9112 §5)."
        default:
            return "\(line) holds \(byteDescription) \(at). A field holds no NUL, and a CR only in the CRLF that ends "
                + "its line (RFC 9110 §5.5, RFC 9112 §2.2)."
        }
    }

    private var chunkDetail: String {
        let chunked =
            "The chunked body is malformed (RFC 9112 §7.1): each chunk is its size in hexadecimal, "
            + "optional ';' extensions and CRLF, then that many bytes and CRLF; a size of 0 ends the body."
        switch (element, kind) {
        case (.chunkData, _):
            return "A chunk's data is followed by \(byteDescription), not CRLF: the chunk is longer than its size "
                + "says. \(chunked)"
        case (_, .controlByte):
            return "A chunk-size line holds \(byteDescription) at byte \(offset)\(after). \(chunked)"
        default:
            return "A chunk-size line has \(byteDescription) at byte \(offset)\(after) where its size in hexadecimal "
                + "or the line's end should be. \(chunked)"
        }
    }

    /// Printable ASCII as it is; every other byte as `\xNN`.
    static func printable(_ bytes: [UInt8]) -> String {
        bytes.map { (0x20..<0x7F).contains($0) ? String(Character(Unicode.Scalar($0))) : "\\x\(hex($0))" }.joined()
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}
