public import SegueEngine

/// What `GET /v1/drive` needs to open sessions: the catalogue, the request limits every
/// message is checked against (as a simulate request's), and the socket's own limits.
public struct DriveEndpoint: Sendable {
    public var catalogue: PresetCatalogue
    public var limits: RequestLimits
    public var driveLimits: DriveLimits

    public init(
        catalogue: PresetCatalogue, limits: RequestLimits = RequestLimits(), driveLimits: DriveLimits = DriveLimits()
    ) {
        self.catalogue = catalogue
        self.limits = limits
        self.driveLimits = driveLimits
    }

    /// A new session for the upgrade request with this id.
    public func session(requestID: String) -> DriveSession {
        DriveSession(catalogue: catalogue, limits: limits, maxSamples: driveLimits.maxSamples, requestID: requestID)
    }
}

extension Problem {
    /// `GET /v1/drive` without a WebSocket upgrade.
    static func upgradeRequired() -> Problem {
        Problem(
            type: typeURI("upgrade-required"), title: "WebSocket upgrade required", status: .upgradeRequired,
            detail: "\(DriveSession.path) is a WebSocket (RFC 6455): connect with a WebSocket client "
                + "(ws://host:port\(DriveSession.path)), which sends 'Upgrade: websocket'. Without one, POST the "
                + "samples so far to /v1/simulate.")
    }

    /// An upgrade past the server's `--drive-max-sessions`.
    public static func tooManySessions(limit: Int) -> Problem {
        Problem(
            type: typeURI("too-many-sessions"), title: "Too many drive sessions", status: .serviceUnavailable,
            detail: "This server holds at most \(limit) drive sessions at once (server flag --drive-max-sessions), "
                + "and all are open. Retry shortly, or use another replica.",
            limit: limit, retryAfter: 1)
    }
}
