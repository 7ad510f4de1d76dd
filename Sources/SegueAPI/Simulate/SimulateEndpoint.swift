import SegueEngine
import SegueMath

/// `POST /v1/simulate`: a preset, scene, parameters and gesture in; every frame as
/// JSON, or a preview as SVG, out. The response's facts carry the preset and the
/// frame count for the transport's metrics.
///
/// The request is parsed before it meets the gate (when there is one; its body's tree is admitted
/// by its own bytes, `BodyAdmission`), so that it is admitted by its estimated cost for the output
/// it asks for (`SimulateCost`); its reservation then follows the real size: the simulation's and
/// its output's once it has run, the body's once written, and the answer keeps it until sent.
enum SimulateEndpoint {
    static func respond(
        to request: HTTPRequest, catalogue: PresetCatalogue, limits: RequestLimits, admission: Admission? = nil,
        costs: SimulateCost? = nil
    ) throws(Problem) -> HTTPResponse {
        var simulateRequest = try JSONBody.read(request, limits: limits.json, admission: admission?.bodies) {
            body throws(Problem) in
            try SimulateRequest.parse(body, catalogue: catalogue, limits: limits)
        }
        simulateRequest.input.cancellation = request.cancellation
        let output = simulateRequest.output ?? SimulateOutput.negotiated(accept: request.headers["Accept"])
        guard let admission else {
            return try respond(to: request, simulating: simulateRequest, output: output, costs: nil, reservation: nil)
        }
        let costs = costs ?? SimulateCost(catalogue: catalogue)
        let cost = costs.estimatedBytes(for: simulateRequest, output: output)
        return try admission.run(cost: cost, cancellation: request.cancellation) { reservation throws(Problem) in
            try respond(
                to: request, simulating: simulateRequest, output: output, costs: costs, reservation: reservation)
        }
    }

    private static func respond(
        to request: HTTPRequest, simulating simulateRequest: SimulateRequest, output: SimulateOutput,
        costs: SimulateCost?, reservation: WorkGate.Reservation?
    ) throws(Problem) -> HTTPResponse {
        let simulation = try simulateRequest.run()
        let drawsArt = simulateRequest.drawsArt(output, frames: simulation.frames.count)
        if let reservation, let costs {
            reservation.resize(
                to: costs.bytes(
                    of: simulation, output: output, encoding: simulateRequest.encoding,
                    transition: simulateRequest.transition,
                    art: drawsArt))
        }
        // The last check before the answer is written: writing it costs as much as the frames.
        guard !request.cancellation.isCancelled else { throw Problem.clientGone() }
        var answer = SimulateResponse(
            simulation, encoding: output == .json ? simulateRequest.encoding : .full,
            scene: simulateRequest.resolvedScene)
        answer.transition = simulateRequest.transition
        var response: HTTPResponse
        if output == .json {
            response = HTTPResponse(status: .ok, headers: ["Content-Type": MediaType.json], body: try answer.encoded())
        } else {
            // Every other output is drawn from the same simulation after the JSON's checks, run in full
            // and the bytes dropped before drawing: the SVG writer draws a NaN as 0, so without them a
            // simulation whose JSON is a 500 would be a 200 picture. Encoding costs less than drawing,
            // and one check cannot drift from the other as the wire grows.
            _ = try answer.encoded()
            // A catalogue preset's exports draw its layers' art (`ExportArt`); the JSON above never does.
            let drawnSimulation =
                drawsArt
                ? ExportArt.applied(
                    to: simulation, scene: simulateRequest.resolvedScene.map { ($0.name, $0.value) })
                : simulation
            let preview = Preview(
                simulation: drawnSimulation, gesture: simulateRequest.input.gesture,
                window: simulateRequest.window)
            let (mediaType, body) = Self.drawn(output, preview, lottieTolerance: simulateRequest.lottieTolerance)
            response = HTTPResponse(status: .ok, headers: ["Content-Type": mediaType], body: body)
        }
        response.facts.presetID = simulation.presetID
        response.facts.framesSimulated = simulation.frames.count
        // From here the answer is what is held, until the transport has sent it (and while it
        // gzip-codes it, the coding's buffer too: `ResponseCompression` gives that back).
        reservation?.resize(
            to: ResponseCompression.heldBytes(
                body: response.body.count, acceptEncoding: request.headers["Accept-Encoding"]))
        response.reservation = reservation
        return response
    }

    /// The bytes of a picture or an export of the preview's simulation, and their media type.
    private static func drawn(_ output: SimulateOutput, _ preview: Preview, lottieTolerance: Double?) -> (
        String, [UInt8]
    ) {
        let window = preview.window.size
        switch output {
        case .json: return (MediaType.json, [])  // answered by the caller
        case .svg: return (MediaType.svg, FilmstripSVG(preview).bytes)
        case .svgAnimated: return (MediaType.svg, AnimatedSVG(preview).bytes)
        case .lottie:
            return (
                MediaType.json, drawn(.lottie, preview.simulation, window: window, lottieTolerance: lottieTolerance)
            )
        case .css: return (MediaType.html, drawn(.css, preview.simulation, window: window))
        case .waapi: return (MediaType.json, drawn(.waapi, preview.simulation, window: window))
        }
    }

    /// The bytes of an export of `simulation` in a window of `window` (the whole preview's when nil):
    /// Lottie, CSS or WAAPI; empty for the other outputs. `SimulateCost` measures each preset's.
    static func drawn(
        _ output: SimulateOutput, _ simulation: Simulation, window: Size?, lottieTolerance: Double? = nil
    ) -> [UInt8] {
        let window = window ?? Preview.extent(of: simulation.layers)
        switch output {
        case .lottie: return LottieExport(simulation: simulation, window: window, tolerance: lottieTolerance).bytes
        case .css:
            let page = CSSExport(
                keyframes: WebKeyframes(simulation, window: window), title: "Segue: \(simulation.presetID)")
            return page.bytes
        case .waapi: return WAAPIExport(keyframes: WebKeyframes(simulation, window: window)).bytes
        case .json, .svg, .svgAnimated: return []
        }
    }
}
