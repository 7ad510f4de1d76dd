import Foundation
import SegueEngine
import SegueTestSupport
import Synchronization
import Testing

@testable import SegueAPI

/// Admission for the computing routes: at most `maxRunning` at once, only while their costs
/// fit the memory budget (a reservation lasting until the answer is dropped), `maxQueued`
/// more waiting, and past that a 503 with Retry-After that never ran the request.
@Suite struct WorkGateTests {
    /// A request held inside the gate on another thread: it computes until `finishComputing`
    /// is signalled, then keeps its reservation (as an answer being sent would) until
    /// `dropAnswer` is signalled.
    private final class Occupant: Sendable {
        let finishComputing = DispatchSemaphore(value: 0)
        let dropAnswer = DispatchSemaphore(value: 0)
        let entered = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)

        init(_ gate: WorkGate, cost: Int, waitForEntry: Bool = true) {
            Thread.detachNewThread { [self] in
                do {
                    let answer = try? gate.run(cost: cost) { reservation throws(Problem) in
                        entered.signal()
                        finishComputing.wait()
                        return reservation
                    }
                    dropAnswer.wait()
                    withExtendedLifetime(answer) {}
                }  // the answer is released here, before `done`
                done.signal()
            }
            if waitForEntry { entered.wait() }
        }

        /// Lets the request finish and drop its answer, and waits until it has.
        func end() {
            finishComputing.signal()
            dropAnswer.signal()
            done.wait()
        }
    }

    /// Waits (up to 5 s) until `condition` holds; the gate's waiters poll, so no fixed sleep.
    private func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while !condition(), Date() < deadline { usleep(1_000) }
        return condition()
    }

    @Test func pastTheSlotsAndTheQueueARequestIsRefusedWithoutRunning() throws {
        let gate = WorkGate(maxRunning: 1, maxQueued: 0, retryAfter: 2)
        let occupant = Occupant(gate, cost: 1)
        #expect(gate.admittedCount == 1)

        var ran = false
        do throws(Problem) {
            try gate.run(cost: 1) { _ throws(Problem) in ran = true }
            Issue.record("a second request was admitted past one slot and no queue")
        } catch {
            #expect(error.status == 503)
            #expect(error.type == "urn:segue:problem:overloaded")
            #expect(error.retryAfter == 2)
        }
        #expect(!ran)
        #expect(gate.admittedCount == 1, "a refusal leaves no trace")

        occupant.end()
        #expect(gate.admittedCount == 0)
        try gate.run(cost: 1) { _ throws(Problem) in ran = true }
        #expect(ran, "the freed slot admits the next request")
    }

    @Test func aQueuedRequestWaitsForTheSlotThenRuns() throws {
        let gate = WorkGate(maxRunning: 1, maxQueued: 1)
        let occupant = Occupant(gate, cost: 1)

        let queuedRan = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = try? gate.run(cost: 1) { _ throws(Problem) in queuedRan.signal() }
        }
        // The queued request is admitted (2 = one running, one waiting) but does not run.
        #expect(eventually { gate.admittedCount == 2 })
        #expect(queuedRan.wait(timeout: .now() + .milliseconds(100)) == .timedOut)
        // A third finds both the slot and the queue taken.
        #expect(throws: Problem.self) { try gate.run(cost: 1) { _ throws(Problem) in } }

        occupant.end()
        #expect(queuedRan.wait(timeout: .now() + .seconds(5)) == .success)
    }

    /// Budget 100 bytes, two slots. A holds 60; B (50) would make 110, so it waits although a
    /// slot is free; C (40) would fit beside A (100) but comes after B and waits its turn. When A's
    /// answer is dropped, B starts (50) and C with it (50 + 40 = 90).
    @Test func requestsWaitUntilTheirCostFitsTheBudgetFirstComeFirstServed() throws {
        let gate = WorkGate(maxRunning: 2, maxQueued: 10, memoryBudget: 100)
        let a = Occupant(gate, cost: 60)
        #expect(gate.reservedBytes == 60)

        let b = Occupant(gate, cost: 50, waitForEntry: false)
        #expect(eventually { gate.admittedCount == 2 })
        let c = Occupant(gate, cost: 40, waitForEntry: false)
        #expect(eventually { gate.admittedCount == 3 })
        #expect(b.entered.wait(timeout: .now() + .milliseconds(100)) == .timedOut, "60 + 50 > 100")
        #expect(c.entered.wait(timeout: .now() + .milliseconds(100)) == .timedOut, "C may not overtake B")
        #expect(gate.reservedBytes == 60)

        // A stops computing but its answer (the reservation) is still held: nothing changes.
        a.finishComputing.signal()
        #expect(b.entered.wait(timeout: .now() + .milliseconds(100)) == .timedOut, "the answer still holds 60")

        a.dropAnswer.signal()
        a.done.wait()
        #expect(b.entered.wait(timeout: .now() + .seconds(5)) == .success)
        #expect(c.entered.wait(timeout: .now() + .seconds(5)) == .success)
        #expect(gate.reservedBytes == 90)
        b.end()
        c.end()
        #expect(gate.reservedBytes == 0)
        #expect(gate.admittedCount == 0)
    }

    /// A request costing more than the whole budget is not refused: it runs alone once
    /// nothing else holds any of the budget, and everything else waits for it.
    @Test func aRequestLargerThanTheBudgetRunsAlone() throws {
        let gate = WorkGate(maxRunning: 2, maxQueued: 10, memoryBudget: 100)
        let small = Occupant(gate, cost: 10)
        let large = Occupant(gate, cost: 150, waitForEntry: false)
        #expect(large.entered.wait(timeout: .now() + .milliseconds(100)) == .timedOut, "10 bytes are held")
        small.end()
        #expect(large.entered.wait(timeout: .now() + .seconds(5)) == .success)
        #expect(gate.reservedBytes == 150)

        let next = Occupant(gate, cost: 1, waitForEntry: false)
        #expect(next.entered.wait(timeout: .now() + .milliseconds(100)) == .timedOut, "150 + 1 > 100")
        large.end()
        #expect(next.entered.wait(timeout: .now() + .seconds(5)) == .success)
        next.end()
    }

    /// A reservation follows the real size: resized to 30 of an estimated 80, it lets a 70 in
    /// (30 + 70 = 100); dropped, it gives its bytes back.
    @Test func aReservationCanBeResizedToTheRealSize() throws {
        let gate = WorkGate(maxRunning: 2, maxQueued: 10, memoryBudget: 100)
        let answer = try gate.run(cost: 80) { reservation throws(Problem) in reservation }
        #expect(gate.reservedBytes == 80, "the answer holds its cost after computing")
        #expect(gate.admittedCount == 0, "but no computing slot")

        let waiting = Occupant(gate, cost: 70, waitForEntry: false)
        #expect(waiting.entered.wait(timeout: .now() + .milliseconds(100)) == .timedOut, "80 + 70 > 100")
        answer.resize(to: 30)
        #expect(waiting.entered.wait(timeout: .now() + .seconds(5)) == .success)
        #expect(gate.reservedBytes == 100)
        waiting.end()
        #expect(gate.reservedBytes == 30)
        withExtendedLifetime(answer) {}
    }

    /// The reclaimer is called every time a request waits for memory, thousands of times a
    /// minute on a busy server, and calling it must cost the same the thousandth time as the
    /// first. Kept in a `Mutex` of a closure, each read through `withLock` wrapped the stored
    /// closure in two more reabstraction thunks: each call went through all of them (the stack
    /// one frame deeper per wrapping), and after the bursts of `scripts/faults/heavy` releasing
    /// the chain of ~100 000 thunks overflowed the stack when the server exited. Here each
    /// request finds the budget held, asks the reclaimer, which gives the bytes back; the
    /// reclaimer notes its stack depth at every call.
    @Test func theReclaimerCostsTheSameAtEveryCall() throws {
        let gate = WorkGate(maxRunning: 1, maxQueued: 1, memoryBudget: 100)
        let holder = Mutex<WorkGate.Reservation?>(nil)
        let depths = Mutex<[Int]>([])
        gate.whenMemoryIsShort { _ in
            let depth = Thread.callStackReturnAddresses.count
            depths.withLock { $0.append(depth) }
            holder.withLock { $0 = nil }  // gives the budget back: the waiting request is admitted
        }
        let calls = 2000
        for _ in 0..<calls {
            holder.withLock { $0 = gate.hold(bytes: 100) }
            try gate.run(cost: 1) { _ throws(Problem) in }
        }
        let seen = depths.withLock { $0 }
        #expect(seen.count == calls, "each request found the budget held and asked the reclaimer")
        #expect(
            seen.first == seen.last, "stack depth at the first call \(seen.first ?? 0), at the last \(seen.last ?? 0)")
        #expect(gate.reservedBytes == 0)
    }

    /// A queued request whose client has gone leaves the queue without running and without
    /// waiting for a slot: `Problem.clientGone`, and its place is free again.
    @Test func aWaitingRequestWhoseClientHasGoneLeavesTheQueueWithoutRunning() throws {
        let gate = WorkGate(maxRunning: 1, maxQueued: 1)
        let occupant = Occupant(gate, cost: 1)
        let gone = Atomic<Bool>(false)
        let cancellation = CancellationCheck { gone.load(ordering: .relaxed) }
        let outcome = Mutex<Problem?>(nil)
        let ran = Atomic<Bool>(false)
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            do throws(Problem) {
                try gate.run(cost: 1, cancellation: cancellation) { _ throws(Problem) in
                    ran.store(true, ordering: .relaxed)
                }
            } catch {
                outcome.withLock { $0 = error }
            }
            finished.signal()
        }
        #expect(eventually { gate.admittedCount == 2 })
        gone.store(true, ordering: .relaxed)
        #expect(finished.wait(timeout: .now() + .seconds(5)) == .success, "it left while the slot was still taken")
        let didRun = ran.load(ordering: .relaxed)
        #expect(!didRun)
        #expect(outcome.withLock { $0?.type } == Problem.clientGoneType)
        #expect(gate.admittedCount == 1)
        occupant.end()
    }

    /// The routes as a client meets them: heavy work is refused with 503, `Retry-After` and
    /// problem JSON while the gate is full, while small work (its own lane, `Admission`) and
    /// routes that do not compute are untouched by it.
    @Test func simulateAnswers503WithRetryAfterWhenTheGateIsFull() throws {
        let gate = WorkGate(maxRunning: 1, maxQueued: 0, retryAfter: 1)
        let service = SegueService(
            router: .segue(catalogue: .builtIn, readiness: Readiness(), gate: gate), makeRequestID: { "id" })
        let occupant = Occupant(gate, cost: 1)

        // 2 281 frames of 8 layers: estimated far past the quick lane's 1 MiB.
        var request = HTTPRequest(method: .post, path: "/v1/simulate", body: try SimulateCostTests.heldRequest())
        request.headers.add(name: "Content-Type", value: "application/json")
        let refused = service.respond(to: request)
        #expect(refused.status.code == 503)
        #expect(refused.headers["Retry-After"] == "1")
        #expect(refused.headers["Content-Type"] == "application/problem+json")
        let problem = try #require(JSONTestValue.object(refused.body))
        #expect(problem["type"] as? String == "urn:segue:problem:overloaded")
        #expect(problem["retryAfter"] as? Int == 1)
        #expect(refused.facts.problemType == "urn:segue:problem:overloaded")

        // A valid curve of 12 001 samples (past 1 MiB): requests are parsed (and refused 422 when
        // invalid) before they meet the gate.
        let curve = #"{"curve":{"type":"named","name":"linear","duration":100},"frameRate":120}"#
        var curves = HTTPRequest(method: .post, path: "/v1/curves", body: Array(curve.utf8))
        curves.headers.add(name: "Content-Type", value: "application/json")
        #expect(service.respond(to: curves).status.code == 503)
        #expect(service.respond(to: HTTPRequest(method: .get, path: "/healthz")).status.code == 200)
        do {
            var small = HTTPRequest(
                method: .post, path: "/v1/simulate", body: Array(#"{"preset":"instagram.pop"}"#.utf8))
            small.headers.add(name: "Content-Type", value: "application/json")
            let quick = service.respond(to: small)
            #expect(quick.status.code == 200, "small work is served beside the full gate")
            #expect(gate.reservedBytes == 1 + quick.body.count, "and counted in its budget")
        }

        occupant.end()
        let served = service.respond(to: request)
        #expect(served.status.code == 200)
        #expect(served.facts.presetID == "yui.fbPaper.interactivePop")
        let frames = try #require(JSONTestValue.object(served.body)?["frames"] as? [Any])
        #expect(served.facts.framesSimulated == frames.count)
        #expect(served.facts.route == "/v1/simulate")
        // The answer holds exactly its body's bytes of the budget until it is dropped.
        #expect(served.reservation?.bytes == served.body.count)
        #expect(gate.reservedBytes == served.body.count)
    }
}
