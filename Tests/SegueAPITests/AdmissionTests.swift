import Dispatch
import SegueEngine
import SegueTestSupport
import Testing

@testable import SegueAPI

/// Small work runs in a lane of its own beside the work gate, so it never waits behind heavy work
/// in the gate's queue; its bytes are still counted in the gate's budget.
@Suite struct AdmissionTests {
    /// With the gate's one slot taken by heavy work and no room to queue, a small request is
    /// admitted at once while a heavy one is refused.
    @Test func smallWorkDoesNotWaitBehindHeavyWork() throws {
        let gate = WorkGate(maxRunning: 1, maxQueued: 0, memoryBudget: 64 << 20)
        let admission = Admission(gate: gate)
        let heavyStarted = DispatchSemaphore(value: 0)
        let finishHeavy = DispatchSemaphore(value: 0)
        let heavyDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = try? admission.run(cost: 8 << 20) { _ in
                heavyStarted.signal()
                finishHeavy.wait()
            }
            heavyDone.signal()
        }
        heavyStarted.wait()

        let small = try admission.run(cost: 100_000) { reservation in
            (reservation.bytes, gate.reservedBytes)
        }
        #expect(small.0 == 100_000)
        #expect(small.1 == (8 << 20) + 100_000, "the small work's bytes count in the gate's budget")

        #expect(throws: Problem.self) {
            try admission.run(cost: Admission.quickBytes + 1) { _ in }
        }
        finishHeavy.signal()
        heavyDone.wait()
        #expect(gate.reservedBytes == 0)
    }

    /// The canonical simulate (instagram.pop.interactive's example) is quick work, as any ordinary
    /// request: estimated under `Admission.quickBytes` for every output without the exports' drawn
    /// art. With it, an export is heavy work (its rasters and PNGs, `ExportArt.heldBytes`) and
    /// waits in the gate.
    @Test func theCanonicalSimulateIsQuickWork() throws {
        let body = Fixtures.read(Fixtures.root + "/scripts/examples/instagram.pop.interactive.json") ?? []
        var request = try SimulateRequest.parse(
            try JSONBody.value(
                from: HTTPRequest(method: .post, path: "/", headers: ["Content-Type": "application/json"], body: body)),
            catalogue: .builtIn)
        let costs = SimulateCost(catalogue: .builtIn)
        for output in SimulateOutput.allCases {
            let estimate = costs.estimatedBytes(for: request, output: output)
            #expect((estimate <= Admission.quickBytes) == !request.drawsArt(output), "\(output): \(estimate) bytes")
        }
        request.art = false
        for output in SimulateOutput.allCases {
            let estimate = costs.estimatedBytes(for: request, output: output)
            #expect(estimate <= Admission.quickBytes, "\(output) without art: \(estimate) bytes")
        }
    }
}
