import Dispatch
import Synchronization

/// Admission control for the routes that compute (`POST /v1/simulate`, `POST /v1/curves`).
///
/// At most `maxRunning` requests compute at once, so that a burst of simulations on a
/// 2-core machine does not become dozens of threads time-slicing the same cores, each
/// finishing late (server-stack.md §2.2: "put a semaphore in front of the simulation so
/// at most about nproc run at once"). Up to `maxQueued` more wait their turn, which
/// keeps latency growing smoothly with load; past that a request is refused at once
/// with 503 and `Retry-After` rather than queued without bound. Requests that do not
/// compute (health, presets, the contract, metrics) never pass through the gate.
public final class WorkGate: Sendable {
    public let maxRunning: Int
    public let maxQueued: Int
    /// Seconds a refused client is told to wait.
    public let retryAfter: Int
    /// Requests admitted: running plus waiting.
    private let admitted = Atomic<Int>(0)
    private let slots: Slots

    /// A counting semaphore, sendable because DispatchSemaphore is thread-safe.
    private struct Slots: @unchecked Sendable {
        let semaphore: DispatchSemaphore
    }

    /// - Parameters:
    ///   - maxRunning: requests computing at once, at least 1 (the cores, by default).
    ///   - maxQueued: requests waiting for a slot before new ones are refused, at least 0.
    public init(maxRunning: Int, maxQueued: Int, retryAfter: Int = 1) {
        self.maxRunning = max(1, maxRunning)
        self.maxQueued = max(0, maxQueued)
        self.retryAfter = retryAfter
        self.slots = Slots(semaphore: DispatchSemaphore(value: self.maxRunning))
    }

    /// Requests computing or waiting right now.
    public var admittedCount: Int { admitted.load(ordering: .relaxed) }

    /// Runs `work` once a slot is free, or throws `Problem.overloaded` without running
    /// it when the slots and the queue are all taken.
    public func run<T>(_ work: () throws(Problem) -> T) throws(Problem) -> T {
        let (_, now) = admitted.add(1, ordering: .acquiringAndReleasing)
        guard now <= maxRunning + maxQueued else {
            admitted.subtract(1, ordering: .acquiringAndReleasing)
            throw Problem.overloaded(running: maxRunning, queued: maxQueued, retryAfter: retryAfter)
        }
        slots.semaphore.wait()
        defer {
            slots.semaphore.signal()
            admitted.subtract(1, ordering: .acquiringAndReleasing)
        }
        return try work()
    }
}
