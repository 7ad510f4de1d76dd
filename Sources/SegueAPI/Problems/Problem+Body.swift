extension Problem {
    /// A JSON body declared in a charset other than UTF-8. Reading it as UTF-8 anyway
    /// would misread it (UTF-16 text is full of NUL bytes), and JSON exchanged between
    /// systems must be UTF-8 (RFC 8259 §8.1).
    public static func unsupportedCharset(_ charset: String) -> Problem {
        Problem(
            type: typeURI("unsupported-media-type"),
            title: HTTPStatus.unsupportedMediaType.reasonPhrase,
            status: .unsupportedMediaType,
            detail: "The request's Content-Type names the charset '\(charset.prefix(40))'; this endpoint reads "
                + "JSON in UTF-8 only. Send the body as UTF-8 with 'Content-Type: application/json'."
        )
    }
}
