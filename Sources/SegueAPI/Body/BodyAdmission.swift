import SegueEngine

/// How a request body's JSON tree is admitted before it is built (`JSONBody.read`): by its bytes,
/// in the work gate's memory budget, and, when it is large, by a slot of its own.
///
/// A tree of at most `unqueuedTreeBytes` is built at once, its bytes held in the budget without
/// waiting (`WorkGate.hold`): an ordinary request never queues behind a large body. A larger tree
/// first waits for a slot of a lane of its own (`WorkLane`: as many slots as the gate, first
/// come, first served), then holds its bytes in the budget the same way. So however many large
/// bodies arrive at once, at most `maxRunning` of their trees exist, each at most about 10 MiB
/// under the default `--max-json-values` (docs/memory.md); and they wait apart from the
/// computations: 80 bodies of 4 MiB of long strings, parsed one pair at a time in the gate's
/// queue, held a normal simulate back by 0.9 s.
public struct BodyAdmission: Sendable {
    /// The parsing slots and their queue, holding the trees' bytes in the gate's budget.
    let lane: WorkLane

    /// 64 KiB: the largest tree built without a parsing slot. The canonical request's is about
    /// 6 KiB, a gesture of 100 samples about 50 KiB. However many such bodies arrive at once, they
    /// hold at most the connection limit times this (512 × 64 KiB = 32 MiB).
    public static let unqueuedTreeBytes = 64 << 10

    public init(gate: WorkGate) {
        lane = WorkLane(beside: gate)
    }

    /// Runs `work`, which builds a tree of `bytes` bytes and reads it, once admitted; the bytes
    /// are given back when it returns. Throws `Problem.overloaded` when the parsing queue is
    /// full, and `Problem.clientGone` when the client leaves while it waits.
    func admit<T>(
        bytes: Int, cancellation: CancellationCheck, _ work: () throws(Problem) -> T
    ) throws(Problem) -> T {
        guard bytes > Self.unqueuedTreeBytes else {
            let held = lane.gate.hold(bytes: bytes)
            defer { withExtendedLifetime(held) {} }
            return try work()
        }
        return try lane.run(cost: bytes, cancellation: cancellation) { held throws(Problem) in
            defer { withExtendedLifetime(held) {} }
            return try work()
        }
    }
}
