/// The deadlines a request must meet while it arrives, in the nanoseconds of CLOCK_MONOTONIC
/// that `RequestProgress` counts in, derived once from a `ServerConfiguration`.
///
/// Why these and not libmicrohttpd's: its connection timeout is an idle timeout that every
/// byte received resets, so a client sending a byte now and then (to its head or its body)
/// is never cut. These bound what arrives, not how long the answer takes: no deadline runs
/// while a handler computes or a response is sent.
struct DeadlinePolicy: Sendable, Hashable {
    /// The most a request head may take to arrive (`--connection-timeout`).
    var headTimeout: Int64
    /// The most a whole request, head and body, may take to arrive (`--request-timeout`).
    var requestTimeout: Int64
    /// The least average body rate, bytes per second (`--min-body-rate`); 0 turns it off.
    var minBodyRate: Int64
    /// The window over which the body's rate is measured: the connection timeout, the time
    /// the server already allows a client to make no progress at all. The first window
    /// starts when the head has arrived, so it is also the grace before the first check.
    var rateWindow: Int64
    /// How long a connection must have waited for its head, or lagged behind
    /// `minBodyRate`, before the listener may close it to make room at the connection
    /// limit: long enough that a client which just connected, or whose body just began,
    /// always gets the chance to send; short enough that a client arriving while
    /// tricklers fill every slot is answered after at most about this long.
    var evictionGrace: Int64 = DeadlinePolicy.defaultEvictionGrace
    /// How long a body above the minimum rate must have been arriving, and would still take
    /// to finish at its rate so far, before the listener may close it to make room
    /// (`RequestProgress.projectedBodySeconds`). Shorter than `evictionGrace`: a client that
    /// sends its body at once has sent it within milliseconds, and while attackers that
    /// reconnect as fast as they are closed keep the listen queue full, every connection
    /// that cannot yet be closed is one more pause for the real client queued behind them
    /// (with the full second, 600 such bodies kept the p99 of a /healthz at 0.7 s).
    var bodyEvictionGrace: Int64 = DeadlinePolicy.defaultBodyEvictionGrace

    /// One second, in nanoseconds.
    static let defaultEvictionGrace: Int64 = 1_000_000_000
    /// A quarter of a second, in nanoseconds.
    static let defaultBodyEvictionGrace: Int64 = 250_000_000

    init(headTimeout: Int64, requestTimeout: Int64, minBodyRate: Int64, rateWindow: Int64) {
        self.headTimeout = headTimeout
        self.requestTimeout = requestTimeout
        self.minBodyRate = minBodyRate
        self.rateWindow = rateWindow
    }

    init(_ configuration: ServerConfiguration) {
        let second: Int64 = 1_000_000_000
        self.init(
            headTimeout: Int64(configuration.connectionTimeout) * second,
            requestTimeout: Int64(configuration.requestTimeout) * second,
            minBodyRate: Int64(configuration.minBodyRate),
            rateWindow: Int64(configuration.connectionTimeout) * second)
    }

    /// The body bytes due after `elapsed` nanoseconds at the minimum rate.
    func bytesDue(in elapsed: Int64) -> Int64 {
        // elapsed < 2^63 ns and minBodyRate ≤ 2^30: split to keep the product in range.
        let seconds = elapsed / 1_000_000_000
        let rest = elapsed % 1_000_000_000
        return minBodyRate * seconds + minBodyRate * rest / 1_000_000_000
    }
}
