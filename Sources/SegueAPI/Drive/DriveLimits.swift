/// The limits of `GET /v1/drive`, each a server flag (`--drive-*`, `SEGUE_DRIVE_*`).
public struct DriveLimits: Sendable, Hashable {
    /// Sessions open at once; an upgrade past it gets 503 with Retry-After before the handshake.
    /// 512: 500 sessions live at 60 samples/s took one of the server's two cores, and a session
    /// at rest holds about 48 KiB, 25 MiB for all (README.md, Performance, Live drive, has the
    /// measurement and how to repeat it for other cores and memory).
    public var maxSessions = 512
    /// Seconds a session may go without a frame from its client (a pong counts), while nothing
    /// waits to be sent to it, before it is closed with 1001.
    public var idleTimeout = 60
    /// The largest message a client may send, bytes; a larger one closes the session with 1009.
    public var maxMessageBytes = 1 << 20
    /// The most gesture samples one session may hold (the same default as a simulate request's).
    public var maxSamples = 10_000
    /// Bytes a session holds made and not yet taken by its socket: past it, the session makes no
    /// more of a burst, and takes no more of its client's messages, until the client reads. So a
    /// session holds at most this (plus one message of about 64 KiB) however large a burst and
    /// however slow its client. 256 KiB is four such messages: the socket has the next one
    /// waiting while the session makes more.
    public var maxQueuedBytes = 256 << 10
    /// Seconds a session waits, with bytes waiting for its client, for the socket to take any
    /// of them; past it the client does not read, and the session closes with 1008. A client
    /// that reads, however slowly, is never closed for a large burst: 1008 is for a backlog
    /// that persists, not for one that takes long.
    public var stallTimeout = 30
    /// Seconds between the server's pings, which keep proxies from closing a quiet session and
    /// find clients that have gone.
    public var pingInterval = 20

    public init() {}
}
