import SegueEngine

/// `POST /v1/curves`: a curve or spring in, its samples and equivalent forms out.
///
/// Parsed before it meets the gate (when there is one), so that it is admitted by its cost:
/// its samples in memory and as JSON; the answer then holds its body's bytes until sent.
enum CurvesEndpoint {
    static func respond(
        to request: HTTPRequest, limits: RequestLimits, admission: Admission? = nil
    ) throws(Problem) -> HTTPResponse {
        let query = try JSONBody.read(request, limits: limits.json, admission: admission?.bodies) {
            json throws(Problem) in
            try CurvesQuery.parse(json, limits: limits)
        }
        guard let admission else { return try respond(to: query) }
        return try admission.answer(cost: estimatedBytes(for: query), to: request) {
            () throws(Problem) in try respond(to: query)
        }
    }

    /// Bytes per sample: the engine's value plus its JSON (about 64 bytes).
    static let bytesPerSample = MemoryLayout<CurveSample>.stride + 64

    /// The samples in memory and as JSON, plus 1 KiB for the rest of the answer. The parser
    /// has already capped the count (`--max-curve-samples`), so it is a safe Int here.
    static func estimatedBytes(for query: CurvesQuery) -> Int {
        let count = CurveSampler.sampleCount(duration: query.duration, frameRate: query.frameRate)
        guard count.isFinite else { return 1024 }
        return 1024 + Int(min(max(count, 0), 1e9).rounded(.up)) * bytesPerSample
    }

    private static func respond(to query: CurvesQuery) throws(Problem) -> HTTPResponse {
        let body = try CurvesResponse(query).encoded()
        return HTTPResponse(status: .ok, headers: ["Content-Type": MediaType.json], body: body)
    }
}
