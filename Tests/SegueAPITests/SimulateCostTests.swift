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
    /// example, so it may run up to one 60 Hz frame (4 frames at 240 Hz) past the real count;
    /// besides, it counts the gesture's samples, which the simulation's figure does not.
    @Test func theEstimateCountsTheFramesAndLayersBeforeRunning() throws {
        let request = try parsed(Self.heldRequest())
        let costs = SimulateCost(catalogue: .builtIn)
        let simulation = try request.run()
        #expect(simulation.frames.count == Self.heldFrames)
        #expect(simulation.layers.count == Self.layers)
        let samples = (request.input.gesture?.samples.count ?? 0) * MemoryLayout<GestureSample>.stride
        for output in SimulateOutput.allCases {
            let estimate = costs.estimatedBytes(for: request, output: output) - samples
            let real = costs.bytes(
                of: simulation, output: output, encoding: .full,
                art: request.drawsArt(output, frames: simulation.frames.count))
            #expect(estimate >= real, "\(output)")
            #expect(
                Double(estimate) <= Double(real) * Double(Self.heldFrames + 4) / Double(Self.heldFrames), "\(output)")
        }
    }

    /// The frame cap bounds the estimate as it bounds the work: 1 000 s at 240 Hz would be
    /// 240 001 frames, counted as the cap's 20 000, as are 200 s (48 001).
    @Test func theEstimateNeverExceedsTheFrameCap() throws {
        func estimate(holding seconds: Int) throws -> Int {
            var body = String(decoding: try Self.heldRequest(), as: UTF8.self)
            body = body.replacingOccurrences(of: #""t":9"#, with: "\"t\":\(seconds)")
            return SimulateCost(catalogue: .builtIn).estimatedBytes(for: try parsed(Array(body.utf8)))
        }
        #expect(try estimate(holding: 1000) == estimate(holding: 200))
        #expect(try estimate(holding: 60) < estimate(holding: 200))
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

    /// An answer that will be gzip-coded holds room for the coding until it is coded, and then
    /// the coded bytes alone.
    @Test func aCodedAnswerHoldsItsCodingUntilCoded() throws {
        let gate = WorkGate(maxRunning: 1, maxQueued: 0, memoryBudget: 1 << 30)
        let service = SegueService(router: .segue(catalogue: .builtIn, readiness: Readiness(), gate: gate))
        let response = service.respond(
            to: HTTPRequest(
                method: .post, path: "/v1/simulate",
                headers: ["Content-Type": "application/json", "Accept-Encoding": "gzip"],
                body: try Self.heldRequest()))
        #expect(response.headers["Content-Encoding"] == "gzip")
        #expect(gate.reservedBytes == response.body.count)
        #expect(response.body.capacity < response.body.count + 4096, "no buffer of zlib's bound is kept")
    }

    /// For every preset, frame rate and output, the figure a simulation is held at while its
    /// output is written covers what is really held at once: the simulation (each frame's value
    /// and layer array, and each mask path's string block as malloc sizes it) and, for the JSON
    /// answer, its text twice (the writer's buffer and the array copied from it); for every other
    /// output, the JSON check's two copies or its own text's two, whichever is more.
    @Test func theFigureCoversWhatEachOutputHolds() throws {
        let costs = SimulateCost(catalogue: .builtIn)
        for (name, example) in Fixtures.exampleRequests() {
            for frameRate in [30, 240] {
                var request = try #require(JSONSerialization.jsonObject(with: Data(example)) as? [String: Any])
                request["frameRate"] = frameRate
                let parsedRequest = try parsed(Array(try JSONSerialization.data(withJSONObject: request)))
                let simulation = try parsedRequest.run()
                let window = parsedRequest.preset.window(of: parsedRequest.input.scene)
                var held = 0
                for frame in simulation.frames {
                    held += MemoryLayout<SimulationFrame>.stride
                    if frame.layers.capacity > 0 {
                        held += frame.layers.withUnsafeBufferPointer {
                            JSONTreeCostTests.chunk(storageOf: $0.baseAddress)
                        }
                    }
                    for state in frame.layers {
                        guard var path = state.mask?.path, path.utf8.count > 15 else { continue }
                        held += path.withUTF8 { JSONTreeCostTests.chunk(storageOf: $0.baseAddress) }
                    }
                }
                let json = try SimulateResponse(simulation).encoded().count
                for output in SimulateOutput.allCases {
                    let text = SimulateEndpoint.drawn(output, simulation, window: window).count
                    let expected = held + 2 * max(json, text)
                    let figure = costs.bytes(of: simulation, output: output, encoding: .full)
                    #expect(figure >= expected, "\(name) at \(frameRate) Hz as \(output): \(figure) < \(expected)")
                    let estimate = costs.estimatedBytes(for: parsedRequest, output: output)
                    #expect(estimate >= expected, "\(name) at \(frameRate) Hz as \(output), estimated")
                }
            }
        }
    }
}
