import CMicroHTTPD
import Logging
import SegueAPI
import Synchronization

/// The transport's side of a request: it gathers the body under the size limit,
/// hands the complete request to the service, queues the answer with
/// libmicrohttpd, counts what is in flight, records metrics and writes one log line
/// per request, and a second one for each request refused with a problem.
///
/// Shared by every libmicrohttpd thread; it holds only immutable values and atomics.
final class RequestDispatcher: Sendable {
    let service: SegueService
    let readiness: Readiness
    let logger: Logger
    let maxBodyBytes: Int
    let headLimits: HeadLimits
    let metrics: ServerMetrics?
    /// The drive socket's sessions; nil when the server has no drive endpoint.
    let drive: DriveSessions?
    /// The bytes of request bodies held at once; nil for no limit.
    let bodyMemory: BodyMemory?
    /// Requests whose headers have arrived and whose completion has not yet been reported.
    let inFlight = Atomic<Int>(0)

    init(
        service: SegueService, readiness: Readiness, logger: Logger, maxBodyBytes: Int,
        headLimits: HeadLimits = HeadLimits(), metrics: ServerMetrics?, drive: DriveSessions? = nil,
        bodyMemory: BodyMemory? = nil
    ) {
        self.drive = drive
        self.bodyMemory = bodyMemory
        self.service = service
        self.readiness = readiness
        self.logger = logger
        self.maxBodyBytes = maxBodyBytes
        self.headLimits = headLimits
        self.metrics = metrics
        if !FramingFilter.activate(bodyLimit: maxBodyBytes) {
            logger.warning("framing filter inactive: libmicrohttpd's code not found; request bytes are not checked")
        }
    }

    /// First call for a request, headers only. A request the framing filter cut at a fault
    /// (`FramingFilter`), or whose head breaks HTTP's framing rules or Segue's caps
    /// (`RequestHead.verdict`), or whose target is in no form an origin server takes
    /// (`RequestTarget`), is answered at once with its problem and `Connection: close`; so is a
    /// declared body over the limit (413). libmicrohttpd then discards the body and closes the
    /// connection.
    func begin(connection: OpaquePointer, method: String, path: String, version: String) -> RequestState {
        inFlight.add(1, ordering: .relaxed)
        let requestMethod = HTTPMethod(rawValue: method)
        let quoted = headLimits.quoted(path: path)
        let target: Result<RequestTarget, Problem>
        do throws(Problem) {
            target = .success(try RequestTarget(path, method: requestMethod, quoted: quoted))
        } catch {
            target = .failure(error)
        }
        let routedPath =
            switch target {
            case .success(.path(let origin)): headLimits.quoted(path: origin)
            case .success(.serverWide): Self.serverWidePath
            case .failure: quoted
            }
        let state = RequestState(method: requestMethod, path: routedPath, started: .now)
        MHDConnection.collectHeaders(of: connection, into: state)
        let socket = segue_mhd_connection_fd(connection)
        if let fault = FramingFilter.faultInHead(socket: socket, bodyLimit: maxBodyBytes) {
            return refuse(state, on: connection, with: fault.problem)
        }
        let head = RequestHead(
            method: method, targetBytes: path.utf8.count + MHDConnection.queryBytes(of: connection),
            version: version, headers: state.headers)
        switch head.verdict(limits: headLimits) {
        case .refuse(let problem):
            return refuse(state, on: connection, with: problem)
        case .serve(let closeAfter):
            state.closeAfterAnswer = closeAfter
        }
        if case .failure(let problem) = target {
            return refuse(state, on: connection, with: problem)
        }
        if state.headers["Upgrade"] != nil {
            // Answered other than by switching protocols, the connection closes: the framing
            // filter stops checking a stream after a head that asks for an upgrade.
            state.closeAfterAnswer = true
            if version == "HTTP/1.0", state.path == DriveSession.path, WebSocket.isUpgrade(state.request) {
                // RFC 9110 §7.8: Upgrade is ignored in HTTP/1.0; say why rather than drop the
                // connection, as libmicrohttpd does when a 101 is queued for HTTP/1.0.
                var response = service.respond(to: state.request, with: .upgradeRequiresHTTP11(protocol: "websocket"))
                response.headers.replaceOrAdd(name: "Upgrade", value: "websocket")  // RFC 9110 §15.5.22
                answer(state, on: connection, with: response)
                return state
            }
        }
        if let declared = state.headers["Content-Length"].flatMap(UInt64.init), declared > UInt64(maxBodyBytes) {
            state.bodyTooLarge = true
            answer(
                state, on: connection,
                with: service.respond(to: state.request, with: .contentTooLarge(limit: maxBodyBytes)))
        }
        if state.answered == nil, let bodyMemory, let bytes = bodyBytesToHold(state.headers) {
            if let hold = bodyMemory.reserve(bytes) {
                state.bodyHold = hold
            } else {
                // Refused, but answered once the body has arrived, its bytes dropped as they come:
                // libmicrohttpd closes a connection answered before its body is read, and a client
                // still sending would then see a reset instead of the answer.
                state.bodyRefusal = Problem.receivingTooManyBodies(limit: bodyMemory.limit, retryAfter: 1)
            }
        }
        return state
    }

    /// The bytes a request's body may take, held from its head: its declared length, or for a
    /// chunked body (its length unknown until the last chunk) the most a body may be; nil when
    /// it has none.
    private func bodyBytesToHold(_ headers: HTTPHeaders) -> Int? {
        if headers["Transfer-Encoding"] != nil { return maxBodyBytes }
        guard let declared = headers["Content-Length"].flatMap(Int.init), declared > 0 else { return nil }
        return min(declared, maxBodyBytes)
    }

    /// The path `RequestState` carries for `OPTIONS *`, which `finish` answers for the server.
    static let serverWidePath = "*"

    /// Answers `problem` at once and closes the connection after it.
    private func refuse(_ state: RequestState, on connection: OpaquePointer, with problem: Problem) -> RequestState {
        state.closeAfterAnswer = true
        answer(state, on: connection, with: service.respond(to: state.request, with: problem))
        return state
    }

    /// Last call for a request: the body is complete (or was too large, or the framing filter
    /// ended it at a fault in its chunks). The service can ask the connection's socket whether
    /// the client is still there (`ClientPresence`); `version` is the request's protocol version.
    func finish(_ state: RequestState, on connection: OpaquePointer, version: String) -> MHD_Result {
        guard state.answered == nil else { return .YES }
        let socket = segue_mhd_connection_fd(connection)
        if let fault = FramingFilter.faultInBody(socket: socket) {
            state.closeAfterAnswer = true
            return answer(state, on: connection, with: service.respond(to: state.request, with: fault.problem))
        }
        var request = state.request
        let presence = ClientPresence(socket: socket, version: version)
        request.cancellation = .init { presence.hasGone }
        if state.method == .options, state.path == Self.serverWidePath {
            return answer(state, on: connection, with: serverWideOptions(request))
        }
        if !state.bodyTooLarge, state.bodyRefusal == nil, isDriveUpgrade(request) {
            return upgrade(state, on: connection, request: request)
        }
        let response =
            if let refusal = state.bodyRefusal {
                service.respond(to: request, with: refusal)
            } else if state.bodyTooLarge {
                service.respond(to: request, with: .contentTooLarge(limit: maxBodyBytes))
            } else {
                service.respond(to: request)
            }
        // The work's frames are freed by now; give their pages back if it was large.
        if let reservation = response.reservation {
            ReturnedMemory.workFreed(peakBytes: reservation.peakBytes)
        }
        return answer(state, on: connection, with: response)
    }

    /// `OPTIONS *` (RFC 9110 §9.3.7): the methods the server serves, with the request id and
    /// CORS headers every answer carries.
    private func serverWideOptions(_ request: HTTPRequest) -> HTTPResponse {
        var response = HTTPResponse.serverWideOptions(routes: service.router.routes)
        let requestID = RequestID.accepting(request.headers["X-Request-Id"]) ?? RequestID.generate()
        response.headers.replaceOrAdd(name: "X-Request-Id", value: requestID)
        for header in service.cors.responseHeaders(origin: request.headers["Origin"]) {
            response.headers.merge(name: header.name, value: header.value)
        }
        return response
    }

    /// libmicrohttpd is done with the request: sent, failed, timed out or cut off.
    func complete(_ state: RequestState, termination: MHD_RequestTerminationCode) {
        inFlight.subtract(1, ordering: .relaxed)
        if let upgrade = state.upgrade, upgrade.claim(.abandoned) {
            drive?.release(after: 0)
        }
        let elapsed = ContinuousClock.now - state.started
        if let answered = state.answered {
            metrics?.record(
                method: state.method, status: answered.status, duration: elapsed,
                requestBytes: state.bodyBytesReceived, responseBytes: answered.bytes, facts: answered.facts)
            if let problemType = answered.facts.problemType {
                logRejection(state, status: answered.status, requestID: answered.requestID, problemType: problemType)
            }
        }
        let milliseconds = elapsed.milliseconds
        var metadata: Logger.Metadata = [
            "method": "\(state.method)",
            "path": "\(state.path)",
            "duration_ms": "\((milliseconds * 1000).rounded() / 1000)",
        ]
        if let answered = state.answered {
            metadata["id"] = "\(answered.requestID)"
            metadata["status"] = "\(answered.status)"
            metadata["bytes"] = "\(answered.bytes)"
        }
        if state.clientGone {
            metadata["outcome"] = "client-gone"
        } else if termination != .REQUEST_TERMINATED_COMPLETED_OK {
            metadata["outcome"] = "\(MHDConnection.describe(termination))"
        }
        logger.info("request", metadata: metadata)
    }

    /// The second line for a request refused with a problem: its type says why, so
    /// refusals can be counted and searched without parsing bodies. A 5xx is the
    /// server's fault and logged as an error; a 4xx is the client's, a notice, and so
    /// is a 501, which answers a transfer coding the client chose.
    private func logRejection(_ state: RequestState, status: Int, requestID: String, problemType: String) {
        let metadata: Logger.Metadata = [
            "id": "\(requestID)", "method": "\(state.method)", "path": "\(state.path)", "status": "\(status)",
            "problem": "\(problemType)",
        ]
        let clientCaused = status < 500 || status == HTTPStatus.notImplemented.code
        logger.log(level: clientCaused ? .notice : .error, "rejected", metadata: metadata)
    }

    @discardableResult
    func answer(_ state: RequestState, on connection: OpaquePointer, with response: HTTPResponse) -> MHD_Result {
        var response = response
        if !readiness.isReady || state.closeAfterAnswer {
            // Draining: tell keep-alive clients to take their next request elsewhere.
            // Suspect framing: nothing after this request on the connection can be trusted.
            response.headers.replaceOrAdd(name: "Connection", value: "close")
        }
        let bytes = state.method == .head ? 0 : response.body.count
        state.answered = (response.status.code, bytes, response.headers["X-Request-Id"] ?? "-", response.facts)
        if response.facts.problemType == Problem.clientGoneType {
            // The client left while its work ran or waited: nobody to answer; close the connection.
            state.answered?.bytes = 0
            state.clientGone = true
            return .NO
        }
        return MHDConnection.queue(response, on: connection)
    }
}
