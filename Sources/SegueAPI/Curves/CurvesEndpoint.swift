/// `POST /v1/curves`: a curve or spring in, its samples and equivalent forms out.
enum CurvesEndpoint {
    static func respond(to request: HTTPRequest, limits: RequestLimits) throws(Problem) -> HTTPResponse {
        let json = try JSONBody.value(from: request, limits: limits.json)
        let query = try CurvesQuery.parse(json, limits: limits)
        let body = try CurvesResponse(query).encoded()
        return HTTPResponse(status: .ok, headers: ["Content-Type": MediaType.json], body: body)
    }
}
