/// The kinds of problem Segue reports. Each kind has a stable `type` URI that
/// clients may switch on; the `detail` says what to do about this occurrence.
extension Problem {
    /// `urn:segue:problem:` followed by a slug names each kind that needs more than
    /// its status to be understood.
    static func typeURI(_ slug: String) -> String { "urn:segue:problem:\(slug)" }

    /// No route matches the path.
    public static func notFound(path: String) -> Problem {
        Problem(
            type: "about:blank",
            title: HTTPStatus.notFound.reasonPhrase,
            status: .notFound,
            detail: "No resource at \(path). The API lives under /v1; GET /openapi.yaml describes it."
        )
    }

    /// The path exists but not for this method.
    public static func methodNotAllowed(method: HTTPMethod, path: String, allowed: [HTTPMethod]) -> Problem {
        let names = allowed.map(\.rawValue)
        return Problem(
            type: "about:blank",
            title: HTTPStatus.methodNotAllowed.reasonPhrase,
            status: .methodNotAllowed,
            detail: "\(path) does not accept \(method). Use \(names.joined(separator: " or ")).",
            allow: names
        )
    }

    /// The body is larger than the server accepts.
    public static func contentTooLarge(limit: Int) -> Problem {
        Problem(
            type: typeURI("body-too-large"),
            title: "Request body too large",
            status: .contentTooLarge,
            detail: "The request body is larger than \(limit) bytes, the most this server accepts "
                + "(server flag --max-body-bytes). Send fewer samples or a smaller scene.",
            limit: limit
        )
    }

    /// A JSON endpoint was sent a body of another media type.
    public static func unsupportedMediaType(received: String?) -> Problem {
        let got = received.map { "Content-Type \($0)" } ?? "no Content-Type"
        return Problem(
            type: typeURI("unsupported-media-type"),
            title: HTTPStatus.unsupportedMediaType.reasonPhrase,
            status: .unsupportedMediaType,
            detail: "This endpoint reads a JSON body, but the request has \(got). "
                + "Send the header 'Content-Type: application/json'."
        )
    }

    /// The body is not well-formed JSON.
    public static func malformedJSON(_ detail: String) -> Problem {
        Problem(
            type: typeURI("malformed-json"),
            title: "Malformed JSON",
            status: .badRequest,
            detail: detail
        )
    }

    /// The body is JSON but not what the endpoint expects.
    public static func invalidRequest(_ errors: [FieldError]) -> Problem {
        let count = errors.count == 1 ? "1 field is" : "\(errors.count) fields are"
        return Problem(
            type: typeURI("invalid-request"),
            title: "Invalid request",
            status: .unprocessableContent,
            detail: "The request body is JSON but \(count) not valid; see errors.",
            errors: errors
        )
    }

    /// The server is draining before it stops.
    public static func shuttingDown() -> Problem {
        Problem(
            type: typeURI("shutting-down"),
            title: "Shutting down",
            status: .serviceUnavailable,
            detail: "This instance is shutting down and takes no new work; retry on another instance."
        )
    }

    /// Every simulation slot is taken and the queue for them is full: the request was
    /// not started, so retrying it later (here or on another instance) is safe.
    public static func overloaded(running: Int, queued: Int, retryAfter: Int) -> Problem {
        Problem(
            type: typeURI("overloaded"),
            title: "Overloaded",
            status: .serviceUnavailable,
            detail: "This instance is running \(running) simulations with \(queued) more waiting, as many as it "
                + "takes; retry in \(retryAfter) s or on another instance.",
            retryAfter: retryAfter
        )
    }

    /// The transport holds as many request bodies as it may at once (`--body-memory`, `limit`
    /// bytes), so this one is refused and its body dropped as it arrives; the same type as a full queue,
    /// since a client does the same for both: wait and retry, here or on another instance.
    public static func receivingTooManyBodies(limit: Int, retryAfter: Int) -> Problem {
        Problem(
            type: typeURI("overloaded"),
            title: "Overloaded",
            status: .serviceUnavailable,
            detail: "This instance is receiving as many request bodies as it holds at once (\(limit >> 20) MiB, "
                + "--body-memory); retry in \(retryAfter) s or on another instance.",
            retryAfter: retryAfter
        )
    }

    /// The client closed its connection while its request waited or computed, so the work
    /// was stopped. The transport sends nothing back (nobody would read it); it logs the
    /// request with outcome `client-gone` and counts it under status 499.
    public static func clientGone() -> Problem {
        Problem(
            type: clientGoneType,
            title: "Client gone",
            status: .clientClosedRequest,
            detail: "The client closed the connection before the answer was ready; the work was stopped."
        )
    }

    /// The `type` of `clientGone()`, which tells the transport not to answer.
    public static let clientGoneType = typeURI("client-gone")

    /// A fault of the server's own, never of the request.
    public static func internalError(_ detail: String) -> Problem {
        Problem(
            type: "about:blank",
            title: HTTPStatus.internalServerError.reasonPhrase,
            status: .internalServerError,
            detail: detail
        )
    }
}
