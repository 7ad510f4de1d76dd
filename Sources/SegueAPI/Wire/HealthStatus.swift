/// The body of `GET /healthz` (`ok`) and of a ready `GET /readyz` (`ready`).
public struct HealthStatus: Sendable, Hashable, Codable {
    public var status: String

    public init(status: String) {
        self.status = status
    }
}
