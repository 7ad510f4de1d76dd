import Glibc
import Logging
import SegueAPI
import SegueEngine
import SegueHTTP

/// A real libmicrohttpd server on an ephemeral port of 127.0.0.1, serving Segue's
/// routes plus one JSON echo route (`POST /test/echo`) so body handling can be
/// exercised before the product has a JSON endpoint of its own, and one that holds
/// its handler for `LiveServer.handlerHold` (`POST /test/hold`) so deadlines can be
/// seen to spare a running handler.
struct LiveServer {
    let server: HTTPServer
    let readiness: Readiness
    var port: Int { server.port }

    /// How long `POST /test/hold`'s handler runs, in milliseconds, before it answers 200 `held`.
    static let handlerHoldMilliseconds = 2500

    struct Echo: Codable {
        var name: String
        var count: Int
    }

    init(
        maxBodyBytes: Int = 4 * 1024 * 1024, threading: ThreadingModel = .threadPerConnection,
        metrics: ServerMetrics? = nil, gate: WorkGate? = nil, connectionTimeout: Int = 10,
        configure: (inout ServerConfiguration) -> Void = { _ in }
    ) throws {
        readiness = Readiness()
        var exposition: (@Sendable () -> [UInt8])?
        if let metrics {
            exposition = { metrics.exposition() }
        }
        let routes =
            Router.segue(catalogue: .builtIn, readiness: readiness, gate: gate, metrics: exposition).routes + [
                Route(.post, "/test/echo") { context throws(Problem) in
                    try .json(JSONBody.decode(Echo.self, from: context.request))
                },
                Route(.post, "/test/hold") { _ throws(Problem) in
                    usleep(useconds_t(Self.handlerHoldMilliseconds * 1000))
                    return HTTPResponse(status: .ok, body: Array("held".utf8))
                },
            ]
        var configuration = ServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.maxBodyBytes = maxBodyBytes
        configuration.threading = threading
        configuration.drainTimeout = 5
        configuration.connectionTimeout = connectionTimeout
        configure(&configuration)
        server = try HTTPServer(
            configuration: configuration,
            service: SegueService(router: Router(routes: routes)),
            readiness: readiness,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
            metrics: metrics,
            gate: gate
        )
    }

    /// Polls `condition` until it holds or `seconds` pass; for effects that happen on
    /// the server's own threads after the client is done (a completion callback).
    func eventually(within seconds: Double = 5, _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if condition() { return true }
            usleep(2_000)
        }
        return condition()
    }
}
