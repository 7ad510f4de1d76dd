import SegueMath
import SegueTestSupport
import Testing

@testable import SegueEngine

/// A gesture still in progress: the promise live drive rests on. For every interactive preset of
/// the catalogue, each open prefix of a gesture (cut after a `began` or `changed` sample) must give
/// exactly the first frames of the whole gesture's answer, namely those at or before the prefix's
/// latest sample, and no decision. So a frame, once sent, never changes when more samples arrive.
///
/// The expected frames are the whole gesture's own (`Preset.run` on the closed gesture, the path
/// every request took before open gestures existed); how many of them the prefix owns is counted
/// here from the prefix's latest sample time.
@Suite struct OpenGestureTests {
    struct Request: CustomTestStringConvertible, Sendable {
        var name: String
        var preset: any Preset
        var parameters: [String: ParameterValue] = [:]
        var samples: [GestureSample]
        var frameRate: Double = 60
        var testDescription: String { name }
    }

    /// The frame-invariant requests that have a gesture (the examples at three rates and the
    /// varied ones: a cancel, a refused pan, a regrab, an overshooting settle), and generated drags.
    static let requests: [Request] =
        FrameInvariantTests.requests.compactMap { request in
            guard request.preset.interactive, let samples = request.samples else { return nil }
            return Request(
                name: request.name, preset: request.preset, parameters: request.parameters, samples: samples,
                frameRate: request.frameRate)
        } + generatedRequests + hostileRequests

    /// The hostile drags (reversals past the start, pauses, bursts, regrabs, samples on and just off
    /// frame times): a drag that turns back is where a frame that read the whole gesture shows it.
    static let hostileRequests: [Request] = HostileRequest.all.map { hostile in
        Request(
            name: hostile.name, preset: hostile.preset, parameters: hostile.parameters, samples: hostile.samples,
            frameRate: hostile.frameRate)
    }

    /// For each interactive preset, three seeded wandering drags from its example's touch-down, at
    /// uneven intervals (4–30 ms), each with both touch-resampling modes where the preset has them.
    static let generatedRequests: [Request] = {
        var generator = SeededGenerator(seed: 0x5E6E_0001)
        var requests: [Request] = []
        for preset in PresetCatalogue.builtIn.presets where preset.interactive {
            guard let example = preset.exampleGesture, let first = example.first, let last = example.last else {
                continue
            }
            let resamples = preset.parameters.contains { $0.name == "touchResampling" }
            for drag in 0..<3 {
                let count = Int.random(in: 8...40, using: &generator)
                let steps = Double(max(count - 1, 1))
                let heading = Point(
                    x: (last.location.x - first.location.x) / steps, y: (last.location.y - first.location.y) / steps)
                var time = first.time
                var location = first.location
                var samples = [GestureSample(time: time, location: location, phase: .began)]
                for index in 1..<count {
                    time += Double.random(in: 0.004...0.030, using: &generator)
                    location = Point(
                        x: location.x + heading.x + Double.random(in: -12...12, using: &generator),
                        y: location.y + heading.y + Double.random(in: -12...12, using: &generator))
                    let phase: GesturePhase = index == count - 1 ? (drag == 2 ? .cancelled : .ended) : .changed
                    samples.append(GestureSample(time: time, location: location, phase: phase))
                }
                for mode in resamples ? ["latest", "interpolate"] : ["latest"] {
                    requests.append(
                        Request(
                            name: "\(preset.description.id): generated drag \(drag), \(count) samples, \(mode)",
                            preset: preset,
                            parameters: resamples ? ["touchResampling": .choice(mode)] : [:], samples: samples))
                }
            }
        }
        return requests
    }()

    static func run(_ request: Request, samples: [GestureSample]) throws -> Simulation {
        let preset = request.preset
        let gesture = try GestureTrack(samples: samples, allowsMultipleStrokes: preset.acceptsRegrab)
        return try preset.run(
            SimulationInput(
                scene: ParameterValues(specs: preset.sceneFields, given: [:]),
                parameters: ParameterValues(specs: preset.parameters, given: request.parameters), gesture: gesture,
                frameRate: request.frameRate))
    }

    @Test(arguments: requests)
    func everyOpenPrefixGivesTheFirstFramesOfTheWholeAnswer(request: Request) throws {
        let whole: Simulation
        do {
            whole = try Self.run(request, samples: request.samples)
        } catch  where HostileRequest.isRefusal(error) {
            return  // a hostile regrab the preset refuses as a client error (a 422): nothing to compare
        }
        #expect(!whole.isOpen)
        var prefixes = 0
        for end in request.samples.indices where !request.samples[end].phase.isTerminal {
            let prefix = Array(request.samples[...end])
            let open = try Self.run(request, samples: prefix)
            let latest = prefix[end].time
            // The frames at or before the latest sample; a sample within the wire's resolution of a
            // frame time counts for that frame.
            let owned = whole.frames.prefix { $0.time <= latest + GestureTrack.timeResolution }.count
            #expect(open.isOpen, "prefix through sample \(end)")
            // No decision, unless the whole gesture's was taken by the latest sample (a threshold crossed).
            let decided = whole.decision.map { $0.time <= latest } ?? false
            #expect(open.decision == (decided ? whole.decision : nil), "prefix through sample \(end): decision")
            #expect(open.frames.count == owned, "prefix through sample \(end) at \(latest) s")
            let differing = zip(open.frames, whole.frames).enumerated().first { $0.element.0 != $0.element.1 }
            #expect(differing == nil, "prefix through sample \(end): frame \(differing?.offset ?? -1) differs")
            // The latest frame follows the finger, once the latest stroke has touched down by its time (a
            // regrab that lands between two frames leaves the one before it in the previous settle).
            let strokeBegan = prefix.last { $0.phase == .began }?.time ?? latest
            if let last = open.frames.last, last.time >= strokeBegan - GestureTrack.timeResolution {
                #expect(last.phase == .interactive, "the latest frame follows the finger")
            }
            #expect(open.layers == whole.layers)
            #expect(open.events == whole.events.filter { $0.time <= latest }, "prefix through sample \(end): events")
            if let last = open.frames.last {
                #expect(open.duration == last.time - request.samples[0].time)
            }
            prefixes += 1
        }
        #expect(prefixes > 0)
    }

    /// An open gesture owes the frame cap only the frames it has: the whole answer's settle is never built.
    @Test func anOpenGestureIsNotRefusedForTheFramesItsSettleWouldNeed() throws {
        let preset = try #require(PresetCatalogue.builtIn.preset(id: "instagram.pop.interactive"))
        let samples = [
            GestureSample(time: 0, location: Point(x: 30, y: 400), phase: .began),
            GestureSample(time: 0.1, location: Point(x: 90, y: 400), phase: .changed),
        ]
        let simulation = try preset.run(
            SimulationInput(
                scene: ParameterValues(specs: preset.sceneFields, given: [:]),
                parameters: ParameterValues(specs: preset.parameters, given: [:]),
                gesture: try GestureTrack(samples: samples), frameRate: 60, maxFrames: 7))
        // Frames at 0, 1/60, …, 6/60 = 0.1: seven, the cap, though the settle would need more.
        #expect(simulation.frames.count == 7)
        #expect(simulation.isOpen)
    }
}
