extension StringProtocol {
    /// Without leading and trailing spaces and tabs: HTTP's optional whitespace (RFC 9110 §5.6.3)
    /// around a header value or a list item. One definition for the media types, the CORS origin
    /// list and the WebSocket handshake's fields.
    var trimmingOptionalWhitespace: String {
        let isOWS: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isOWS).reversed().drop(while: isOWS).reversed())
    }
}
