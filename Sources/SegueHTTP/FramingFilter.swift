import CFramingFilter
import CFramingInterposer
import SegueAPI

/// The transport's view of the framing filter (Sources/CFramingFilter, put between libmicrohttpd
/// and its sockets by Sources/CFramingInterposer): the C side checks the
/// bytes libmicrohttpd reads from each client against RFC 9112 and, at a fault, ends the
/// request there so that it still reaches the access handler; here the dispatcher asks
/// whether the request it was handed is one so ended, and what the fault was.
enum FramingFilter {
    /// Starts the filter for libmicrohttpd's reads and raises the process-wide body limit it
    /// holds chunk sizes to before a connection's own limit is known. False when the filter
    /// cannot find libmicrohttpd's code, and so checks nothing.
    static func activate(bodyLimit: Int) -> Bool {
        segue_framing_set_body_limit(UInt64(bodyLimit))
        return segue_framing_activate()
    }

    /// The fault in the request whose head the access handler was just given on `socket`, if
    /// it has one; also sets the connection's body limit for the chunks that follow.
    static func faultInHead(socket: Int32, bodyLimit: Int) -> FramingFault? {
        var fault = segue_framing_fault()
        return segue_framing_request_began(socket, UInt64(bodyLimit), &fault) ? FramingFault(fault) : nil
    }

    /// A fault found in the current request's body since its head (a chunk), if any.
    static func faultInBody(socket: Int32) -> FramingFault? {
        var fault = segue_framing_fault()
        return segue_framing_current_fault(socket, &fault) ? FramingFault(fault) : nil
    }
}

extension FramingFault {
    /// The C record as a value.
    init(_ fault: segue_framing_fault) {
        let kinds: [UInt32: Kind] = [
            SEGUE_FRAMING_CONTROL_BYTE.rawValue: .controlByte,
            SEGUE_FRAMING_LEADING_WHITESPACE.rawValue: .leadingWhitespace,
            SEGUE_FRAMING_NAME_WHITESPACE.rawValue: .nameWhitespace,
            SEGUE_FRAMING_TOKEN_BYTE.rawValue: .tokenByte,
            SEGUE_FRAMING_MISSING_COLON.rawValue: .missingColon,
            SEGUE_FRAMING_EMPTY_NAME.rawValue: .emptyName,
            SEGUE_FRAMING_REQUEST_LINE_SHAPE.rawValue: .requestLineShape,
            SEGUE_FRAMING_VERSION_SYNTAX.rawValue: .versionSyntax,
            SEGUE_FRAMING_CHUNK_SIZE_SYNTAX.rawValue: .chunkSizeSyntax,
            SEGUE_FRAMING_CHUNK_TOO_LARGE.rawValue: .chunkTooLarge,
            SEGUE_FRAMING_CHUNK_LINE_TOO_LONG.rawValue: .chunkLineTooLong,
            SEGUE_FRAMING_CHUNK_DATA_UNTERMINATED.rawValue: .chunkDataUnterminated,
        ]
        let elements: [UInt32: Element] = [
            SEGUE_FRAMING_REQUEST_LINE.rawValue: .requestLine,
            SEGUE_FRAMING_HEADER_FIELD.rawValue: .headerField,
            SEGUE_FRAMING_TRAILER_FIELD.rawValue: .trailerField,
            SEGUE_FRAMING_CHUNK_LINE.rawValue: .chunkLine,
            SEGUE_FRAMING_CHUNK_DATA.rawValue: .chunkData,
        ]
        // Every kind and element is listed above; a new one without a case reads as a bad request line.
        let kind = kinds[fault.kind.rawValue] ?? .requestLineShape
        let element = elements[fault.element.rawValue] ?? .requestLine
        let quote = withUnsafeBytes(of: fault.quote) {
            Array($0.prefix(Int(min(fault.quote_length, UInt32($0.count)))))
        }
        self.init(
            kind: kind, element: element, byte: fault.byte, offset: Int(fault.offset), fieldLine: Int(fault.field_line),
            limit: Int(clamping: fault.limit), quote: quote)
    }
}
