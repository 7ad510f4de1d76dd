import SegueAPI

/// One request while libmicrohttpd delivers it: its head, the body gathered so far
/// (never more than the limit), and what was answered, for the log line.
///
/// libmicrohttpd calls a connection's callbacks one at a time, so a state is only
/// ever touched by one thread at once; it crosses into C as an opaque pointer.
final class RequestState {
    let method: HTTPMethod
    let path: String
    var headers = HTTPHeaders()
    var body: [UInt8] = []
    /// Body bytes received, including any discarded past the limit.
    var bodyBytesReceived = 0
    /// Set once the body outgrew the limit: the rest is read and dropped, then 413.
    var bodyTooLarge = false
    /// Set when the connection must close after the answer: the head was refused, or its
    /// framing is suspect (see `RequestHead.verdict`).
    var closeAfterAnswer = false
    /// The response queued, once one is; nil while the request is still arriving.
    var answered: (status: Int, bytes: Int, requestID: String, facts: ResponseFacts)?
    /// Set when the client left before its answer was ready: nothing was sent.
    var clientGone = false
    /// Set for a drive socket's handshake answered 101, until the session starts.
    var upgrade: UpgradeContext?
    /// The request's share of the transport's body memory, held until the request completes.
    var bodyHold: BodyMemory.Hold?
    /// Set when the body did not fit the transport's body memory: its bytes are read and
    /// dropped, and once it has all arrived this problem answers it.
    var bodyRefusal: Problem?
    let started: ContinuousClock.Instant

    init(method: HTTPMethod, path: String, started: ContinuousClock.Instant) {
        self.method = method
        self.path = path
        self.started = started
    }

    /// The request as the service sees it.
    var request: HTTPRequest {
        HTTPRequest(method: method, path: path, headers: headers, body: body)
    }

    /// Adds a chunk of body, keeping at most `limit` bytes in memory.
    func appendBody(_ chunk: UnsafeRawBufferPointer, limit: Int) {
        bodyBytesReceived += chunk.count
        if bodyRefusal != nil { return }
        if bodyBytesReceived > limit {
            if !bodyTooLarge {
                bodyTooLarge = true
                body = []
            }
            return
        }
        body.append(contentsOf: chunk)
    }
}
