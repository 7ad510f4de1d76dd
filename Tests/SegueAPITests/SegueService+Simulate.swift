@testable import SegueAPI

extension SegueService {
    /// The standard routes over the built-in catalogue, as the server runs them with default flags.
    static let standard = SegueService(router: .segue(catalogue: .builtIn, readiness: Readiness()))

    /// `POST /v1/simulate` with `body` as JSON, and any further header fields.
    func simulate(_ body: [UInt8], headers extra: HTTPHeaders = [:]) -> HTTPResponse {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        for field in extra {
            headers.add(name: field.name, value: field.value)
        }
        return respond(to: HTTPRequest(method: .post, path: "/v1/simulate", headers: headers, body: body))
    }

    /// `POST /v1/curves` with `body`, a JSON text.
    func curves(_ body: String) -> HTTPResponse {
        respond(
            to: HTTPRequest(
                method: .post, path: "/v1/curves", headers: ["Content-Type": "application/json"], body: Array(body.utf8)
            ))
    }
}
