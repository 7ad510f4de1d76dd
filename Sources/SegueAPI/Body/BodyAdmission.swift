import SegueEngine

/// How a request body's JSON tree is admitted before it is built (`JSONBody.read`): by its bytes,
/// in the work gate's memory budget, and, when the body or its tree is large, by a slot of its own.
///
/// A body of at most `unqueuedBodyBytes` is measured at once, and its tree, when it is of at most
/// `unqueuedTreeBytes`, built at once too, its bytes held in the budget without waiting
/// (`WorkGate.hold`): an ordinary request never queues behind a large body. Any other body waits
/// for a slot of a lane of its own (`WorkLane`: as many slots as the gate, first come, first
/// served) to be measured and built in, its tree's bytes held the same way. So however many large
/// bodies arrive at once, at most `maxRunning` of them are being scanned or built, and their trees,
/// each at most about 10 MiB under the default `--max-json-values` (docs/memory.md), are at most
/// that many; and they wait apart from the computations. Scanned all at once, 80 bodies of 4 MiB
/// kept 80 threads busy on 2 cores, and a normal client's health check waited up to 0.3 s for
/// one; parsed one pair at a time in the gate's queue, they held a normal simulate back by 0.9 s.
public struct BodyAdmission: Sendable {
    /// The parsing slots and their queue, holding the trees' bytes in the gate's budget.
    let lane: WorkLane

    /// 16 KiB: the largest body measured without a parsing slot, a fraction of a millisecond of
    /// scanning. The canonical request is 959 bytes, a gesture of 100 samples about 7 KB.
    public static let unqueuedBodyBytes = 16 << 10

    /// 64 KiB: the largest tree built without a parsing slot. The canonical request's is about
    /// 6 KiB, a gesture of 100 samples about 50 KiB. However many such bodies arrive at once, they
    /// hold at most the connection limit times this (512 × 64 KiB = 32 MiB).
    public static let unqueuedTreeBytes = 64 << 10

    public init(gate: WorkGate) {
        lane = WorkLane(beside: gate)
    }

    /// Measures a body of `bodyBytes` bytes (`measure`), then builds and reads its tree (`build`),
    /// each once admitted; the tree's bytes are given back when `build` returns. Throws
    /// `Problem.overloaded` when the parsing queue is full, and `Problem.clientGone` when the
    /// client leaves while it waits.
    func admit<T>(
        bodyBytes: Int, cancellation: CancellationCheck, measure: () throws(Problem) -> JSONShape,
        build: (JSONShape) throws(Problem) -> T
    ) throws(Problem) -> T {
        guard bodyBytes > Self.unqueuedBodyBytes else {
            let shape = try measure()
            let bytes = JSONBody.admittedBytes(for: shape)
            guard bytes > Self.unqueuedTreeBytes else {
                return try holding(bytes) { () throws(Problem) in try build(shape) }
            }
            return try lane.run(cost: bytes, cancellation: cancellation) { held throws(Problem) in
                defer { withExtendedLifetime(held) {} }
                return try build(shape)
            }
        }
        return try lane.run(cost: 0, cancellation: cancellation) { _ throws(Problem) in
            let shape = try measure()
            return try holding(JSONBody.admittedBytes(for: shape)) { () throws(Problem) in try build(shape) }
        }
    }

    /// Runs `work` holding `bytes` of the gate's budget.
    private func holding<T>(_ bytes: Int, _ work: () throws(Problem) -> T) throws(Problem) -> T {
        let held = lane.gate.hold(bytes: bytes)
        defer { withExtendedLifetime(held) {} }
        return try work()
    }
}
