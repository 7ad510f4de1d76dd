import FoundationEssentials

/// Reads a JSON request body into a wire type, turning every way it can be wrong
/// into the problem a client can act on: 415 for another media type, 400 for text
/// that is not JSON (saying where parsing stopped), 422 for JSON of the wrong shape
/// (saying which field, by JSON Pointer).
public enum JSONBody {
    /// The body of `request` as a JSON tree, for endpoints that validate field by field;
    /// text past `limits` is a 422 at the offending value's pointer.
    public static func value(
        from request: HTTPRequest, limits: JSONLimits = JSONParser.defaultLimits
    ) throws(Problem) -> JSONValue {
        try read(request, limits: limits, admission: nil) { tree in tree }
    }

    /// The body of `request` as a JSON tree, handed to `interpret`, which makes the endpoint's
    /// request of it; the tree is gone when this returns.
    ///
    /// The body is first measured without building anything (`JSONParser.measure`: the text, the
    /// limits, and the bytes its tree will hold). With an `admission`, the tree is then admitted
    /// by those bytes (`BodyAdmission`) before it is built, and the bytes are given back once
    /// `interpret` returns, before the request waits for its own work to be admitted: nothing
    /// holds part of the budget while it waits for more.
    public static func read<T>(
        _ request: HTTPRequest, limits: JSONLimits, admission: BodyAdmission?,
        _ interpret: (JSONValue) throws(Problem) -> T
    ) throws(Problem) -> T {
        try checkHeadersAndEmptiness(request)
        func measure() throws(Problem) -> JSONShape {
            do throws(JSONSyntaxError) {
                return try JSONParser.measure(request.body, limits: limits)
            } catch {
                throw problem(for: error)
            }
        }
        func buildAndInterpret(_ shape: JSONShape) throws(Problem) -> T {
            let tree: JSONValue
            do throws(JSONSyntaxError) {
                tree = try JSONParser.build(request.body, shape: shape, limits: limits)
            } catch {
                throw problem(for: error)
            }
            return try interpret(tree)
        }
        guard let admission else { return try buildAndInterpret(measure()) }
        return try admission.admit(
            bodyBytes: request.body.count, cancellation: request.cancellation, measure: measure,
            build: buildAndInterpret)
    }

    /// What is admitted for a body of `shape`: its tree and the scratch of building it, and
    /// what the endpoint makes of the tree while both exist, `interpretBytesPerValue` for
    /// each value.
    public static func admittedBytes(for shape: JSONShape) -> Int {
        shape.bytes + shape.values * interpretBytesPerValue
    }

    /// 32 bytes: what reading one value into an endpoint's request may hold besides the tree. A
    /// gesture sample's five values become one 40-byte `GestureSample`; an object's unknown
    /// names are listed in a sorted array of 16-byte strings for the 422.
    public static let interpretBytesPerValue = 32

    /// Decodes the body of `request` as `T`.
    public static func decode<T: Decodable>(_ type: T.Type, from request: HTTPRequest) throws(Problem) -> T {
        try checkHeadersAndEmptiness(request)
        // Parse first: JSONDecoder accepts some non-JSON (trailing commas) and never
        // says where text stops being JSON.
        if let syntaxError = JSONParser.firstError(in: request.body) {
            throw problem(for: syntaxError)
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(request.body))
        } catch let error as DecodingError {
            throw problem(for: error)
        } catch {
            throw Problem.malformedJSON("The request body is not valid JSON: \(error)")
        }
    }

    /// 415 unless the Content-Type is JSON (and its charset, if any, UTF-8); 400 for an
    /// empty body.
    private static func checkHeadersAndEmptiness(_ request: HTTPRequest) throws(Problem) {
        let contentType = request.headers["Content-Type"]
        guard isJSON(contentType) else {
            throw Problem.unsupportedMediaType(received: contentType)
        }
        if let charset = charset(of: contentType), charset.lowercased() != "utf-8" {
            throw Problem.unsupportedCharset(charset)
        }
        guard request.body.contains(where: { !JSONParser.isWhitespace($0) }) else {
            throw Problem.malformedJSON("The request body is empty; send a JSON object.")
        }
    }

    /// 400 for text that is not JSON, saying where; 422 for well-formed text past a limit
    /// (a number too large for a double, a string too long, nesting too deep), at its pointer.
    static func problem(for syntaxError: JSONSyntaxError) -> Problem {
        if let pointer = syntaxError.limitPointer {
            let detail = "\(syntaxError.message.prefix(1).uppercased())\(syntaxError.message.dropFirst())."
            return Problem.invalidRequest([FieldError(pointer: pointer, detail: detail)])
        }
        return Problem.malformedJSON("The request body is not valid JSON \(syntaxError).")
    }

    /// Whether a Content-Type names JSON: `application/json` or any `+json` type,
    /// with or without parameters such as `charset=utf-8`.
    public static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let essence = mediaType.filter { $0 != " " && $0 != "\t" }.lowercased()
        return essence == MediaType.json || (essence.hasPrefix("application/") && essence.hasSuffix("+json"))
    }

    /// The `charset` parameter of a Content-Type, unquoted, if it has one. JSON text
    /// must be UTF-8 (RFC 8259 §8.1), and the body is read as UTF-8 whatever it says,
    /// so any other charset is refused rather than misread.
    static func charset(of contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, trimmed(parts[0]).lowercased() == "charset" else { continue }
            var value = trimmed(parts[1])
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            return value
        }
        return nil
    }

    private static func trimmed(_ text: Substring) -> String {
        text.trimmingOptionalWhitespace
    }

    static func problem(for error: DecodingError) -> Problem {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return .malformedJSON("The request body could not be read as JSON: \(context.debugDescription)")
        case .dataCorrupted(let context):
            return .invalidRequest([FieldError(pointer: pointer(context.codingPath), detail: context.debugDescription)])
        case .keyNotFound(let key, let context):
            let path = context.codingPath + [key]
            return .invalidRequest([FieldError(pointer: pointer(path), detail: "This field is required.")])
        case .typeMismatch(let expected, let context):
            let detail = "Expected \(jsonTypeName(expected)) here."
            return .invalidRequest([FieldError(pointer: pointer(context.codingPath), detail: detail)])
        case .valueNotFound(let expected, let context):
            let detail = "Expected \(jsonTypeName(expected)) here, not null."
            return .invalidRequest([FieldError(pointer: pointer(context.codingPath), detail: detail)])
        @unknown default:
            return .malformedJSON("The request body could not be read: \(error)")
        }
    }

    /// An RFC 6901 JSON Pointer for a decoding path (`~` and `/` escaped).
    public static func pointer(_ path: [any CodingKey]) -> String {
        var pointer = ""
        for key in path {
            pointer += "/"
            for character in key.intValue.map(String.init) ?? key.stringValue {
                switch character {
                case "~": pointer += "~0"
                case "/": pointer += "~1"
                default: pointer.append(character)
                }
            }
        }
        return pointer
    }

    /// The JSON name of the kind of value a Swift type decodes from.
    static func jsonTypeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type: return "an integer"
        case is Double.Type, is Float.Type: return "a number"
        default:
            let name = "\(type)"
            if name.hasPrefix("Array<") { return "an array" }
            if name.hasPrefix("Dictionary<") { return "an object" }
            return "an object"
        }
    }
}
