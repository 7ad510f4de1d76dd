public import SegueAPI

/// How the transport listens and what it tolerates. Every limit has a default, so
/// a bare `ServerConfiguration()` is a sensible production server.
public struct ServerConfiguration: Sendable, Hashable {
    /// The address to bind: an IPv4 or IPv6 literal, or `localhost`.
    public var host: String = "0.0.0.0"
    /// The TCP port; 0 binds a free one (read it back from `HTTPServer.port`).
    public var port: Int = 8080
    /// Which libmicrohttpd threading mode serves connections.
    public var threading: ThreadingModel = .threadPerConnection
    /// Threads serving live drive sessions once upgraded, each an epoll loop holding many
    /// (`DriveLoop`): one per CPU the process may use, so the loops can use every core and no
    /// more threads wait on the same ones.
    public var driveThreads: Int = CPULimit.available
    /// The largest request body accepted, in bytes; larger ones get 413.
    public var maxBodyBytes: Int = 4 * 1024 * 1024
    /// Bytes of request bodies held at once while they arrive and until their requests
    /// complete; a request whose declared body does not fit gets 503 (see `BodyMemory`).
    /// 128 MiB: 32 bodies of the largest size, thousands of ordinary ones; beside the work
    /// gate's 256 MiB, the baseline, connections and drive sessions, under the pod's 512 MiB.
    public var bodyMemory: Int = 128 << 20
    /// Seconds a connection may stay idle, or take to deliver a request head, before it
    /// is closed; also the window over which a body's rate is measured (`minBodyRate`).
    /// libmicrohttpd's own timeout covers idleness only (its default is none at all);
    /// `RequestDeadlines` adds the deadlines that trickling clients dodge.
    public var connectionTimeout: Int = 10
    /// Seconds a whole request (head and body) may take to arrive, counted from when the
    /// connection began waiting for it. A handler that is running is never cut.
    ///
    /// 60 s because the default `maxBodyBytes`, 4 MiB, is 33.6 Mbit: 34 s on a 1 Mbit/s
    /// mobile uplink (3G), so 60 s leaves a legitimate client on a link down to 0.56 Mbit/s
    /// room, while a client that sends just fast enough to pass `minBodyRate` is still
    /// cut after a minute rather than after the 2.3 hours 4 MiB takes at 500 bytes/s.
    public var requestTimeout: Int = 60
    /// The least average rate, in bytes per second, at which a request body must arrive,
    /// measured over every `connectionTimeout` seconds from the end of the head; 0 turns
    /// the check off. 500 bytes/s is Apache httpd's default (`mod_reqtimeout`'s
    /// `MinRate=500`): a GPRS uplink sends five times as much, and a trickler that sends a
    /// byte now and then to dodge the idle timeout is cut after one window.
    public var minBodyRate: Int = 500
    /// The most connections held open at once. Past it, new connections wait in the
    /// kernel's listen queue until one closes, after the server has closed any connection
    /// that is idle or behind `minBodyRate` to make room (see `Listener`).
    public var connectionLimit: Int = 512
    /// Seconds shutdown waits for in-flight requests before it stops anyway.
    public var drainTimeout: Int = 10
    /// Seconds between readiness failing and the listening socket closing, for load
    /// balancers to stop sending new connections: endpoint removal is asynchronous
    /// (server-stack.md §2.6, after Kubernetes' "Termination of Pods"), and a client that
    /// connects after the socket stopped accepting is reset rather than told 503.
    public var drainDelay: Int = 0
    /// Segue's caps on a request head (414, 431 as problems). libmicrohttpd's own cap,
    /// `connectionMemoryBytes`, is sized from them.
    public var headLimits = HeadLimits()
    /// How many of libmicrohttpd's own log messages are logged, at most; the rest are
    /// counted (see `LibraryLog`).
    public var libraryLogLines: Int = 10
    /// The window `libraryLogLines` counts in.
    public var libraryLogInterval: Duration = .seconds(1)

    public init() {}

    /// libmicrohttpd's memory per connection (`MHD_OPTION_CONNECTION_MEMORY_LIMIT`, 32 KiB
    /// by default): the request head must fit in it, with room to spare, or libmicrohttpd
    /// answers 414 or 431 itself, in HTML and without `X-Request-Id`. Four times Segue's
    /// head cap (and at least 64 KiB) lets every head up to about twice that cap reach
    /// Segue, which answers past its cap with a problem; libmicrohttpd splits the memory
    /// between the head and its read and write buffers. Pages are touched only as data
    /// arrives, so an idle connection costs no more than before.
    public var connectionMemoryBytes: Int {
        max(64 * 1024, 4 * max(headLimits.maxHeadBytes, headLimits.maxTargetBytes))
    }
}

/// The libmicrohttpd threading mode.
///
/// Thread-per-connection is the default because Segue's requests are CPU work
/// measured in milliseconds (a simulation plus a JSON body of up to ~2 MB), run
/// inside the handler. server-stack.md §2.2 measured on this kind of 2-core machine:
/// a heavy 17 ms endpoint gave 116–159 req/s with p99 86–104 ms in this mode,
/// against 58–138 req/s (erratic, p99 up to 185 ms) for an epoll pool of 2 running
/// the same work inline, because each pool worker accepts a burst of keep-alive
/// connections and then serialises them. The pool wins only on trivial requests
/// (≈88 k vs ≈56 k req/s), where the HTTP layer is nowhere near our bottleneck.
/// The pool stays selectable (`--threads N`) so the two can be measured side by side.
public enum ThreadingModel: Sendable, Hashable {
    /// One thread per open connection, polled with poll(2).
    case threadPerConnection
    /// A fixed pool of epoll worker threads; handlers run inline on them.
    case pool(threads: Int)
}
