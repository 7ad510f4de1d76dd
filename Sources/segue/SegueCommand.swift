import ArgumentParser
import Dispatch
import FoundationEssentials
import Glibc
import Logging
import Metrics
import Prometheus
import SegueAPI
import SegueEngine
import SegueHTTP
import Synchronization

/// `segue`: serves the Segue API until SIGTERM or SIGINT, then drains and exits 0.
@main
struct SegueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segue",
        abstract: "Simulates interactive iOS view transitions over HTTP/JSON.",
        discussion: """
            Serves the Segue API (GET /openapi.yaml describes it). When it is ready it prints one line, \
            'listening on http://HOST:PORT', on standard output; logs go to standard error, one line per request. \
            SIGTERM or SIGINT drains: /readyz turns 503, no new connection is taken, requests in flight complete, \
            then it exits 0. A second signal exits at once.
            """
    )

    @OptionGroup var options: ServeOptions

    @Flag(
        help: "Check http://127.0.0.1:PORT/healthz and exit 0 if it answers 200, else 1 (for container health checks).")
    var healthcheck = false

    func run() throws {
        let settings = try Settings.resolve(options, environment: ProcessInfo.processInfo.environment)
        if healthcheck {
            let port = settings.server.port == 0 ? 8080 : settings.server.port
            throw ExitCode(HealthProbe.isHealthy(port: port) ? 0 : 1)
        }
        let level = settings.logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "segue")
        let readiness = Readiness()
        let metrics = ServerMetrics()
        // Anything instrumented with swift-metrics reports into the same registry.
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: metrics.registry))
        let gate = WorkGate(
            maxRunning: settings.concurrency.maxRunning, maxQueued: settings.concurrency.maxQueued,
            memoryBudget: settings.concurrency.memoryBudget)
        metrics.observe(gate)
        let service = SegueService(
            router: .segue(
                catalogue: .builtIn, readiness: readiness, limits: settings.limits, gate: gate,
                metrics: { metrics.exposition() }), cors: settings.cors, compression: settings.compression)

        let signals = ShutdownSignals(logger: logger)
        let server: HTTPServer
        do {
            server = try HTTPServer(
                configuration: settings.server, service: service, readiness: readiness, logger: logger,
                metrics: metrics,
                drive: DriveEndpoint(catalogue: .builtIn, limits: settings.limits, driveLimits: settings.drive),
                gate: gate)
        } catch {
            Output.error("Error: \(error)")
            throw ExitCode.failure
        }
        Output.line("listening on http://\(Output.hostForURL(settings.server.host)):\(server.port)")
        logger.info(
            "ready", metadata: ["port": "\(server.port)", "threads": "\(ThreadsSetting(settings.server.threading))"])

        signals.wait()
        logger.info("shutting down", metadata: ["in_flight": "\(server.requestsInFlight)"])
        server.shutdown()
        logger.info("stopped")
        // Every connection is closed and every session has given its slot back; a session's
        // thread may still be unwinding its last lines, and libdispatch's workers idle. A plain
        // return would run the C libraries' exit-time destructors (libmicrohttpd's, GnuTLS's,
        // stdio's buffers) beside those threads; ending here, once what was written is flushed,
        // leaves nothing to race with.
        fflush(nil)
        _exit(0)
    }
}
