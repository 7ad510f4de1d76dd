public import SegueEngine

/// A queue of its own beside the work gate, for one kind of work: as many computing slots as the
/// gate has, taken first come, first served (a `WorkGate` that counts slots only), and the
/// work's bytes held in the gate's memory budget without waiting for room in it
/// (`WorkGate.hold`). Work in a lane never waits behind the gate's queue, nor the gate's behind
/// it; its bytes still count, so the gate admits less while a lane holds some.
public struct WorkLane: Sendable {
    /// The gate whose memory budget the lane's work holds its bytes in.
    public let gate: WorkGate
    /// The lane's slots and queue: as many as the gate's, with no budget of their own.
    let slots: WorkGate

    public init(beside gate: WorkGate) {
        self.gate = gate
        slots = WorkGate(
            maxRunning: gate.maxRunning, maxQueued: gate.maxQueued, memoryBudget: .max, retryAfter: gate.retryAfter)
    }

    /// Runs `work` once a slot of the lane is free, holding `cost` bytes of the gate's budget.
    /// As with `WorkGate.run`, `work`'s result may keep the reservation; the slot is given back
    /// when `work` returns. Throws `Problem.overloaded` when the lane's queue is full, and
    /// `Problem.clientGone` when the client left while it waited.
    public func run<T>(
        cost: Int, cancellation: CancellationCheck = .never, _ work: (WorkGate.Reservation) throws(Problem) -> T
    ) throws(Problem) -> T {
        try slots.run(cost: 0, cancellation: cancellation) { _ throws(Problem) in
            try work(gate.hold(bytes: cost))
        }
    }
}
