public import SegueEngine

extension Router {
    /// Segue's routes: the playground page, the browser SDK, health, readiness, the contract, metrics, the preset catalogue and each
    /// preset's detail, the curve sampler, the simulator and the decision maps.
    ///
    /// `limits` caps what one request may make the server hold or compute (the server's flags);
    /// `gate`, when given, admits the computing routes (`Admission`): their bodies by their JSON
    /// trees' bytes, then their work by its cost once parsed (none when nil, as in tests that
    /// call the service directly); `metrics`, when given, serves
    /// `GET /metrics` with the bytes it returns.
    public static func segue(
        catalogue: PresetCatalogue, readiness: Readiness, limits: RequestLimits = RequestLimits(),
        gate: WorkGate? = nil, metrics: (@Sendable () -> [UInt8])? = nil
    ) -> Router {
        let costs = gate.map { _ in SimulateCost(catalogue: catalogue) }
        let admission = gate.map { Admission(gate: $0) }
        var routes = [
            Route(.get, "/") { _ in
                HTTPResponse(status: .ok, headers: ["Content-Type": MediaType.html], body: PlaygroundPage.bytes)
            },
            Route(.get, BrowserSDK.scriptPath) { _ in
                HTTPResponse(status: .ok, headers: ["Content-Type": MediaType.javascript], body: BrowserSDK.script)
            },
            Route(.get, BrowserSDK.typesPath) { _ in
                HTTPResponse(status: .ok, headers: ["Content-Type": MediaType.typescript], body: BrowserSDK.types)
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
                try CurvesEndpoint.respond(to: context.request, limits: limits, admission: admission)
            },
            Route(.post, "/v1/simulate") { context throws(Problem) in
                try SimulateEndpoint.respond(
                    to: context.request, catalogue: catalogue, limits: limits, admission: admission, costs: costs)
            },
            Route(.post, "/v1/decisions") { context throws(Problem) in
                try DecisionsEndpoint.respond(
                    to: context.request, catalogue: catalogue, limits: limits, admission: admission)
            },
            // The live drive socket. The transport takes the WebSocket upgrade before routing; a
            // request that reaches the route did not ask for one.
            Route(.get, DriveSession.path) { context in
                var response = HTTPResponse.problem(
                    .upgradeRequired(), path: context.request.path, requestID: context.requestID)
                response.headers.add(name: "Upgrade", value: "websocket")  // RFC 9110 §15.5.22
                return response
            },
        ]
        if let metrics {
            routes.append(
                Route(.get, "/metrics") { _ in
                    HTTPResponse(
                        status: .ok, headers: ["Content-Type": MediaType.prometheusText], body: metrics())
                })
        }
        return Router(routes: routes)
    }
}
