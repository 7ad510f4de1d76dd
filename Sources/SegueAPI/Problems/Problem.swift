/// An RFC 9457 problem details body: what every error response of Segue carries,
/// as `application/problem+json`.
///
/// `Problem` is also the error type handlers throw, so that an error cannot reach
/// the client in any other shape. Build one with the factories in
/// `Problem+Kinds.swift`, which keep each kind's `type` and `title` fixed.
public struct Problem: Error, Sendable, Hashable, Codable {
    /// A URI naming the kind of problem; `about:blank` when the status says it all.
    public var type: String
    /// A short summary of the kind, the same for every occurrence of it.
    public var title: String
    /// The HTTP status code, equal to the response's.
    public var status: Int
    /// What went wrong this time, in a sentence a person can act on.
    public var detail: String
    /// The request path the problem occurred on.
    public var instance: String?
    /// The request's `X-Request-Id`, for matching a report to a log line.
    public var requestId: String?
    /// For 405: the methods the resource does allow.
    public var allow: [String]?
    /// For 413: the largest body the server accepts, in bytes; for 414 and 431, the
    /// longest request target or head it reads, in bytes.
    public var limit: Int?
    /// For 503 when busy: seconds to wait before retrying, also sent as `Retry-After`.
    public var retryAfter: Int?
    /// For validation failures: every offending field, by JSON Pointer.
    public var errors: [FieldError]?

    public init(
        type: String,
        title: String,
        status: HTTPStatus,
        detail: String,
        allow: [String]? = nil,
        limit: Int? = nil,
        retryAfter: Int? = nil,
        errors: [FieldError]? = nil
    ) {
        self.type = type
        self.title = title
        self.status = status.code
        self.detail = detail
        self.allow = allow
        self.limit = limit
        self.retryAfter = retryAfter
        self.errors = errors
    }

    /// The response status this problem is sent with.
    public var httpStatus: HTTPStatus {
        HTTPStatus.known[status] ?? HTTPStatus(code: status, reasonPhrase: title)
    }
}

/// One field a request got wrong: where (RFC 6901 JSON Pointer into the request
/// body) and what to change.
public struct FieldError: Sendable, Hashable, Codable {
    public var pointer: String
    public var detail: String

    public init(pointer: String, detail: String) {
        self.pointer = pointer
        self.detail = detail
    }
}

extension HTTPStatus {
    /// The statuses Segue sends, by code.
    static let known: [Int: HTTPStatus] = Dictionary(
        uniqueKeysWithValues: [
            HTTPStatus.ok, .badRequest, .notFound, .methodNotAllowed, .contentTooLarge,
            .unsupportedMediaType, .unprocessableContent, .internalServerError, .serviceUnavailable,
            .uriTooLong, .requestHeaderFieldsTooLarge, .notImplemented, .forbidden, .upgradeRequired,
        ].map { ($0.code, $0) }
    )
}
