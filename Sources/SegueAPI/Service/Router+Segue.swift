public import SegueEngine

extension Router {
    /// Segue's routes: the playground page, health, readiness, the contract, the preset catalogue and each preset's
    /// detail, the curve sampler and the simulator.
    ///
    /// `limits` caps what one request may make the server hold or compute (the server's flags).
    public static func segue(
        catalogue: PresetCatalogue, readiness: Readiness, limits: RequestLimits = RequestLimits()
    ) -> Router {
        Router(routes: [
            Route(.get, "/") { _ in
                HTTPResponse(status: .ok, headers: ["Content-Type": MediaType.html], body: PlaygroundPage.bytes)
            },
            Route(.get, "/healthz") { _ throws(Problem) in
                try .json(HealthStatus(status: "ok"))
            },
            Route(.get, "/readyz") { _ throws(Problem) in
                guard readiness.isReady else { throw Problem.shuttingDown() }
                return try .json(HealthStatus(status: "ready"))
            },
            Route(.get, "/openapi.yaml") { _ in
                HTTPResponse(status: .ok, headers: ["Content-Type": MediaType.yaml], body: OpenAPIDocument.bytes)
            },
            Route(.get, "/v1/presets") { _ throws(Problem) in
                try .json(PresetList(catalogue))
            },
            Route(.get, "/v1/presets/{id}") { context throws(Problem) in
                let id = context.parameters["id"] ?? ""
                guard let preset = catalogue.preset(id: id) else {
                    throw Problem.unknownPreset(id: id, validIDs: catalogue.ids)
                }
                let body = try PresetDetail(preset).encoded()
                return HTTPResponse(status: .ok, headers: ["Content-Type": MediaType.json], body: body)
            },
            Route(.post, "/v1/curves") { context throws(Problem) in
                let json = try JSONBody.value(from: context.request, limits: limits.json)
                let query = try CurvesQuery.parse(json, maxSamples: limits.maxCurveSamples)
                let body = try CurvesResponse(query).encoded()
                return HTTPResponse(status: .ok, headers: ["Content-Type": MediaType.json], body: body)
            },
            Route(.post, "/v1/simulate") { context throws(Problem) in
                let body = try JSONBody.value(from: context.request, limits: limits.json)
                let request = try SimulateRequest.parse(body, catalogue: catalogue, limits: limits)
                let simulation = try request.run()
                let output = request.output ?? SimulateOutput.negotiated(accept: context.request.headers["Accept"])
                switch output {
                case .json:
                    return HTTPResponse(
                        status: .ok, headers: ["Content-Type": MediaType.json],
                        body: try SimulateResponse(simulation).encoded())
                case .svg, .svgAnimated:
                    try SimulateResponse(simulation).checkShape()
                    let preview = Preview(simulation: simulation, gesture: request.input.gesture)
                    let bytes = output == .svg ? FilmstripSVG(preview).bytes : AnimatedSVG(preview).bytes
                    return HTTPResponse(status: .ok, headers: ["Content-Type": MediaType.svg], body: bytes)
                }
            },
        ])
    }
}
