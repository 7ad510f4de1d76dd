import Foundation
import SegueEngine
import SegueTestSupport
import Testing

@testable import SegueAPI

/// Admission for the computing routes: at most `maxRunning` at once, `maxQueued` more
/// waiting, and past that a 503 with Retry-After that never ran the request.
@Suite struct WorkGateTests {
    /// Occupies one of `gate`'s slots on another thread until `release` is signalled.
    private func occupy(_ gate: WorkGate, release: DispatchSemaphore) -> DispatchSemaphore {
        let entered = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = try? gate.run { () throws(Problem) in
                entered.signal()
                release.wait()
            }
            done.signal()
        }
        entered.wait()
        return done
    }

    @Test func pastTheSlotsAndTheQueueARequestIsRefusedWithoutRunning() throws {
        let gate = WorkGate(maxRunning: 1, maxQueued: 0, retryAfter: 2)
        let release = DispatchSemaphore(value: 0)
        let done = occupy(gate, release: release)
        #expect(gate.admittedCount == 1)

        var ran = false
        do throws(Problem) {
            try gate.run { () throws(Problem) in ran = true }
            Issue.record("a second request was admitted past one slot and no queue")
        } catch {
            #expect(error.status == 503)
            #expect(error.type == "urn:segue:problem:overloaded")
            #expect(error.retryAfter == 2)
        }
        #expect(!ran)
        #expect(gate.admittedCount == 1, "a refusal leaves no trace")

        release.signal()
        done.wait()
        #expect(gate.admittedCount == 0)
        try gate.run { () throws(Problem) in ran = true }
        #expect(ran, "the freed slot admits the next request")
    }

    @Test func aQueuedRequestWaitsForTheSlotThenRuns() throws {
        let gate = WorkGate(maxRunning: 1, maxQueued: 1)
        let release = DispatchSemaphore(value: 0)
        let done = occupy(gate, release: release)

        let queuedRan = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = try? gate.run { () throws(Problem) in queuedRan.signal() }
        }
        // The queued request is admitted (2 = one running, one waiting) but does not run.
        let deadline = Date().addingTimeInterval(5)
        while gate.admittedCount < 2, Date() < deadline { usleep(1_000) }
        #expect(gate.admittedCount == 2)
        #expect(queuedRan.wait(timeout: .now() + .milliseconds(100)) == .timedOut)
        // A third finds both the slot and the queue taken.
        #expect(throws: Problem.self) { try gate.run { () throws(Problem) in } }

        release.signal()
        #expect(queuedRan.wait(timeout: .now() + .seconds(5)) == .success)
        done.wait()
    }

    /// The routes as a client meets them: 503, `Retry-After`, problem JSON, while
    /// routes that do not compute are untouched by the gate.
    @Test func simulateAnswers503WithRetryAfterWhenTheGateIsFull() throws {
        let gate = WorkGate(maxRunning: 1, maxQueued: 0, retryAfter: 1)
        let service = SegueService(
            router: .segue(catalogue: .builtIn, readiness: Readiness(), gate: gate), makeRequestID: { "id" })
        let release = DispatchSemaphore(value: 0)
        let done = occupy(gate, release: release)

        var request = HTTPRequest(method: .post, path: "/v1/simulate", body: Array(#"{"preset":"instagram.pop"}"#.utf8))
        request.headers.add(name: "Content-Type", value: "application/json")
        let refused = service.respond(to: request)
        #expect(refused.status.code == 503)
        #expect(refused.headers["Retry-After"] == "1")
        #expect(refused.headers["Content-Type"] == "application/problem+json")
        let problem = try #require(JSONTestValue.object(refused.body))
        #expect(problem["type"] as? String == "urn:segue:problem:overloaded")
        #expect(problem["retryAfter"] as? Int == 1)
        #expect(refused.facts.problemType == "urn:segue:problem:overloaded")

        var curves = HTTPRequest(method: .post, path: "/v1/curves", body: Array(#"{"curve":{"type":"linear"}}"#.utf8))
        curves.headers.add(name: "Content-Type", value: "application/json")
        #expect(service.respond(to: curves).status.code == 503)
        #expect(service.respond(to: HTTPRequest(method: .get, path: "/healthz")).status.code == 200)

        release.signal()
        done.wait()
        let served = service.respond(to: request)
        #expect(served.status.code == 200)
        #expect(served.facts.presetID == "instagram.pop")
        let frames = try #require(JSONTestValue.object(served.body)?["frames"] as? [Any])
        #expect(served.facts.framesSimulated == frames.count)
        #expect(served.facts.route == "/v1/simulate")
    }
}
