import SegueEngine

/// How a request body's JSON tree is admitted before it is built (`JSONBody.read`): by its bytes,
/// in the work gate's memory budget, and, when it is large, by a slot of its own.
///
/// A tree of at most `unqueuedTreeBytes` is built at once, its bytes held in the budget without
/// waiting (`WorkGate.hold`): an ordinary request never queues behind a large body. A larger tree
/// first waits for one of `maxRunning` parsing slots, in a first-come, first-served queue of its
/// own (`lane`, a `WorkGate` that counts slots only), then holds its bytes in the budget the same
/// way. So however many large bodies arrive at once, at most `maxRunning` of their trees exist,
/// each at most about 10 MiB under the default `--max-json-values` (docs/memory.md); and they wait
/// apart from the computations, which never queue behind them: 80 bodies of 4 MiB of long strings,
/// parsed one pair at a time, held a normal simulate back by 0.9 s in the computing queue.
public struct BodyAdmission: Sendable {
    /// The gate whose memory budget the trees' bytes are held in.
    public let memory: WorkGate
    /// The parsing slots and their queue: as many slots and places as the gate has, no budget.
    let lane: WorkGate

    /// 64 KiB: the largest tree built without a parsing slot. The canonical request's is about
    /// 6 KiB, a gesture of 100 samples about 50 KiB. However many such bodies arrive at once, they
    /// hold at most the connection limit times this (512 × 64 KiB = 32 MiB).
    public static let unqueuedTreeBytes = 64 << 10

    public init(gate: WorkGate) {
        memory = gate
        lane = WorkGate(
            maxRunning: gate.maxRunning, maxQueued: gate.maxQueued, memoryBudget: .max, retryAfter: gate.retryAfter)
    }

    /// Runs `work`, which builds a tree of `bytes` bytes and reads it, once admitted; the bytes
    /// are given back when it returns. Throws `Problem.overloaded` when the parsing queue is
    /// full, and `Problem.clientGone` when the client leaves while it waits.
    func admit<T>(
        bytes: Int, cancellation: CancellationCheck, _ work: () throws(Problem) -> T
    ) throws(Problem) -> T {
        guard bytes > Self.unqueuedTreeBytes else { return try holding(bytes, work) }
        return try lane.run(cost: 0, cancellation: cancellation) { _ throws(Problem) in try holding(bytes, work) }
    }

    private func holding<T>(_ bytes: Int, _ work: () throws(Problem) -> T) throws(Problem) -> T {
        let held = memory.hold(bytes: bytes)
        defer { withExtendedLifetime(held) {} }
        return try work()
    }
}
