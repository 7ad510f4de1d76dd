import SegueEngine

/// `POST /v1/simulate`: a preset, scene, parameters and gesture in; every frame as
/// JSON, or a preview as SVG, out. The response's facts carry the preset and the
/// frame count for the transport's metrics.
enum SimulateEndpoint {
    static func respond(
        to request: HTTPRequest, catalogue: PresetCatalogue, limits: RequestLimits
    ) throws(Problem) -> HTTPResponse {
        let body = try JSONBody.value(from: request, limits: limits.json)
        let simulateRequest = try SimulateRequest.parse(body, catalogue: catalogue, limits: limits)
        let simulation = try simulateRequest.run()
        let output = simulateRequest.output ?? SimulateOutput.negotiated(accept: request.headers["Accept"])
        var response: HTTPResponse
        switch output {
        case .json:
            response = HTTPResponse(
                status: .ok, headers: ["Content-Type": MediaType.json],
                body: try SimulateResponse(simulation).encoded())
        case .svg, .svgAnimated:
            // The JSON's checks, run in full and the bytes dropped: the SVG writer draws a NaN as 0, so
            // without them a simulation whose JSON is a 500 would be a 200 picture. Encoding costs less
            // than drawing, and one check cannot drift from the other as the wire grows.
            _ = try SimulateResponse(simulation).encoded()
            let preview = Preview(simulation: simulation, gesture: simulateRequest.input.gesture)
            let bytes = output == .svg ? FilmstripSVG(preview).bytes : AnimatedSVG(preview).bytes
            response = HTTPResponse(status: .ok, headers: ["Content-Type": MediaType.svg], body: bytes)
        }
        response.facts.presetID = simulation.presetID
        response.facts.framesSimulated = simulation.frames.count
        return response
    }
}
