import SegueEngine

/// `POST /v1/decisions`: an interactive preset's release decisions over a grid of releases, as
/// JSON or as a heatmap.
///
/// Parsed before it meets the gate (when there is one); its cost there is its answer's size, small
/// beside a simulation's, while the gate's concurrency bounds its CPU: each cell is one simulation
/// of one frame, and `--max-decision-cells` bounds the cells.
enum DecisionsEndpoint {
    static func respond(
        to request: HTTPRequest, catalogue: PresetCatalogue, limits: RequestLimits, admission: Admission? = nil
    ) throws(Problem) -> HTTPResponse {
        let decisions = try JSONBody.read(request, limits: limits.json, admission: admission?.bodies) {
            json throws(Problem) in
            try DecisionsRequest.parse(json, catalogue: catalogue, limits: limits, cancellation: request.cancellation)
        }
        guard let admission else { return try respond(to: decisions) }
        return try admission.answer(cost: estimatedBytes(for: decisions), to: request) {
            () throws(Problem) in try respond(to: decisions)
        }
    }

    /// The answer's bytes: a character per cell, a boundary vertex per cell at worst (about 48
    /// bytes each), and 64 KiB for the rest and the SVG's labels.
    static func estimatedBytes(for request: DecisionsRequest) -> Int {
        65_536 + request.translation.steps * request.velocity.steps * 64
    }

    private static func respond(to request: DecisionsRequest) throws(Problem) -> HTTPResponse {
        let answer: DecisionsAnswer
        do {
            answer = try DecisionsAnswer(request)
        } catch {
            throw error.problem(presetID: request.probe.preset.description.id)
        }
        var response: HTTPResponse
        switch request.output {
        case .json:
            response = HTTPResponse(
                status: .ok, headers: ["Content-Type": MediaType.json], body: try DecisionsResponse(answer).encoded())
        case .svg:
            response = HTTPResponse(
                status: .ok, headers: ["Content-Type": MediaType.svg], body: DecisionMapSVG(answer: answer).bytes)
        }
        response.facts.presetID = answer.presetID
        return response
    }
}
