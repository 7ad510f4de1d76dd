import CMicroHTTPD
import Crypto
import Glibc
import SegueAPI
import Synchronization

/// The WebSocket opening handshake of `GET /v1/drive` (RFC 6455 §4.2): checked here, before the
/// service routes the request, and answered 101 with libmicrohttpd's upgrade response, whose
/// handler hands the socket to a `DriveConnection`.
///
/// Refused with a problem, as any request: 503 while the server drains or when every session
/// slot is taken (`--drive-max-sessions`, with Retry-After), 403 for an `Origin` not on
/// `--allowed-origins`, 400 or 426 for a handshake RFC 6455 refuses.
extension RequestDispatcher {
    /// Whether the request asks to open the drive socket, which this dispatcher serves.
    func isDriveUpgrade(_ request: HTTPRequest) -> Bool {
        drive != nil && request.path == DriveSession.path && WebSocket.isUpgrade(request)
    }

    func upgrade(_ state: RequestState, on connection: OpaquePointer, request: HTTPRequest) -> MHD_Result {
        guard let drive else { return .NO }
        let refusal: Problem?
        var key = ""
        if !readiness.isReady {
            refusal = .shuttingDown()
        } else if let origin = request.headers["Origin"], !service.cors.allows(origin) {
            refusal = .originNotAllowed(origin)
        } else {
            switch WebSocket.handshakeKey(request) {
            case .failure(let problem): refusal = problem
            case .success(let found):
                key = found
                refusal = drive.reserve() ? nil : .tooManySessions(limit: drive.limits.maxSessions)
            }
        }
        if let refusal {
            var response = service.respond(to: request, with: refusal)
            response.facts.route = DriveSession.path
            if refusal.status == HTTPStatus.upgradeRequired.code {
                response.headers.replaceOrAdd(name: "Sec-WebSocket-Version", value: WebSocket.version)
            }
            return answer(state, on: connection, with: response)
        }
        let requestID = RequestID.accepting(request.headers["X-Request-Id"]) ?? RequestID.generate()
        let context = UpgradeContext(sessions: drive, requestID: requestID)
        state.upgrade = context
        let retained = Unmanaged.passRetained(context).toOpaque()
        guard let created = MHD_create_response_for_upgrade(Self.upgraded, retained) else {
            Unmanaged<UpgradeContext>.fromOpaque(retained).release()
            drive.release(after: 0)
            return .NO
        }
        defer { MHD_destroy_response(created) }
        // No `Connection: Upgrade`: libmicrohttpd writes it on an upgrade response itself, and a
        // second one reached clients as "Upgrade, Upgrade" (DriveHandshakeTests).
        var headers: [(String, String)] = [
            ("Upgrade", "websocket"),
            ("Sec-WebSocket-Accept", Self.accept(key: key)), ("X-Request-Id", requestID),
        ]
        headers += service.cors.responseHeaders(origin: request.headers["Origin"])
        for (name, value) in headers {
            _ = MHD_add_response_header(created, name, value)
        }
        var facts = ResponseFacts()
        facts.route = DriveSession.path
        state.answered = (HTTPStatus.switchingProtocols.code, 0, requestID, facts)
        return MHD_queue_response(connection, UInt32(HTTPStatus.switchingProtocols.code), created)
    }

    /// `Sec-WebSocket-Accept`: base64 of the SHA-1 of the key and RFC 6455's GUID.
    static func accept(key: String) -> String {
        let digest = Insecure.SHA1.hash(data: Array((key + WebSocket.acceptGUID).utf8))
        return WebSocket.base64(Array(digest))
    }

    /// libmicrohttpd sent the 101 and hands over the socket: a drive loop serves the session from here on.
    static let upgraded: MHD_UpgradeHandler = { context, connection, _, extra, extraSize, socket, handle in
        guard let context, let handle else { return }
        // Before anything else: the watchdog must never hold the session to a request's deadlines.
        if let connection { MHDConnectionEvents.upgraded(on: connection) }
        let upgrade = Unmanaged<UpgradeContext>.fromOpaque(context).takeRetainedValue()
        guard upgrade.claim(.started) else {
            _ = segue_mhd_upgrade_close(handle)  // the request was already given up
            return
        }
        let bytes = extra.map { Array(UnsafeRawBufferPointer(start: $0, count: extraSize)) } ?? []
        upgrade.sessions.adopt(
            UpgradedSocket(socket: socket, handle: handle, extra: bytes, requestID: upgrade.requestID))
    }
}

/// What the upgrade handler needs, kept from the handshake until libmicrohttpd calls it.
final class UpgradeContext: Sendable {
    let sessions: DriveSessions
    let requestID: String
    /// Pending until the upgrade handler starts the session or the request completes without it
    /// (the 101 was never sent: the client left), whichever comes first; the second finds it taken.
    private let outcome = Atomic<Int>(Outcome.pending.rawValue)

    enum Outcome: Int {
        case pending, started, abandoned
    }

    /// Settles the outcome; false when the other one came first.
    func claim(_ outcome: Outcome) -> Bool {
        self.outcome.compareExchange(
            expected: Outcome.pending.rawValue, desired: outcome.rawValue, ordering: .relaxed
        ).exchanged
    }

    init(sessions: DriveSessions, requestID: String) {
        self.sessions = sessions
        self.requestID = requestID
    }
}
