/// Where one connection is in its current request, as a state machine fed events and
/// explicit times (nanoseconds of CLOCK_MONOTONIC), with no clock of its own: it says which
/// deadline of a `DeadlinePolicy` a connection has missed, and how far behind it lags when
/// the listener looks for a connection to close at the connection limit.
///
/// A request goes `awaitingHead` → `receivingBody` (its head is in; for a request with no
/// body this lasts one callback) → `serving` (the body is complete: the handler runs and
/// the answer is sent, under no deadline of ours) → `awaitingHead` for the next request on
/// a kept-alive connection; or, once a WebSocket upgrade is answered, `upgraded` for good.
struct RequestProgress: Sendable, Hashable {
    enum Phase: Sendable, Hashable {
        case awaitingHead, receivingBody, serving
        /// The socket speaks WebSocket now: no HTTP clock (head, request, body rate) bounds it
        /// and it is never closed to make room; the drive session's idle timeout is its clock.
        case upgraded
    }

    /// Which deadline a connection missed.
    enum Overrun: Sendable, Hashable {
        /// No complete head within the head timeout.
        case headTimeout
        /// Head and body not complete within the request timeout.
        case requestTimeout
        /// Fewer body bytes in a window than the minimum rate asks for.
        case bodyTooSlow
    }

    private(set) var phase: Phase = .awaitingHead
    /// When the connection began waiting for this request: its start, or the previous
    /// request's completion. The first byte of a head is not seen (libmicrohttpd reports
    /// only the complete head), so the deadlines count from here, which is never later.
    private(set) var requestSince: Int64
    /// When the head was complete; the body's rate is measured from here.
    private(set) var bodySince: Int64 = 0
    /// Body bytes received so far in this request.
    private(set) var bodyBytes: Int64 = 0
    /// The current rate window: when it began, and the body bytes received by then.
    private var windowStart: Int64 = 0
    private var windowBytes: Int64 = 0

    /// A connection just accepted at `now`: it waits for its first head.
    init(connectedAt now: Int64) {
        requestSince = now
    }

    /// The head is complete at `now`; the body, if any, starts arriving, and with it the
    /// first rate window.
    mutating func headArrived(at now: Int64) {
        phase = .receivingBody
        bodySince = now
        bodyBytes = 0
        windowStart = now
        windowBytes = 0
    }

    /// `count` more body bytes arrived.
    mutating func received(_ count: Int) {
        bodyBytes += Int64(count)
    }

    /// The body is complete (or was answered before it was read): from here on the
    /// request is the handler's, and no deadline of ours applies.
    mutating func bodyComplete() {
        phase = .serving
    }

    /// The request is done at `now`; if the connection stays open, the next one's deadlines
    /// count from here.
    mutating func requestCompleted(at now: Int64) {
        // libmicrohttpd completes the upgrade request too; the socket is the session's by then.
        guard phase != .upgraded else { return }
        phase = .awaitingHead
        requestSince = now
        bodyBytes = 0
    }

    /// The deadline missed at `now`, if any. Each time a whole rate window has passed, the
    /// body must have brought `minBodyRate` bytes per second of it on average, and the next
    /// window starts; the checks therefore run as often as the caller looks, but a window
    /// always spans at least `policy.rateWindow`.
    /// The connection's request was answered with a WebSocket upgrade: from here on it is the
    /// drive session's, and no HTTP deadline applies.
    mutating func upgraded() {
        phase = .upgraded
    }

    mutating func check(at now: Int64, against policy: DeadlinePolicy) -> Overrun? {
        switch phase {
        case .serving, .upgraded:
            return nil
        case .awaitingHead:
            let waited = now - requestSince
            if waited >= policy.requestTimeout { return .requestTimeout }
            return waited >= policy.headTimeout ? .headTimeout : nil
        case .receivingBody:
            if now - requestSince >= policy.requestTimeout { return .requestTimeout }
            let elapsed = now - windowStart
            guard policy.minBodyRate > 0, elapsed >= policy.rateWindow else { return nil }
            if bodyBytes - windowBytes < policy.bytesDue(in: elapsed) { return .bodyTooSlow }
            windowStart = now
            windowBytes = bodyBytes
            return nil
        }
    }

    /// How far, in nanoseconds, the connection lags at `now` behind a client that makes
    /// progress: for one waiting for a head, how long it has waited (its head bytes are not
    /// seen); for one receiving a body, its time in the body less the time its bytes would
    /// take at the minimum rate. Nil when it may not be closed to make room: while
    /// `serving`, when it lags less than the eviction grace, and for a body when the rate
    /// check is off.
    func lag(at now: Int64, against policy: DeadlinePolicy) -> Int64? {
        let lag: Int64
        switch phase {
        case .serving, .upgraded:
            return nil
        case .awaitingHead:
            lag = now - requestSince
        case .receivingBody:
            guard policy.minBodyRate > 0 else { return nil }
            // Capped at 2^32 s (136 years) so that no body, however long, overflows the product.
            let seconds = min(bodyBytes / policy.minBodyRate, 1 << 32)
            let earned = seconds * 1_000_000_000 + bodyBytes % policy.minBodyRate * 1_000_000_000 / policy.minBodyRate
            lag = now - bodySince - earned
        }
        return lag >= policy.evictionGrace ? lag : nil
    }
}
