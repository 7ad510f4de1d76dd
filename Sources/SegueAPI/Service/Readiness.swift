import Synchronization

/// Whether this instance should be sent new work. It starts ready and turns
/// draining once, when shutdown begins; a load balancer watching `/readyz` then
/// stops routing here while in-flight requests finish.
///
/// A class because the transport (which starts the drain) and the service (which
/// answers `/readyz`) must see the same flag; it is lock-free and safe to read
/// from libmicrohttpd's threads.
public final class Readiness: Sendable {
    private let draining = Atomic<Bool>(false)

    public init() {}

    /// True until shutdown begins.
    public var isReady: Bool { !draining.load(ordering: .acquiring) }

    /// Marks the instance as draining. Idempotent.
    public func beginDraining() {
        draining.store(true, ordering: .releasing)
    }
}
