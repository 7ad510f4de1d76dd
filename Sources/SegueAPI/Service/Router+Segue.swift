public import SegueEngine

extension Router {
    /// Segue's routes: health, readiness, the contract and the preset catalogue.
    public static func segue(catalogue: PresetCatalogue, readiness: Readiness) -> Router {
        Router(routes: [
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
        ])
    }
}
