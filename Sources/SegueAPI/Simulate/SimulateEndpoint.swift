import SegueEngine

/// `POST /v1/simulate`: a preset, scene, parameters and gesture in; every frame as
/// JSON, or a preview as SVG, out. The response's facts carry the preset and the
/// frame count for the transport's metrics.
///
/// The request is parsed before it meets the gate (when there is one), so that it is admitted
/// by its estimated cost (`SimulateCost`); its reservation then follows the real size: the
/// simulation's once it has run, the body's once written, and the answer keeps it until sent.
enum SimulateEndpoint {
    static func respond(
        to request: HTTPRequest, catalogue: PresetCatalogue, limits: RequestLimits, gate: WorkGate? = nil,
        costs: SimulateCost? = nil
    ) throws(Problem) -> HTTPResponse {
        let body = try JSONBody.value(from: request, limits: limits.json)
        var simulateRequest = try SimulateRequest.parse(body, catalogue: catalogue, limits: limits)
        simulateRequest.input.cancellation = request.cancellation
        guard let gate else { return try respond(to: request, simulating: simulateRequest, reservation: nil) }
        let cost = (costs ?? SimulateCost(catalogue: catalogue)).estimatedBytes(for: simulateRequest)
        return try gate.run(cost: cost, cancellation: request.cancellation) { reservation throws(Problem) in
            try respond(to: request, simulating: simulateRequest, reservation: reservation)
        }
    }

    private static func respond(
        to request: HTTPRequest, simulating simulateRequest: SimulateRequest, reservation: WorkGate.Reservation?
    ) throws(Problem) -> HTTPResponse {
        let simulation = try simulateRequest.run()
        reservation?.resize(to: SimulateCost.bytes(of: simulation))
        // The last check before the answer is written: writing it costs as much as the frames.
        guard !request.cancellation.isCancelled else { throw Problem.clientGone() }
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
        case .lottie:
            _ = try SimulateResponse(simulation).encoded()
            let window = Preview(simulation: simulation, gesture: simulateRequest.input.gesture).window.size
            response = HTTPResponse(
                status: .ok, headers: ["Content-Type": MediaType.json],
                body: LottieExport(simulation: simulation, window: window, tolerance: simulateRequest.lottieTolerance)
                    .bytes)
        case .css, .waapi:
            // The JSON's checks too, as for the SVG outputs: a frame the JSON refuses is not exported.
            _ = try SimulateResponse(simulation).encoded()
            let window = Preview(simulation: simulation, gesture: simulateRequest.input.gesture).window.size
            let keyframes = WebKeyframes(simulation, window: window)
            response =
                output == .css
                ? HTTPResponse(
                    status: .ok, headers: ["Content-Type": MediaType.html],
                    body: CSSExport(keyframes: keyframes, title: "Segue: \(simulation.presetID)").bytes)
                : HTTPResponse(
                    status: .ok, headers: ["Content-Type": MediaType.json],
                    body: WAAPIExport(keyframes: keyframes).bytes)
        }
        response.facts.presetID = simulation.presetID
        response.facts.framesSimulated = simulation.frames.count
        // From here the answer is what is held, until the transport has sent it.
        reservation?.resize(to: response.body.count)
        response.reservation = reservation
        return response
    }
}
