import ArgumentParser
import Glibc
import Logging
import SegueAPI
import SegueHTTP

/// Everything the executable is told at start, resolved once from flags, then
/// environment variables, then defaults, and passed down as values.
struct Settings {
    var server: ServerConfiguration
    var limits: RequestLimits
    var concurrency: Concurrency
    var logLevel: Logger.Level
    var cors: CORSPolicy
    var drive: DriveLimits
    var compression: ResponseCompression

    /// How many computing requests run at once, how many may wait, and the memory they may hold.
    struct Concurrency {
        var maxRunning: Int
        var maxQueued: Int
        /// Bytes (the flag is in MiB).
        var memoryBudget: Int

        /// The work gate's default, in MiB for the flag.
        static let defaultMemoryBudgetMiB = WorkGate.defaultMemoryBudget >> 20

        /// One computation per CPU the process may use (the cores, or the container's CPU limit
        /// when lower; `CPULimit`): more only time-slices the same CPUs.
        static let defaultMaxRunning = CPULimit.available
        /// Enough for 128 clients at once to queue rather than be refused (the load test uses 64).
        static let defaultMaxQueued = 128
    }

    /// Resolves each setting: the flag if given, else its `SEGUE_*` variable, else the default.
    /// Throws a `ValidationError` naming the flag or variable and what it accepts.
    static func resolve(_ options: ServeOptions, environment: [String: String]) throws -> Settings {
        let source = SettingSource(environment: environment)
        let defaults = ServerConfiguration()
        var server = ServerConfiguration()
        server.host = try source.value(options.host, env: "SEGUE_HOST", default: defaults.host)
        server.port = try source.value(options.port, env: "SEGUE_PORT", default: defaults.port, in: 0...65535)
        server.threading = try source.value(
            options.threads, env: "SEGUE_THREADS", default: ThreadsSetting(defaults.threading),
            expected: "'per-connection' or a pool size from 1 to 256"
        ).threading
        server.maxBodyBytes = try source.value(
            options.maxBodyBytes, env: "SEGUE_MAX_BODY_BYTES", default: defaults.maxBodyBytes, in: 1...(1 << 30))
        server.bodyMemory =
            try source.value(
                options.bodyMemory, env: "SEGUE_BODY_MEMORY", default: defaults.bodyMemory >> 20, in: 1...(1 << 20))
            << 20
        server.connectionTimeout = try source.value(
            options.connectionTimeout, env: "SEGUE_CONNECTION_TIMEOUT", default: defaults.connectionTimeout,
            in: 1...3600)
        server.requestTimeout = try source.value(
            options.requestTimeout, env: "SEGUE_REQUEST_TIMEOUT", default: defaults.requestTimeout, in: 1...3600)
        server.minBodyRate = try source.value(
            options.minBodyRate, env: "SEGUE_MIN_BODY_RATE", default: defaults.minBodyRate, in: 0...(1 << 30))
        server.connectionLimit = try source.value(
            options.connectionLimit, env: "SEGUE_CONNECTION_LIMIT", default: defaults.connectionLimit, in: 1...65536)
        server.drainTimeout = try source.value(
            options.drainTimeout, env: "SEGUE_DRAIN_TIMEOUT", default: defaults.drainTimeout, in: 0...3600)
        server.drainDelay = try source.value(
            options.drainDelay, env: "SEGUE_DRAIN_DELAY", default: defaults.drainDelay, in: 0...3600)
        server.driveThreads = try source.value(
            options.driveThreads, env: "SEGUE_DRIVE_THREADS", default: defaults.driveThreads, in: 1...256)
        let level = try source.value(
            options.logLevel, env: "SEGUE_LOG_LEVEL", default: LogLevelSetting(.info),
            expected: "trace, debug, info, notice, warning, error or critical")
        let concurrency = Concurrency(
            maxRunning: try source.value(
                options.maxConcurrentSimulations, env: "SEGUE_MAX_CONCURRENT_SIMULATIONS",
                default: Concurrency.defaultMaxRunning, in: 1...4096),
            maxQueued: try source.value(
                options.maxQueuedSimulations, env: "SEGUE_MAX_QUEUED_SIMULATIONS",
                default: Concurrency.defaultMaxQueued, in: 0...65536),
            memoryBudget: try source.value(
                options.memoryBudget, env: "SEGUE_MEMORY_BUDGET", default: Concurrency.defaultMemoryBudgetMiB,
                in: 1...(1 << 20)) << 20)
        let origins = try source.value(
            options.allowedOrigins, env: "SEGUE_ALLOWED_ORIGINS", default: AllowedOriginsSetting(CORSPolicy()),
            expected: "'*' or origins separated by commas, each 'null' or scheme://host[:port]")
        let gzipMinBytes = try source.value(
            options.gzipMinBytes, env: "SEGUE_GZIP_MIN_BYTES", default: ResponseCompression.defaultMinimumBytes,
            in: 0...(1 << 30))
        return Settings(
            server: server, limits: try resolveLimits(options, source: source), concurrency: concurrency,
            logLevel: level.level, cors: origins.policy, drive: try resolveDrive(options, source: source),
            compression: ResponseCompression(minimumBytes: gzipMinBytes == 0 ? nil : gzipMinBytes))
    }

    /// The drive socket's limits: each flag, else its variable, else `DriveLimits`' default.
    private static func resolveDrive(_ options: ServeOptions, source: SettingSource) throws -> DriveLimits {
        let defaults = DriveLimits()
        var limits = DriveLimits()
        limits.maxSessions = try source.value(
            options.driveMaxSessions, env: "SEGUE_DRIVE_MAX_SESSIONS", default: defaults.maxSessions, in: 0...65536)
        limits.idleTimeout = try source.value(
            options.driveIdleTimeout, env: "SEGUE_DRIVE_IDLE_TIMEOUT", default: defaults.idleTimeout, in: 1...86400)
        limits.maxMessageBytes = try source.value(
            options.driveMaxMessageBytes, env: "SEGUE_DRIVE_MAX_MESSAGE_BYTES", default: defaults.maxMessageBytes,
            in: 1024...(1 << 30))
        limits.maxSamples = try source.value(
            options.driveMaxSamples, env: "SEGUE_DRIVE_MAX_SAMPLES", default: defaults.maxSamples,
            in: 2...10_000_000)
        limits.maxQueuedBytes = try source.value(
            options.driveMaxQueuedBytes, env: "SEGUE_DRIVE_MAX_QUEUED_BYTES", default: defaults.maxQueuedBytes,
            in: 1024...(1 << 32))
        limits.stallTimeout = try source.value(
            options.driveStallTimeout, env: "SEGUE_DRIVE_STALL_TIMEOUT", default: defaults.stallTimeout,
            in: 1...86400)
        limits.pingInterval = try source.value(
            options.drivePingInterval, env: "SEGUE_DRIVE_PING_INTERVAL", default: defaults.pingInterval,
            in: 1...3600)
        return limits
    }

    /// The request limits: each flag, else its variable, else `RequestLimits`' default.
    private static func resolveLimits(_ options: ServeOptions, source: SettingSource) throws -> RequestLimits {
        let defaults = RequestLimits()
        var limits = RequestLimits()
        // The scanner recurses once per level, so the depth stays far below the stack's reach.
        limits.maxJSONDepth = try source.value(
            options.maxJSONDepth, env: "SEGUE_MAX_JSON_DEPTH", default: defaults.maxJSONDepth, in: 1...512)
        limits.maxStringBytes = try source.value(
            options.maxStringBytes, env: "SEGUE_MAX_STRING_BYTES", default: defaults.maxStringBytes,
            in: 1...(1 << 24))
        limits.maxJSONValues = try source.value(
            options.maxJSONValues, env: "SEGUE_MAX_JSON_VALUES", default: defaults.maxJSONValues, in: 1...(1 << 30))
        limits.maxNumberMagnitude = try source.value(
            options.maxNumberMagnitude, env: "SEGUE_MAX_NUMBER_MAGNITUDE", default: defaults.maxNumberMagnitude,
            in: 1...1e300)
        limits.maxGestureSamples = try source.value(
            options.maxGestureSamples, env: "SEGUE_MAX_GESTURE_SAMPLES", default: defaults.maxGestureSamples,
            in: 2...10_000_000)
        limits.maxFrames = try source.value(
            options.maxFrames, env: "SEGUE_MAX_FRAMES", default: defaults.maxFrames, in: 1...10_000_000)
        limits.maxCurveSamples = try source.value(
            options.maxCurveSamples, env: "SEGUE_MAX_CURVE_SAMPLES", default: defaults.maxCurveSamples,
            in: 2...100_000_000)
        limits.maxDecisionCells = try source.value(
            options.maxDecisionCells, env: "SEGUE_MAX_DECISION_CELLS", default: defaults.maxDecisionCells,
            in: 4...1_000_000)
        limits.maxTransitionLayers = try source.value(
            options.maxTransitionLayers, env: "SEGUE_MAX_TRANSITION_LAYERS", default: defaults.maxTransitionLayers,
            in: 1...1024)
        limits.maxTransitionPoses = try source.value(
            options.maxTransitionPoses, env: "SEGUE_MAX_TRANSITION_POSES", default: defaults.maxTransitionPoses,
            in: 1...1024)
        limits.maxReleaseGuards = try source.value(
            options.maxReleaseGuards, env: "SEGUE_MAX_RELEASE_GUARDS", default: defaults.maxReleaseGuards,
            in: 1...1024)
        // A picture's text must still fit a body (--max-body-bytes, at most 1 GiB): 3/4 of that.
        limits.maxImageBytes = try source.value(
            options.maxImageBytes, env: "SEGUE_MAX_IMAGE_BYTES", default: defaults.maxImageBytes,
            in: 0...(3 << 28))
        return limits
    }
}

/// Reads one setting from a flag or the environment, with a message that names the
/// variable when its text does not parse.
struct SettingSource {
    let environment: [String: String]

    func value<T: LosslessStringConvertible>(
        _ flag: T?, env: String, default fallback: T, expected: String = "an integer"
    ) throws -> T {
        if let flag { return flag }
        guard let text = environment[env], !text.isEmpty else { return fallback }
        guard let parsed = T(text) else {
            throw ValidationError("\(env)='\(text)' is not valid: expected \(expected).")
        }
        return parsed
    }

    func value<T: LosslessStringConvertible & Comparable>(
        _ flag: T?, env: String, default fallback: T, in range: ClosedRange<T>
    ) throws -> T {
        let value = try value(
            flag, env: env, default: fallback, expected: T.self == Double.self ? "a number" : "an integer")
        guard range.contains(value) else {
            let name = flag != nil ? "--" + flagName(env) : env
            throw ValidationError(
                "\(name) is \(value); it must be between \(range.lowerBound) and \(range.upperBound).")
        }
        return value
    }

    private func flagName(_ env: String) -> String {
        String(env.dropFirst("SEGUE_".count).lowercased().map { $0 == "_" ? "-" : $0 })
    }
}

/// `--threads`: `per-connection`, or the size of an epoll worker pool.
struct ThreadsSetting: LosslessStringConvertible, ExpressibleByArgument {
    var threading: ThreadingModel

    init(_ threading: ThreadingModel) {
        self.threading = threading
    }

    init?(_ text: String) {
        if text == "per-connection" {
            threading = .threadPerConnection
        } else if let count = Int(text), (1...256).contains(count) {
            threading = .pool(threads: count)
        } else {
            return nil
        }
    }

    init?(argument: String) {
        self.init(argument)
    }

    var description: String {
        switch threading {
        case .threadPerConnection: return "per-connection"
        case .pool(let threads): return "\(threads)"
        }
    }
}

/// `--log-level`: one of swift-log's levels.
struct LogLevelSetting: LosslessStringConvertible, ExpressibleByArgument {
    var level: Logger.Level

    init(_ level: Logger.Level) {
        self.level = level
    }

    init?(_ text: String) {
        guard let level = Logger.Level(rawValue: text.lowercased()) else { return nil }
        self.level = level
    }

    init?(argument: String) {
        self.init(argument)
    }

    var description: String { level.rawValue }
}

/// `--allowed-origins`: `*`, or the browser origins that may call the server, separated by commas.
struct AllowedOriginsSetting: LosslessStringConvertible, ExpressibleByArgument {
    var policy: CORSPolicy

    init(_ policy: CORSPolicy) {
        self.policy = policy
    }

    init?(_ text: String) {
        guard let policy = CORSPolicy(setting: text) else { return nil }
        self.policy = policy
    }

    init?(argument: String) {
        self.init(argument)
    }

    var description: String {
        switch policy.origins {
        case .any: "*"
        case .only(let origins): origins.sorted().joined(separator: ",")
        }
    }
}
