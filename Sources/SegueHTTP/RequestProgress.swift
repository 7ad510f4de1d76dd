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
    /// The body's length as its head declared it (`Content-Length`); nil for a chunked body,
    /// whose length is not known until its last chunk.
    private(set) var declaredBodyBytes: Int64?
    /// The current rate window: when it began, and the body bytes received by then.
    private var windowStart: Int64 = 0
    private var windowBytes: Int64 = 0
    /// The answer being sent, while it holds memory of the work gate's budget.
    private(set) var answer: AnswerInFlight?

    /// An answer queued for sending: the budget bytes it holds until libmicrohttpd lets go of
    /// it, when it was queued, and how many bytes of the connection's stream the client had
    /// acknowledged by then (the kernel's count, `segue_tcp_bytes_acked`).
    struct AnswerInFlight: Sendable, Hashable {
        var heldBytes: Int64
        var since: Int64
        var ackedBefore: Int64
    }

    /// A connection just accepted at `now`: it waits for its first head.
    init(connectedAt now: Int64) {
        requestSince = now
    }

    /// The head is complete at `now`, declaring a body of `declaredLength` bytes (nil when
    /// chunked); the body, if any, starts arriving, and with it the first rate window.
    mutating func headArrived(at now: Int64, declaredLength: Int64? = nil) {
        phase = .receivingBody
        bodySince = now
        bodyBytes = 0
        declaredBodyBytes = declaredLength.map { max(0, $0) }
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
        answer = nil
    }

    /// An answer holding `heldBytes` of the memory budget was queued at `now`, when the client
    /// had acknowledged `acked` bytes of the stream.
    mutating func answerQueued(heldBytes: Int64, at now: Int64, acked: Int64) {
        answer = AnswerInFlight(heldBytes: heldBytes, since: now, ackedBefore: acked)
    }

    /// How long, in seconds, the rest of the answer would take to reach the client at the rate
    /// it has acknowledged it so far, given the stream's acknowledged bytes `acked` at `now`;
    /// for an answer that holds budget, has been sending for at least the eviction grace and
    /// would take at least that long again. Nil otherwise. An answer of which nothing was
    /// acknowledged (a client that never reads) projects to infinity.
    ///
    /// Why: an answer holds its share of the memory budget until it is sent, so eight clients
    /// that asked for 48 MB Lottie files and never read held 381 MiB, and every other client's
    /// work waited for the budget (a 2 ms simulate took 10 to 20 s). When work waits for
    /// memory, the answers furthest from reaching their clients give it back first
    /// (`RequestDeadlines.reclaim`).
    func projectedAnswerSeconds(at now: Int64, acked: Int64, against policy: DeadlinePolicy) -> Double? {
        guard let answer, answer.heldBytes > 0, acked >= 0 else { return nil }
        let elapsed = now - answer.since
        guard elapsed >= policy.evictionGrace else { return nil }
        let delivered = max(0, acked - answer.ackedBefore)
        guard delivered > 0 else { return .infinity }
        let remaining = Double(max(0, answer.heldBytes - delivered))
        let seconds = remaining / Double(delivered) * Double(elapsed) / 1e9
        return seconds * 1e9 >= Double(policy.evictionGrace) ? seconds : nil
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

    /// How long, in seconds, the rest of the body would take to arrive at the average rate it
    /// has come at so far, for a connection the listener may close to make room when no
    /// connection lags: one whose body has been arriving for at least the body eviction
    /// grace and would take at least that long again. Nil otherwise: not receiving a body, too young
    /// to judge, or about to finish. A body with no bytes yet, or a chunked one (its length
    /// unknown), projects to infinity: it is the first to go.
    ///
    /// Why: a body just above the minimum rate never lags, yet 600 of them declaring 4 MB at
    /// 1 000 bytes/s each held every slot until the request timeout, and a liveness probe
    /// waited behind them for 28 s. Closing the transfer that would end last, and only when
    /// a client waits at the connection limit, is what nginx does with idle keep-alive
    /// connections, carried over to the bodies that are furthest from done.
    func projectedBodySeconds(at now: Int64, against policy: DeadlinePolicy) -> Double? {
        guard phase == .receivingBody else { return nil }
        let elapsed = now - bodySince
        guard elapsed >= policy.bodyEvictionGrace else { return nil }
        guard let declared = declaredBodyBytes, bodyBytes > 0 else { return .infinity }
        let remaining = Double(max(0, declared - bodyBytes))
        let seconds = remaining / Double(bodyBytes) * Double(elapsed) / 1e9
        return seconds * 1e9 >= Double(policy.bodyEvictionGrace) ? seconds : nil
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
