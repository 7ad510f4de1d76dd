/// An HTTP status code with its reason phrase (RFC 9110 §15).
///
/// The phrase doubles as the `title` of problem bodies whose type is `about:blank`,
/// as RFC 9457 §4.2.1 asks.
public struct HTTPStatus: Sendable, Hashable, CustomStringConvertible {
    public let code: Int
    public let reasonPhrase: String

    public init(code: Int, reasonPhrase: String) {
        self.code = code
        self.reasonPhrase = reasonPhrase
    }

    public var description: String { "\(code) \(reasonPhrase)" }

    public static let switchingProtocols = HTTPStatus(code: 101, reasonPhrase: "Switching Protocols")
    public static let ok = HTTPStatus(code: 200, reasonPhrase: "OK")
    public static let noContent = HTTPStatus(code: 204, reasonPhrase: "No Content")
    public static let badRequest = HTTPStatus(code: 400, reasonPhrase: "Bad Request")
    public static let notFound = HTTPStatus(code: 404, reasonPhrase: "Not Found")
    public static let forbidden = HTTPStatus(code: 403, reasonPhrase: "Forbidden")
    public static let methodNotAllowed = HTTPStatus(code: 405, reasonPhrase: "Method Not Allowed")
    public static let contentTooLarge = HTTPStatus(code: 413, reasonPhrase: "Content Too Large")
    public static let uriTooLong = HTTPStatus(code: 414, reasonPhrase: "URI Too Long")
    public static let unsupportedMediaType = HTTPStatus(code: 415, reasonPhrase: "Unsupported Media Type")
    public static let unprocessableContent = HTTPStatus(code: 422, reasonPhrase: "Unprocessable Content")
    public static let upgradeRequired = HTTPStatus(code: 426, reasonPhrase: "Upgrade Required")
    /// nginx's 499: the client closed the connection before the answer was ready. Never sent
    /// (there is nobody to send it to); it names such requests in logs and metrics.
    public static let clientClosedRequest = HTTPStatus(code: 499, reasonPhrase: "Client Closed Request")
    public static let requestHeaderFieldsTooLarge = HTTPStatus(
        code: 431, reasonPhrase: "Request Header Fields Too Large")
    public static let internalServerError = HTTPStatus(code: 500, reasonPhrase: "Internal Server Error")
    public static let notImplemented = HTTPStatus(code: 501, reasonPhrase: "Not Implemented")
    public static let serviceUnavailable = HTTPStatus(code: 503, reasonPhrase: "Service Unavailable")
}
