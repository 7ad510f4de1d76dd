import Foundation
import SegueEngine
import SegueTestSupport
import Synchronization
import Testing

@testable import SegueAPI

/// `POST /v1/simulate` by cost and with cancellation: the estimate the gate admits by, the
/// reservation following the real size, and a client gone stopping the work.
@Suite struct SimulateCostTests {
    /// yui.fbPaper.interactivePop's example drag at 240 Hz with the finger held until 9 s:
    /// began at 0, released at 9, then its 0.5 s settle spring (the preset's `duration`), so
    /// (9 + 0.5) · 240 = 2 280 frame steps and 2 281 frames, each of its 8 layers (the
    /// backdrop, the home screen, the demo, the header and the four visible cards).
    static let heldFrames = 2281
    static let layers = 8

    static func heldRequest() throws -> [UInt8] {
        let example = try #require(
            FileManager.default.contents(atPath: Fixtures.root + "/scripts/examples/yui.fbPaper.interactivePop.json"))
        var request = try #require(JSONSerialization.jsonObject(with: example) as? [String: Any])
        var gesture = try #require(request["gesture"] as? [String: Any])
        var samples = try #require(gesture["samples"] as? [[String: Any]])
        samples[samples.count - 1]["t"] = 9
        gesture["samples"] = samples
        request["gesture"] = gesture
        request["frameRate"] = 240
        return Array(try JSONSerialization.data(withJSONObject: request))
    }

    private func parsed(_ body: [UInt8]) throws -> SimulateRequest {
        let request = HTTPRequest(
            method: .post, path: "/v1/simulate", headers: ["Content-Type": "application/json"], body: body)
        let json = try JSONBody.value(from: request, limits: RequestLimits().json)
        return try SimulateRequest.parse(json, catalogue: .builtIn)
    }

    /// The estimate counts the gesture's 9 s and the preset's settle, measured at 60 Hz from its
    /// example, so it may run up to one 60 Hz frame (4 frames at 240 Hz) past the real count.
    @Test func theEstimateCountsTheFramesAndLayersBeforeRunning() throws {
        let request = try parsed(Self.heldRequest())
        let estimate = SimulateCost(catalogue: .builtIn).estimatedBytes(for: request)
        let exact = SimulateCost.bytes(frames: Self.heldFrames, layers: Self.layers)
        #expect(estimate >= exact)
        #expect(estimate <= SimulateCost.bytes(frames: Self.heldFrames + 4, layers: Self.layers))

        let simulation = try request.run()
        #expect(simulation.frames.count == Self.heldFrames)
        #expect(simulation.layers.count == Self.layers)
        #expect(SimulateCost.bytes(of: simulation) == exact)
    }

    /// The frame cap bounds the estimate as it bounds the work: 1 000 s at 240 Hz would be
    /// 240 001 frames, counted as the cap's 20 000.
    @Test func theEstimateNeverExceedsTheFrameCap() throws {
        var body = String(decoding: try Self.heldRequest(), as: UTF8.self)
        body = body.replacingOccurrences(of: #""t":9"#, with: #""t":1000"#)
        let request = try parsed(Array(body.utf8))
        #expect(
            SimulateCost(catalogue: .builtIn).estimatedBytes(for: request)
                == SimulateCost.bytes(frames: FrameGrid.defaultMaxFrames, layers: Self.layers))
    }

    /// Through the gate, the answer holds exactly its body's bytes once written.
    @Test func theAnswerHoldsItsBodysBytes() throws {
        let gate = WorkGate(maxRunning: 1, maxQueued: 0, memoryBudget: 1 << 20)
        let service = SegueService(router: .segue(catalogue: .builtIn, readiness: Readiness(), gate: gate))
        let response = service.respond(
            to: HTTPRequest(
                method: .post, path: "/v1/simulate", headers: ["Content-Type": "application/json"],
                body: try Self.heldRequest()))
        #expect(response.status.code == 200)
        #expect(gate.reservedBytes == response.body.count)
        #expect(response.body.count > 1 << 20, "larger than the whole budget, and served: nothing else ran")
    }

    /// A client gone stops the simulation at its next batch of frames: `Problem.clientGone`
    /// (status 499, never sent), after at most one more batch than the checks allowed.
    @Test func aClientGoneMidwayStopsTheSimulation() throws {
        let checks = Atomic<Int>(0)
        let service = SegueService(router: .segue(catalogue: .builtIn, readiness: Readiness()))
        let response = service.respond(
            to: HTTPRequest(
                method: .post, path: "/v1/simulate", headers: ["Content-Type": "application/json"],
                body: try Self.heldRequest(),
                cancellation: CancellationCheck { checks.add(1, ordering: .relaxed).newValue > 3 }))
        #expect(response.status.code == 499)
        #expect(response.facts.problemType == Problem.clientGoneType)
        // Checks 1–3 let batches through; the 4th (before frame 768 of 2 281) stops it.
        #expect(checks.load(ordering: .relaxed) == 4)
    }

    /// A client gone while waiting in the gate's queue never runs.
    @Test func aClientGoneBeforeAdmissionNeverRuns() throws {
        let gate = WorkGate(maxRunning: 1, maxQueued: 1)
        let service = SegueService(router: .segue(catalogue: .builtIn, readiness: Readiness(), gate: gate))
        let checks = Atomic<Int>(0)
        let response = service.respond(
            to: HTTPRequest(
                method: .post, path: "/v1/simulate", headers: ["Content-Type": "application/json"],
                body: Array(#"{"preset":"instagram.pop"}"#.utf8),
                cancellation: CancellationCheck {
                    checks.add(1, ordering: .relaxed)
                    return true
                }))
        #expect(response.status.code == 499)
        #expect(checks.load(ordering: .relaxed) == 1, "asked once, on admission, and not again by the engine")
        #expect(response.facts.framesSimulated == 0)
        #expect(gate.reservedBytes == 0)
    }
}
