/// The limits of `GET /v1/drive`, each a server flag (`--drive-*`, `SEGUE_DRIVE_*`).
public struct DriveLimits: Sendable, Hashable {
    /// Sessions open at once; an upgrade past it gets 503 with Retry-After before the handshake.
    public var maxSessions = 256
    /// Seconds a session may go without a frame from its client (a pong counts) before it is closed.
    public var idleTimeout = 60
    /// The largest message a client may send, bytes; a larger one closes the session with 1009.
    public var maxMessageBytes = 1 << 20
    /// The most gesture samples one session may hold (the same default as a simulate request's).
    public var maxSamples = 10_000
    /// Bytes the server may hold for a client that does not read; past it the session closes with 1008.
    public var maxQueuedBytes = 8 << 20
    /// Seconds between the server's pings, which keep proxies from closing a quiet session and
    /// find clients that have gone.
    public var pingInterval = 20

    public init() {}
}
