import FoundationEssentials
import SegueAPI
import SegueEngine

/// One fuzz input read as a request to the service: the first byte picks the
/// endpoint (even: `POST /v1/simulate`, odd: `POST /v1/curves`), the rest is the
/// JSON body. Going through `SegueService.respond(to:)` covers everything a client
/// reaches: the JSON parser, field validation and, for valid
/// requests, the simulation or curve sampler and the encoders.
struct RequestFuzzCase {
    /// The service as the `segue` executable builds it: the built-in presets, ready.
    static let service = SegueService(
        router: .segue(catalogue: .builtIn, readiness: Readiness()), makeRequestID: { "fuzz" })

    let request: HTTPRequest

    init(_ input: [UInt8]) {
        self.init(path: (input.first ?? 0) % 2 == 0 ? "/v1/simulate" : "/v1/curves", body: Array(input.dropFirst()))
    }

    /// A JSON body posted to `path`, as the structured mode builds it.
    init(path: String, body: [UInt8]) {
        request = HTTPRequest(method: .post, path: path, headers: ["Content-Type": MediaType.json], body: body)
    }

    /// Answers the request and checks the answer: never a 5xx; a 2xx JSON body is
    /// well-formed JSON; a 4xx body is a problem whose `status` is the response's.
    /// Returns the response's status.
    func check() -> HTTPStatus {
        let response = Self.service.respond(to: request)
        let status = response.status.code
        guard status < 500 else {
            let body = String(decoding: response.body, as: UTF8.self)
            FuzzFailure.report("\(request.path) answered \(response.status): \(body)")
        }
        let contentType = response.headers["Content-Type"] ?? ""
        if (200..<300).contains(status) {
            if contentType == MediaType.json, let error = JSONParser.firstError(in: response.body, limits: .answers) {
                FuzzFailure.report("\(request.path) answered \(status) with a body that is not JSON \(error)")
            }
            return response.status
        }
        guard contentType == MediaType.problemJSON else {
            FuzzFailure.report("\(request.path) answered \(status) with Content-Type '\(contentType)', not a problem")
        }
        let problem: Problem
        do {
            problem = try JSONDecoder().decode(Problem.self, from: Data(response.body))
        } catch {
            FuzzFailure.report("\(request.path) answered \(status) with a problem body that does not decode: \(error)")
        }
        guard problem.status == status, !problem.title.isEmpty, !problem.detail.isEmpty else {
            FuzzFailure.report("\(request.path) answered \(status) with the problem \(problem)")
        }
        return response.status
    }
}
