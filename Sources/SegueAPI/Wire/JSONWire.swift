import FoundationEssentials

/// The one JSON configuration for small response bodies (errors, catalogues,
/// health), so that the same value always gives the same bytes: keys sorted,
/// slashes unescaped.
public enum JSONWire {
    /// Encodes a wire value. Our wire types hold only strings, integers, booleans
    /// and finite numbers, so encoding cannot fail for them; if it ever does, the
    /// caller gets the problem to send instead.
    public static func encode(_ value: some Encodable) throws(Problem) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(value))
        } catch {
            throw Problem.internalError("The response could not be encoded as JSON: \(error)")
        }
    }
}

extension HTTPResponse {
    /// A JSON response with the given status.
    public static func json(_ value: some Encodable, status: HTTPStatus = .ok) throws(Problem) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": MediaType.json], body: try JSONWire.encode(value))
    }

    /// The problem details response for `problem`, with the members that tie it to
    /// this request filled in. `instance` is the path percent-encoded again, since
    /// the transport hands the service a decoded path and RFC 9457 wants a URI reference.
    public static func problem(_ problem: Problem, path: String, requestID: String) -> HTTPResponse {
        var problem = problem
        problem.instance = URIPath.encode(path)
        problem.requestId = requestID
        var headers: HTTPHeaders = ["Content-Type": MediaType.problemJSON]
        if let allow = problem.allow {
            headers.add(name: "Allow", value: allow.joined(separator: ", "))
        }
        if let retryAfter = problem.retryAfter {
            headers.add(name: "Retry-After", value: String(retryAfter))
        }
        do {
            var response = HTTPResponse(
                status: problem.httpStatus, headers: headers, body: try JSONWire.encode(problem))
            response.facts.problemType = problem.type
            return response
        } catch {
            // Unreachable for a body of strings and integers; if it ever happens the
            // client still gets a valid problem, as a 500. The request id is already
            // restricted to characters that need no JSON escaping.
            let body =
                #"{"detail":"The error response could not be encoded.","requestId":"\#(requestID)","#
                + #""status":500,"title":"Internal Server Error","type":"about:blank"}"#
            return HTTPResponse(status: .internalServerError, headers: headers, body: Array(body.utf8))
        }
    }
}
