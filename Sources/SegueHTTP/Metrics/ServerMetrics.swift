public import Prometheus
public import SegueAPI
import Synchronization

/// What `GET /metrics` reports, in Prometheus' text format: requests by route, method and
/// status; a latency histogram and body bytes per route; frames simulated per preset;
/// problems by type; and, read when scraped, requests in flight, open connections,
/// simulations admitted and the process's resident memory.
///
/// Labels are low-cardinality by construction: a route's pattern (`/v1/presets/{id}`,
/// never the path a client typed, which would grow without bound), a method, a status,
/// a preset of the catalogue, a problem type of the API.
///
/// Counters and histograms live in a swift-prometheus `PrometheusCollectorRegistry`;
/// the executable also hands that registry to swift-metrics, so anything instrumented
/// with the swift-metrics API lands on the same page. Shared by every transport thread.
public final class ServerMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry
    private let handles = ShardedTable<RouteKey, RouteHandles>()
    /// `segue_frames_simulated_total` by preset id, and `segue_problems_total` by problem
    /// type: like the route handles, looked up without the registry's lock on every request.
    private let framesByPreset = ShardedTable<String, Counter>()
    private let problemsByType = ShardedTable<String, Counter>()
    private let readings = Mutex<Readings?>(nil)
    private let gateReading = Mutex<WorkGate?>(nil)

    private let inFlightGauge: Gauge
    private let connectionsGauge: Gauge
    private let admittedGauge: Gauge
    private let reservedGauge: Gauge
    private let residentGauge: Gauge
    private let driveSessionsGauge: Gauge
    private let driveMessagesIn: Counter
    private let driveMessagesOut: Counter
    private let driveSessionLength: DurationHistogram
    private let driveFrameLatency: DurationHistogram

    /// From a samples message's arrival to the frames it determined being written to the socket.
    static let frameLatencyBuckets: [Duration] = [
        .microseconds(50), .microseconds(100), .microseconds(200), .microseconds(300), .microseconds(500),
        .microseconds(750), .milliseconds(1), .milliseconds(2), .milliseconds(3), .milliseconds(5),
        .milliseconds(10), .milliseconds(20), .milliseconds(50), .milliseconds(100), .milliseconds(250),
    ]

    /// Drive session lengths, seconds: from a quick drag to an hour's design session.
    static let sessionBuckets: [Duration] = [
        .seconds(1), .seconds(5), .seconds(15), .seconds(60), .seconds(300), .seconds(900), .seconds(3600),
    ]

    /// Latency buckets, seconds: from a health check (~0.1 ms) to a 20 000-frame simulation (~1 s and more).
    static let latencyBuckets: [Duration] = [
        .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2.5), .milliseconds(5),
        .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
        .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5),
    ]

    /// The label value for requests no route matched (404s and bodies refused before routing).
    static let unmatchedRoute = "unmatched"

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        inFlightGauge = registry.makeGauge(
            descriptor: Self.name("http_requests_in_flight", unit: "", "Requests received and not yet answered."))
        connectionsGauge = registry.makeGauge(
            descriptor: Self.name("http_open_connections", unit: "", "Connections open, idle keep-alive ones included.")
        )
        admittedGauge = registry.makeGauge(
            descriptor: Self.name(
                "simulations_admitted", unit: "",
                "Simulate and curves requests computing or queued for a slot (see --max-concurrent-simulations)."))
        reservedGauge = registry.makeGauge(
            descriptor: Self.name(
                "memory_budget_reserved", unit: "bytes",
                "Bytes of --memory-budget held by computing requests and answers not yet sent."))
        residentGauge = registry.makeGauge(
            descriptor: MetricNameDescriptor(
                namespace: "process", metricName: "resident_memory", unitName: "bytes",
                helpText: "Resident memory size in bytes."))
        driveSessionsGauge = registry.makeGauge(
            descriptor: Self.name("drive_sessions_open", unit: "", "Live drive sessions open (GET /v1/drive)."))
        driveMessagesIn = registry.makeCounter(
            descriptor: Self.name("drive_messages_received", unit: "total", "Text messages received on drive sessions.")
        )
        driveMessagesOut = registry.makeCounter(
            descriptor: Self.name("drive_messages_sent", unit: "total", "Text messages sent on drive sessions."))
        driveSessionLength = registry.makeDurationHistogram(
            descriptor: Self.name("drive_session_duration", unit: "seconds", "How long drive sessions lasted."),
            buckets: Self.sessionBuckets)
        driveFrameLatency = registry.makeDurationHistogram(
            descriptor: Self.name(
                "drive_frame_latency", unit: "seconds",
                "From a drive message's arrival to the frames it determined being written to the socket."),
            buckets: Self.frameLatencyBuckets)
    }

    func driveFrameLatency(seconds: Double) {
        driveFrameLatency.recordNanoseconds(Int64(max(0, min(seconds, 1e6)) * 1e9))
    }

    func driveSessionOpened() {
        driveSessionsGauge.increment()
    }

    func driveSessionClosed(after seconds: Double) {
        driveSessionsGauge.decrement()
        driveSessionLength.recordNanoseconds(Int64(max(0, min(seconds, 1e9)) * 1e9))
    }

    func driveMessageReceived() {
        driveMessagesIn.increment()
    }

    func driveMessageSent() {
        driveMessagesOut.increment()
    }

    /// Where the scrape-time gauges are read from; the server connects itself once it runs.
    struct Readings: Sendable {
        var inFlight: @Sendable () -> Int
        var openConnections: @Sendable () -> Int
    }

    func connect(_ readings: Readings) {
        self.readings.withLock { $0 = readings }
    }

    /// Admission counts come from the service's gate, which exists before the server.
    public func observe(_ gate: WorkGate) {
        gateReading.withLock { $0 = gate }
    }

    /// Records one finished exchange.
    func record(
        method: HTTPMethod, status: Int, duration: Duration, requestBytes: Int, responseBytes: Int,
        facts: ResponseFacts
    ) {
        let route = facts.route ?? Self.unmatchedRoute
        let key = RouteKey(route: route, method: Self.methodLabel(method), status: status)
        let handles = handles(for: key)
        handles.requests.increment()
        handles.latency.record(duration)
        handles.requestBytes.increment(by: Int64(requestBytes))
        handles.responseBytes.increment(by: Int64(responseBytes))
        if let preset = facts.presetID, facts.framesSimulated > 0 {
            let frames = framesByPreset.value(for: preset) {
                registry.makeCounter(
                    descriptor: Self.name("frames_simulated", unit: "total", "Frames produced by simulations."),
                    labels: [("preset", preset)])
            }
            frames.increment(by: Int64(facts.framesSimulated))
        }
        if let type = facts.problemType {
            let problems = problemsByType.value(for: type) {
                registry.makeCounter(
                    descriptor: Self.name("problems", unit: "total", "Error responses by problem type."),
                    labels: [("type", type)])
            }
            problems.increment()
        }
    }

    /// The page `GET /metrics` serves: the gauges read now, then every series.
    public func exposition() -> [UInt8] {
        if let readings = readings.withLock({ $0 }) {
            inFlightGauge.set(Double(readings.inFlight()))
            connectionsGauge.set(Double(readings.openConnections()))
        }
        if let gate = gateReading.withLock({ $0 }) {
            admittedGauge.set(Double(gate.admittedCount))
            reservedGauge.set(Double(gate.reservedBytes))
        }
        if let resident = ProcessMemory.residentBytes() {
            residentGauge.set(Double(resident))
        }
        return registry.emitToBuffer()
    }

    /// The standard methods by name; any other token a client sends is `other`, so that a
    /// client cannot grow the number of series (and the memory they take) without bound.
    static func methodLabel(_ method: HTTPMethod) -> String {
        standardMethods.contains(method.rawValue) ? method.rawValue : "other"
    }

    private static let standardMethods: Set = [
        "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "CONNECT", "TRACE",
    ]

    private func handles(for key: RouteKey) -> RouteHandles {
        handles.value(for: key) { makeHandles(for: key) }
    }

    /// The series of one key, from the registry (which returns existing ones by name and labels).
    private func makeHandles(for key: RouteKey) -> RouteHandles {
        let labels = [("route", key.route), ("method", key.method), ("status", String(key.status))]
        let routeLabel = [("route", key.route)]
        return RouteHandles(
            requests: registry.makeCounter(
                descriptor: Self.name(
                    "http_requests", unit: "total", "Requests answered, by route, method and status."),
                labels: labels),
            latency: registry.makeDurationHistogram(
                descriptor: Self.name(
                    "http_request_duration", unit: "seconds",
                    "Time from a request's head arriving to its answer being sent, by route."),
                labels: routeLabel, buckets: Self.latencyBuckets),
            requestBytes: registry.makeCounter(
                descriptor: Self.name(
                    "http_request_body", unit: "bytes_total", "Request body bytes received, by route."),
                labels: routeLabel),
            responseBytes: registry.makeCounter(
                descriptor: Self.name("http_response_body", unit: "bytes_total", "Response body bytes sent, by route."),
                labels: routeLabel))
    }

    private static func name(_ metric: String, unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "segue", metricName: metric, unitName: unit, helpText: help)
    }

    private struct RouteKey: Hashable {
        var route: String
        var method: String
        var status: Int
    }

    private struct RouteHandles: Sendable {
        var requests: Counter
        var latency: DurationHistogram
        var requestBytes: Counter
        var responseBytes: Counter
    }
}
