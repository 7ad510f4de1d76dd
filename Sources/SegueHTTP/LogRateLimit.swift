/// A budget for log lines: at most `lines` per `interval`, the rest counted and
/// reported by the next line let through. A state machine fed explicit times, so the
/// tests drive it without a clock.
///
/// Why: libmicrohttpd logs once per event a client can cause (a refused connection, a
/// reset, a malformed request), so without a budget any client could fill the log.
struct LogRateLimit: Sendable, Hashable {
    /// Lines let through per window.
    let lines: Int
    /// The window's length, in nanoseconds.
    let intervalNanoseconds: Int64
    private var windowStart: Int64?
    private var admitted = 0
    private var suppressed = 0

    init(lines: Int, per interval: Duration) {
        self.lines = lines
        intervalNanoseconds = interval.nanoseconds
    }

    /// What to do with a line that arrives at `now` (nanoseconds on a monotonic clock).
    enum Admission: Sendable, Hashable {
        /// Log it; `suppressedBefore` lines were dropped since the last one logged.
        case log(suppressedBefore: Int)
        /// Drop it (it is counted).
        case drop
    }

    mutating func admit(at now: Int64) -> Admission {
        if let start = windowStart, now - start < intervalNanoseconds, admitted >= lines {
            suppressed += 1
            return .drop
        }
        if windowStart.map({ now - $0 >= intervalNanoseconds }) ?? true {
            windowStart = now
            admitted = 0
        }
        admitted += 1
        defer { suppressed = 0 }
        return .log(suppressedBefore: suppressed)
    }

    /// Lines dropped and not yet reported, and resets the count: for a last line at shutdown.
    mutating func takeSuppressed() -> Int {
        defer { suppressed = 0 }
        return suppressed
    }
}
