import Dispatch
public import SegueEngine
import Synchronization

/// Admission control for the routes that compute (`POST /v1/simulate`, `POST /v1/curves`),
/// by CPU and by memory.
///
/// CPU: at most `maxRunning` requests compute at once, so that a burst of simulations on a
/// 2-core machine does not become dozens of threads time-slicing the same cores, each
/// finishing late (server-stack.md §2.2: "put a semaphore in front of the simulation so at
/// most about nproc run at once").
///
/// Memory: each request states its cost, the bytes its work and its answer will hold, once it
/// is parsed and before it runs; it is admitted only while the costs of everything admitted
/// fit `memoryBudget`. The cost is held by a `Reservation` that outlives the computation: the
/// answer attaches it, and it is given back when the transport has sent (or dropped) the
/// answer. Counting requests was not enough: a 20 000-frame answer is 33 MB, and forty of
/// them computed two at a time were still all held at once while being written, 1.45 GB.
/// A request that costs more than the whole budget runs when nothing else holds any of it,
/// alone, rather than never.
///
/// Requests that cannot start wait in one first-come, first-served queue of at most
/// `maxQueued`, which keeps latency growing smoothly with load; past that a request is
/// refused at once with 503 `overloaded` and `Retry-After`. A waiting request whose client
/// has gone (its `CancellationCheck`) leaves the queue without running. Requests that do not
/// compute (health, presets, the contract, metrics) never pass through the gate.
public final class WorkGate: Sendable {
    public let maxRunning: Int
    public let maxQueued: Int
    /// Bytes the admitted requests' work and answers may hold at once.
    public let memoryBudget: Int
    /// Seconds a refused client is told to wait.
    public let retryAfter: Int
    /// How often a waiting request asks whether its client is still there.
    static let cancellationPollInterval = DispatchTimeInterval.milliseconds(20)

    private let state = Mutex(State())
    /// Called with the bytes the first waiting request lacks when work waits for memory (see
    /// `whenMemoryIsShort`).
    private let reclaimer = Mutex<Reclaimer?>(nil)

    /// The reclaimer's closure, boxed. A `Mutex` of a closure type re-wraps the closure in two
    /// reabstraction thunks each time `withLock` hands it out and stores it back (the mutex is
    /// generic over its value), so every read made the next call one frame deeper, and a
    /// busy server's chain of thunks overflowed the stack when it was released at exit. A
    /// class reference goes in and out of the mutex as it is.
    private final class Reclaimer: Sendable {
        let reclaim: @Sendable (Int) -> Void

        init(_ reclaim: @escaping @Sendable (Int) -> Void) {
            self.reclaim = reclaim
        }
    }

    private struct State {
        var running = 0
        var reservedBytes = 0
        /// Requests waiting, first come first.
        var waiters: [Waiter] = []
    }

    /// One request waiting for admission. `granted` is only read and written under the gate's lock.
    private final class Waiter: @unchecked Sendable {
        let cost: Int
        let wakeUp = DispatchSemaphore(value: 0)
        var granted = false

        init(cost: Int) {
            self.cost = cost
        }
    }

    /// - Parameters:
    ///   - maxRunning: requests computing at once, at least 1 (the cores, by default).
    ///   - maxQueued: requests waiting before new ones are refused, at least 0.
    ///   - memoryBudget: bytes admitted requests may hold at once, at least 1.
    ///   - retryAfter: seconds a refused client is told to wait.
    public init(maxRunning: Int, maxQueued: Int, memoryBudget: Int = WorkGate.defaultMemoryBudget, retryAfter: Int = 1)
    {
        self.maxRunning = max(1, maxRunning)
        self.maxQueued = max(0, maxQueued)
        self.memoryBudget = max(1, memoryBudget)
        self.retryAfter = retryAfter
    }

    /// 256 MiB: three of the heaviest requests the default limits allow computing at once (20 000
    /// frames of 8 layers, estimated at 67 MB of frames and JSON), eight of their 31 MB answers
    /// being sent, or thousands of ordinary ones (30–90 kB).
    public static let defaultMemoryBudget = 256 << 20

    /// Requests computing or waiting right now.
    public var admittedCount: Int { state.withLock { $0.running + $0.waiters.count } }

    /// Bytes reserved right now by requests computing or answers not yet sent.
    public var reservedBytes: Int { state.withLock { $0.reservedBytes } }

    /// Runs `work` once a computing slot is free and `cost` bytes fit the budget.
    ///
    /// `work` gets the request's `Reservation`: whatever it returns may keep it (an answer
    /// keeps it until it is sent), and the cost is given back when the last reference goes.
    /// The computing slot is given back when `work` returns.
    ///
    /// Throws `Problem.overloaded` without running `work` when the queue is full, and
    /// `Problem.clientGone` when `cancellation` says the client left while it waited.
    public func run<T>(
        cost: Int, cancellation: CancellationCheck = .never, _ work: (Reservation) throws(Problem) -> T
    ) throws(Problem) -> T {
        let cost = max(0, cost)
        try admit(cost: cost, cancellation: cancellation)
        let reservation = Reservation(gate: self, bytes: cost)
        defer { finishComputing() }
        guard !cancellation.isCancelled else { throw Problem.clientGone() }
        return try work(reservation)
    }

    /// Runs `respond` once admitted at `cost`, for work whose answer is all it holds afterwards:
    /// the reservation then shrinks (or grows) to the answer's body and stays with it until sent.
    public func answer(
        cost: Int, cancellation: CancellationCheck = .never, _ respond: () throws(Problem) -> HTTPResponse
    ) throws(Problem) -> HTTPResponse {
        try run(cost: cost, cancellation: cancellation) { reservation throws(Problem) in
            var response = try respond()
            reservation.resize(to: response.body.count)
            response.reservation = reservation
            return response
        }
    }

    /// Registers what to call while a request waits for memory held by others: the transport
    /// passes a closure that cuts short the answers furthest from reaching their clients
    /// (clients that never read), so that they give their bytes back. Without it, eight
    /// clients that asked for large answers and never read them held the budget until
    /// libmicrohttpd's idle timeout, and every other request waited behind them. It is called
    /// outside the gate's lock, when a request queues and at each poll while it waits, with
    /// the bytes the first request in the queue lacks.
    public func whenMemoryIsShort(_ reclaim: @escaping @Sendable (Int) -> Void) {
        let boxed = Reclaimer(reclaim)
        reclaimer.withLock { $0 = boxed }
    }

    /// The bytes the first waiting request lacks to fit the budget, 0 when none lacks any.
    private func shortfall(_ state: State) -> Int {
        guard let first = state.waiters.first, state.reservedBytes > 0 else { return 0 }
        // A request larger than the budget runs alone: it needs all of it back.
        let wanted = first.cost > memoryBudget ? state.reservedBytes : state.reservedBytes + first.cost - memoryBudget
        return max(0, wanted)
    }

    /// Asks the reclaimer, if any, for `bytes`.
    private func reclaim(_ bytes: Int) {
        guard bytes > 0, let reclaimer = reclaimer.withLock({ $0 }) else { return }
        reclaimer.reclaim(bytes)
    }

    /// Waits until a slot is free and `cost` fits, then takes both.
    private func admit(cost: Int, cancellation: CancellationCheck) throws(Problem) {
        let (queued, lacking): (Waiter?, Int) = try state.withLock { state throws(Problem) in
            if state.waiters.isEmpty, fits(cost, state) {
                state.running += 1
                state.reservedBytes += cost
                return (nil, 0)
            }
            guard state.waiters.count < maxQueued else {
                throw Problem.overloaded(running: maxRunning, queued: maxQueued, retryAfter: retryAfter)
            }
            let waiter = Waiter(cost: cost)
            state.waiters.append(waiter)
            return (waiter, shortfall(state))
        }
        guard let waiter = queued else { return }
        reclaim(lacking)
        while waiter.wakeUp.wait(timeout: .now() + Self.cancellationPollInterval) == .timedOut {
            reclaim(state.withLock { shortfall($0) })
            guard cancellation.isCancelled else { continue }
            let (left, granted) = state.withLock { state in
                guard !waiter.granted else { return (false, [Waiter]()) }
                state.waiters.removeAll { $0 === waiter }
                return (true, grantWaiters(&state))  // it may have held up smaller requests behind it
            }
            wake(granted)
            if left { throw Problem.clientGone() }
            // Granted meanwhile: the slot is taken; `run` sees the cancellation and gives it back.
        }
    }

    /// Whether a request of `cost` may start now: a slot is free, and its cost fits the budget
    /// or nothing holds any of it (a request larger than the budget runs alone).
    private func fits(_ cost: Int, _ state: State) -> Bool {
        state.running < maxRunning && (state.reservedBytes + cost <= memoryBudget || state.reservedBytes == 0)
    }

    /// Admits waiters from the front of the queue while they fit; the first that does not
    /// fit stops the rest, so a large request is not overtaken forever by small ones. Answers
    /// the admitted, to be woken with `wake` once the lock is released: a wake-up is a system
    /// call, and made under the lock it kept every other thread of a busy server spinning on
    /// it (with 62 requests queued, a request cost 380 µs of CPU instead of 210, README).
    private func grantWaiters(_ state: inout State) -> [Waiter] {
        var granted: [Waiter] = []
        while let first = state.waiters.first, fits(first.cost, state) {
            state.waiters.removeFirst()
            state.running += 1
            state.reservedBytes += first.cost
            first.granted = true
            granted.append(first)
        }
        return granted
    }

    /// Wakes the waiters `grantWaiters` admitted; called outside the lock.
    private func wake(_ granted: [Waiter]) {
        for waiter in granted {
            waiter.wakeUp.signal()
        }
    }

    private func finishComputing() {
        wake(
            state.withLock { state in
                state.running -= 1
                return grantWaiters(&state)
            })
    }

    /// Changes a reservation's bytes by `delta`, admitting waiters when it shrinks.
    fileprivate func adjustReserved(by delta: Int) {
        wake(
            state.withLock { state in
                state.reservedBytes += delta
                return delta < 0 ? grantWaiters(&state) : []
            })
    }

    /// The bytes one admitted request holds of the gate's memory budget, until the last
    /// reference to it goes: the handler's while it computes, then the answer's until the
    /// transport has sent or dropped it.
    public final class Reservation: Sendable, Hashable {
        private let gate: WorkGate
        /// Bytes held now, and the most held at any time.
        private let held: Mutex<(now: Int, peak: Int)>

        fileprivate init(gate: WorkGate, bytes: Int) {
            self.gate = gate
            held = Mutex((bytes, bytes))
        }

        /// Bytes held now.
        public var bytes: Int { held.withLock { $0.now } }

        /// The most bytes held at any time: what the work was estimated or measured to hold
        /// while it ran, before the reservation shrank to its answer. The transport trims the
        /// allocator after large work (`ReturnedMemory`) by it, since a small answer says
        /// nothing of the frames its work built and freed.
        public var peakBytes: Int { held.withLock { $0.peak } }

        /// Holds `bytes` from now on instead: the real size once it is known (an answer's
        /// length once written), smaller or larger than the estimate admitted. Growing never
        /// waits, since the memory is already in use; it makes later requests wait instead.
        public func resize(to bytes: Int) {
            let delta = held.withLock { held in
                let now = max(0, bytes)
                defer { held = (now, max(held.peak, now)) }
                return now - held.now
            }
            if delta != 0 { gate.adjustReserved(by: delta) }
        }

        deinit {
            let bytes = held.withLock { $0.now }
            if bytes != 0 { gate.adjustReserved(by: -bytes) }
        }

        public static func == (lhs: Reservation, rhs: Reservation) -> Bool { lhs === rhs }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(self))
        }
    }
}

extension WorkGate {
    /// Takes `bytes` of the budget at once, neither waiting nor taking a computing slot, for work
    /// too small and quick to queue for: the JSON tree of a small body (`JSONBody.read`). Like a
    /// reservation that grows, it may take the budget past its size, which makes later requests
    /// wait instead; the bytes are given back when the reservation goes.
    public func hold(bytes: Int) -> Reservation {
        let bytes = max(0, bytes)
        if bytes != 0 { adjustReserved(by: bytes) }
        return Reservation(gate: self, bytes: bytes)
    }
}
