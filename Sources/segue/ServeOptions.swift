import ArgumentParser

/// The command-line flags. Each has an environment variable of the same name in
/// upper case with a `SEGUE_` prefix; a flag wins over its variable.
struct ServeOptions: ParsableArguments {
    @Option(help: "Address to listen on: an IPv4 or IPv6 literal, or localhost. [env SEGUE_HOST, default 0.0.0.0]")
    var host: String?

    @Option(help: "TCP port; 0 picks a free port and prints it. [env SEGUE_PORT, default 8080]")
    var port: Int?

    @Option(
        help: ArgumentHelp(
            "'per-connection' (one thread per open connection) or N, an epoll pool of N threads. [env SEGUE_THREADS, default per-connection]",
            discussion: "Thread-per-connection suits Segue's CPU-heavy requests best; see README.md, Performance.",
            valueName: "per-connection|N"))
    var threads: ThreadsSetting?

    @Option(
        help:
            "Largest request body accepted, in bytes; larger bodies get 413. [env SEGUE_MAX_BODY_BYTES, default 4194304]"
    )
    var maxBodyBytes: Int?

    @Option(
        help:
            "MiB of request bodies held at once while they arrive; a request whose body does not fit has it dropped and gets 503 with Retry-After (bodies of 64 KiB or less always fit). [env SEGUE_BODY_MEMORY, default 128]"
    )
    var bodyMemory: Int?

    @Option(
        help:
            "Seconds an idle connection is kept, and the most a request head may take; also the window a body's rate is measured over. Not applied to a drive socket once upgraded (--drive-idle-timeout is its clock). [env SEGUE_CONNECTION_TIMEOUT, default 10]"
    )
    var connectionTimeout: Int?

    @Option(
        help:
            "Seconds a whole request (head and body) may take to arrive; a running handler is never cut. [env SEGUE_REQUEST_TIMEOUT, default 60]"
    )
    var requestTimeout: Int?

    @Option(
        help:
            "Least average rate of a request body, in bytes per second over each --connection-timeout window; slower bodies are cut, 0 turns it off. [env SEGUE_MIN_BODY_RATE, default 500]"
    )
    var minBodyRate: Int?

    @Option(
        help:
            "Most connections open at once; more wait in the kernel's listen queue, after idle or trickling connections are closed to make room. [env SEGUE_CONNECTION_LIMIT, default 512]"
    )
    var connectionLimit: Int?

    @Option(
        help:
            "Seconds shutdown waits for drive sessions to close and in-flight requests to complete (one deadline for both) before stopping anyway. [env SEGUE_DRAIN_TIMEOUT, default 10]"
    )
    var drainTimeout: Int?

    @Option(
        help:
            "Seconds between /readyz turning 503 and no longer accepting connections, so load balancers can react. [env SEGUE_DRAIN_DELAY, default 0]"
    )
    var drainDelay: Int?

    @Option(
        help: ArgumentHelp(
            "Browser origins whose pages may call the server (CORS): '*' for any, or origins separated by commas, such as 'https://www.figma.com,null'. [env SEGUE_ALLOWED_ORIGINS, default *]",
            discussion: "'null' is the origin of sandboxed iframes, such as design-tool plugins'.",
            valueName: "*|origin,..."))
    var allowedOrigins: AllowedOriginsSetting?

    @Option(
        help:
            "Answers of at least this many bytes go out gzip-coded to clients whose Accept-Encoding allows it; 0 never codes. [env SEGUE_GZIP_MIN_BYTES, default 1024]"
    )
    var gzipMinBytes: Int?

    @Option(help: "trace, debug, info, notice, warning, error or critical. [env SEGUE_LOG_LEVEL, default info]")
    var logLevel: LogLevelSetting?

    @Option(
        help:
            "Simulate, curves and decisions requests computing at once; more wait in a queue. [env SEGUE_MAX_CONCURRENT_SIMULATIONS, default: the CPUs this process may use: the cores, or the cgroup's CPU limit when lower]"
    )
    var maxConcurrentSimulations: Int?

    @Option(
        help:
            "Simulate and curves requests waiting for a slot; past that they get 503 with Retry-After. [env SEGUE_MAX_QUEUED_SIMULATIONS, default 128]"
    )
    var maxQueuedSimulations: Int?

    @Option(
        help:
            "MiB that simulate and curves requests, and their answers until sent, may hold at once; more wait in the queue. [env SEGUE_MEMORY_BUDGET, default 256]"
    )
    var memoryBudget: Int?

    @Option(help: "Deepest nesting of objects and arrays in a JSON body. [env SEGUE_MAX_JSON_DEPTH, default 32]")
    var maxJSONDepth: Int?

    @Option(help: "Longest string in a JSON body, in UTF-8 bytes. [env SEGUE_MAX_STRING_BYTES, default 1024]")
    var maxStringBytes: Int?

    @Option(
        help:
            "Most values (array elements and object members, at every depth) in a JSON body. [env SEGUE_MAX_JSON_VALUES, default 65536]"
    )
    var maxJSONValues: Int?

    @Option(
        help: "Largest magnitude of any number in a JSON body. [env SEGUE_MAX_NUMBER_MAGNITUDE, default 1e12]")
    var maxNumberMagnitude: Double?

    @Option(help: "Most samples in one gesture. [env SEGUE_MAX_GESTURE_SAMPLES, default 10000]")
    var maxGestureSamples: Int?

    @Option(help: "Most frames one simulation may produce. [env SEGUE_MAX_FRAMES, default 20000]")
    var maxFrames: Int?

    @Option(help: "Most samples one POST /v1/curves answer may hold. [env SEGUE_MAX_CURVE_SAMPLES, default 100000]")
    var maxCurveSamples: Int?

    @Option(help: "Most cells one POST /v1/decisions map may have. [env SEGUE_MAX_DECISION_CELLS, default 4096]")
    var maxDecisionCells: Int?

    @Option(help: "Most layers one transition document may have. [env SEGUE_MAX_TRANSITION_LAYERS, default 32]")
    var maxTransitionLayers: Int?

    @Option(help: "Most poses one transition document may have. [env SEGUE_MAX_TRANSITION_POSES, default 16]")
    var maxTransitionPoses: Int?

    @Option(
        help:
            "Most release guards one transition's pan may have, and conditions in one all or any list. [env SEGUE_MAX_RELEASE_GUARDS, default 16]"
    )
    var maxReleaseGuards: Int?

    @Option(
        help:
            "Most bytes one transition layer's image may decode to; its base64 text is a third longer and must fit --max-body-bytes. [env SEGUE_MAX_IMAGE_BYTES, default 1048576]"
    )
    var maxImageBytes: Int?

    @Option(
        help:
            "Live drive sessions (GET /v1/drive) open at once; more get 503 before the upgrade. Each costs about 48 KiB at rest and, live at 60 samples/s, about 0.2 % of a core: size it with scripts/load-drive (README.md, Live drive). Drive sockets do not count against --connection-limit. [env SEGUE_DRIVE_MAX_SESSIONS, default 512]"
    )
    var driveMaxSessions: Int?

    @Option(
        help:
            "Seconds a drive session may go without hearing from its client (a pong counts), with nothing waiting for it, before it closes. [env SEGUE_DRIVE_IDLE_TIMEOUT, default 60]"
    )
    var driveIdleTimeout: Int?

    @Option(
        help:
            "Largest message a drive client may send, in bytes; larger closes the session with 1009. [env SEGUE_DRIVE_MAX_MESSAGE_BYTES, default 1048576]"
    )
    var driveMaxMessageBytes: Int?

    @Option(help: "Most gesture samples one drive session may hold. [env SEGUE_DRIVE_MAX_SAMPLES, default 10000]")
    var driveMaxSamples: Int?

    @Option(
        help:
            "Bytes a drive session holds unsent for its client; past it the session makes no more until the client reads. [env SEGUE_DRIVE_MAX_QUEUED_BYTES, default 262144]"
    )
    var driveMaxQueuedBytes: Int?

    @Option(
        help:
            "Seconds a drive session waits for a client that reads nothing of what waits for it; past it the session closes with 1008. [env SEGUE_DRIVE_STALL_TIMEOUT, default 30]"
    )
    var driveStallTimeout: Int?

    @Option(help: "Seconds between a drive session's keepalive pings. [env SEGUE_DRIVE_PING_INTERVAL, default 20]")
    var drivePingInterval: Int?

    @Option(
        help:
            "Threads serving live drive sessions, each an event loop holding many sessions. [env SEGUE_DRIVE_THREADS, default: the CPUs this process may use]"
    )
    var driveThreads: Int?
}
