import Foundation
import SegueEngine
import SegueTestSupport
import Testing

@testable import SegueAPI

/// The drive session's core guarantee: for every interactive preset, the frames of a session,
/// concatenated, are the frames of `POST /v1/simulate` with the same samples, whatever the
/// samples' grouping into messages; the decision and the settled events are the answer's too.
/// The expected values are the simulate answer's, through the service as a client calls it.
@Suite struct DriveSessionTests {
    static let service = SegueService(router: .segue(catalogue: .builtIn, readiness: Readiness()))
    static let interactive = PresetCatalogue.builtIn.presets.filter(\.interactive)

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var preset: String
        var samples: [[String: Double]]  // t, x, y; phases below
        var phases: [String]
        var parameters: [String: String] = [:]
        var testDescription: String { name }

        var sampleObjects: [[String: Any]] {
            zip(samples, phases).map { sample, phase -> [String: Any] in
                let t: Double = sample["t"] ?? 0
                let x: Double = sample["x"] ?? 0
                let y: Double = sample["y"] ?? 0
                return ["t": t, "x": x, "y": y, "phase": phase]
            }
        }
    }

    /// Each interactive preset's example gesture, and two seeded wandering drags from its touch-down.
    static let cases: [Case] = {
        var generator = SeededGenerator(seed: 0xD21_0E)
        var cases: [Case] = []
        for preset in interactive {
            guard let example = preset.exampleGesture, let first = example.first, let last = example.last else {
                continue
            }
            cases.append(
                Case(
                    name: "\(preset.description.id) example", preset: preset.description.id,
                    samples: example.map { ["t": $0.time, "x": $0.location.x, "y": $0.location.y] },
                    phases: example.map(\.phase.rawValue)))
            // Hostile drags: reversals, pauses, bursts, samples on and just off frame times, flings.
            let hostile = HostileGesture.drags(
                from: (first.location.x, first.location.y),
                heading: (last.location.x - first.location.x, last.location.y - first.location.y),
                startTime: first.time, count: 3, seed: 0xD21_0E00 &+ UInt64(cases.count))
            for drag in hostile {
                cases.append(
                    Case(
                        name: "\(preset.description.id) \(drag.name)", preset: preset.description.id,
                        samples: drag.samples.map { ["t": $0.time, "x": $0.x, "y": $0.y] },
                        phases: drag.samples.map(\.phase)))
            }
            for drag in 0..<2 {
                let count = Int.random(in: 6...30, using: &generator)
                var samples: [[String: Double]] = []
                var time = first.time
                var x = first.location.x
                var y = first.location.y
                for index in 0..<count {
                    if index > 0 {
                        time += (Double.random(in: 4...30, using: &generator)).rounded() / 1000
                        x +=
                            (last.location.x - first.location.x) / Double(count)
                            + Double.random(in: -8...8, using: &generator)
                        y +=
                            (last.location.y - first.location.y) / Double(count)
                            + Double.random(in: -8...8, using: &generator)
                    }
                    samples.append(["t": time, "x": x.rounded(), "y": y.rounded()])
                }
                let phases = ["began"] + Array(repeating: "changed", count: count - 2) + ["ended"]
                cases.append(
                    Case(
                        name: "\(preset.description.id) drag \(drag)", preset: preset.description.id, samples: samples,
                        phases: phases))
            }
        }
        return cases
    }()

    static func json(_ object: Any) -> [UInt8] {
        (try? JSONSerialization.data(withJSONObject: object)).map { Array($0) } ?? []
    }

    /// Whether two parsed JSON values are the same JSON (keys in any order).
    static func same(_ a: Any?, _ b: Any?) -> Bool {
        func canonical(_ value: Any?) -> Data? {
            try? JSONSerialization.data(withJSONObject: value ?? NSNull(), options: [.sortedKeys, .fragmentsAllowed])
        }
        return canonical(a) != nil && canonical(a) == canonical(b)
    }

    static func object(_ bytes: [UInt8]) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] ?? [:]
    }

    /// The simulate answer for the case's samples.
    static func simulate(_ testCase: Case, samples: [[String: Any]]) -> [String: Any] {
        let body: [String: Any] = ["preset": testCase.preset, "gesture": ["samples": samples]]
        let response = service.respond(
            to: HTTPRequest(
                method: .post, path: "/v1/simulate", headers: ["Content-Type": "application/json"], body: json(body)))
        #expect(response.status.code == 200, "\(String(decoding: response.body, as: UTF8.self).prefix(300))")
        return object(response.body)
    }

    static func session() -> DriveSession {
        DriveSession(catalogue: .builtIn, limits: RequestLimits(), maxSamples: 10_000, requestID: "test")
    }

    /// Every message as an object, a burst's as the transport makes them; fails on a close.
    static func messages(_ outputs: [DriveSession.Output]) -> [[String: Any]] {
        outputs.flatMap { output -> [[String: Any]] in
            switch output {
            case .text(let bytes):
                return [object(bytes)]
            case .frames(var burst):
                var messages: [[String: Any]] = []
                while let bytes = burst.nextMessage() {
                    messages.append(object(bytes))
                }
                return messages
            case .close:
                Issue.record("unexpected close: \(output)")
                return []
            }
        }
    }

    @Test(arguments: cases)
    func aSessionsFramesAreTheSimulateAnswersFrames(testCase: Case) throws {
        let samples = testCase.sampleObjects
        let expected = Self.simulate(testCase, samples: samples)
        var generator = SeededGenerator(seed: UInt64(samples.count) &* 7919)
        for pace in ["asap", "realtime"] {
            var session = Self.session()
            var received = Self.messages(
                session.receive(Self.json(["type": "start", "preset": testCase.preset, "pace": pace]), now: 0))
            #expect(received.first?["type"] as? String == "started")
            #expect(Self.same(received.first?["layers"], expected["layers"]))
            // The samples in messages of 1 to 4, the clock 10 ms on for each.
            var index = 0
            var clock = 0.0
            while index < samples.count {
                let size = min(Int.random(in: 1...4, using: &generator), samples.count - index)
                clock += 0.01
                received += Self.messages(
                    session.receive(
                        Self.json(["type": "samples", "samples": Array(samples[index..<(index + size)])]), now: clock))
                index += size
            }
            // Realtime: the settle frames come as the clock passes their times.
            var steps = 0
            while let due = session.nextDue, steps < 100_000 {
                #expect(due >= clock - 1e-9, "no frame is scheduled in the past")
                clock = due
                received += Self.messages(session.due(at: clock))
                steps += 1
            }
            let errors = received.filter { $0["type"] as? String == "error" }
            #expect(errors.isEmpty, "\(pace): \(errors.prefix(1))")
            let frames = received.filter { $0["type"] as? String == "frames" }.flatMap { $0["frames"] as? [Any] ?? [] }
            let expectedFrames = expected["frames"] as? [Any] ?? []
            #expect(frames.count == expectedFrames.count, "\(pace)")
            #expect(Self.same(frames, expectedFrames), "\(pace): the frames differ")
            let decisions = received.filter { $0["type"] as? String == "decision" }
            #expect(decisions.count == 1, "\(pace)")
            #expect(Self.same(decisions.first?["decision"], expected["decision"]))
            #expect(received.last?["type"] as? String == "settled", "\(pace): settled comes last")
            #expect(Self.same(received.last?["events"], expected["events"]))
            #expect((received.last?["duration"] as? Double) == (expected["duration"] as? Double))
            // The decision comes after the last frame at or before its time, before any later one.
            let decisionTime = try #require((expected["decision"] as? [String: Any])?["time"] as? Double)
            var framesBefore = 0
            for message in received {
                if message["type"] as? String == "decision" { break }
                framesBefore += (message["frames"] as? [Any])?.count ?? 0
            }
            let atOrBefore = expectedFrames.prefix {
                (($0 as? [String: Any])?["time"] as? Double ?? .infinity) <= decisionTime
            }
            #expect(framesBefore == atOrBefore.count, "\(pace): frames before the decision")
        }
    }

    /// Each `samples` message sends exactly the new frames at or before its latest sample while the
    /// finger is down: as soon as they are determined, never later.
    @Test func framesGoOutAsSoonAsTheirSampleArrives() throws {
        let testCase = try #require(Self.cases.first { $0.name == "instagram.pop.interactive example" })
        let samples = testCase.sampleObjects
        let expectedFrames = Self.simulate(testCase, samples: samples)["frames"] as! [[String: Any]]
        var session = Self.session()
        _ = session.receive(Self.json(["type": "start", "preset": testCase.preset]), now: 0)
        var total = 0
        for (index, sample) in samples.enumerated() where sample["phase"] as? String != "ended" {
            let received = Self.messages(session.receive(Self.json(["type": "samples", "samples": [sample]]), now: 0))
            total += received.flatMap { $0["frames"] as? [Any] ?? [] }.count
            let t = sample["t"] as! Double
            let owned = expectedFrames.prefix { ($0["time"] as! Double) <= t + 1e-6 }.count
            #expect(total == owned, "after sample \(index) at \(t) s")
        }
    }

    /// A long settle (touchwonders.shapeDrop with a soft spring: thousands of frames, megabytes of
    /// JSON, all determined by the release) is one burst, made into `frames` messages of about
    /// `FrameBurst.messageBytes` only when the transport asks: none is over twice that, there are
    /// several, and concatenated they are the simulate answer's frames.
    @Test func aLongSettleIsABurstOfMessagesOfBoundedSize() throws {
        let preset = try #require(PresetCatalogue.builtIn.preset(id: "touchwonders.shapeDrop"))
        let samples = try #require(preset.exampleGesture).map { sample -> [String: Any] in
            ["t": sample.time, "x": sample.location.x, "y": sample.location.y, "phase": sample.phase.rawValue]
        }
        let parameters: [String: Any] = ["springStiffness": 0.05]
        let answer = Self.service.respond(
            to: HTTPRequest(
                method: .post, path: "/v1/simulate", headers: ["Content-Type": "application/json"],
                body: Self.json([
                    "preset": "touchwonders.shapeDrop", "parameters": parameters, "gesture": ["samples": samples],
                ])))
        #expect(answer.status.code == 200)
        let expectedFrames = try #require(Self.object(answer.body)["frames"] as? [Any])

        var session = Self.session()
        _ = session.receive(
            Self.json(["type": "start", "preset": "touchwonders.shapeDrop", "parameters": parameters]), now: 0)
        let outputs = session.receive(Self.json(["type": "samples", "samples": samples]), now: 0)
        var frames: [Any] = []
        var sizes: [Int] = []
        for output in outputs {
            guard case .frames(var burst) = output else { continue }
            while let message = burst.nextMessage() {
                sizes.append(message.count)
                frames += Self.object(message)["frames"] as? [Any] ?? []
            }
            #expect(burst.isEmpty && burst.nextMessage() == nil)
        }
        #expect(Self.same(frames, expectedFrames), "\(frames.count) frames, the answer has \(expectedFrames.count)")
        #expect(sizes.count > 8, "\(sizes.count) messages")
        #expect(sizes.allSatisfy { $0 <= 2 * FrameBurst.messageBytes }, "the largest is \(sizes.max() ?? 0) bytes")
    }

    /// A drag of the Touchwonders shape up 60 pt over 0.24 s, released at rest: its spring back
    /// runs while a second stroke may grab it.
    static var shapeDropFirstStroke: [[String: Any]] {
        [
            ["t": 0, "x": 195, "y": 740, "phase": "began"], ["t": 0.08, "x": 195, "y": 710, "phase": "changed"],
            ["t": 0.16, "x": 195, "y": 680, "phase": "changed"], ["t": 0.24, "x": 195, "y": 680, "phase": "ended"],
        ]
    }

    /// A realtime session of the Touchwonders shape given `first`, and the messages it answered.
    static func realtimeShapeDrop(_ first: [[String: Any]]) -> (DriveSession, [[String: Any]]) {
        var session = Self.session()
        var received = Self.messages(
            session.receive(
                Self.json(["type": "start", "preset": "touchwonders.shapeDrop", "pace": "realtime"]), now: 10))
        received += Self.messages(session.receive(Self.json(["type": "samples", "samples": first]), now: 10))
        return (session, received)
    }

    /// A finger that grabs the Touchwonders shape again during its spring back (realtime pace):
    /// the frames sent before the grab stand, and all of them are the simulate answer's for both strokes.
    @Test func aRegrabDuringTheSettleContinuesTheSameFrames() throws {
        let first = Self.shapeDropFirstStroke
        let second: [[String: Any]] = [
            ["t": 0.3, "x": 195, "y": 700, "phase": "began"], ["t": 0.38, "x": 195, "y": 600, "phase": "changed"],
            ["t": 0.46, "x": 195, "y": 450, "phase": "changed"], ["t": 0.54, "x": 195, "y": 450, "phase": "ended"],
        ]
        let testCase = Case(name: "regrab", preset: "touchwonders.shapeDrop", samples: [], phases: [])
        let expected = Self.simulate(testCase, samples: first + second)
        var (session, received) = Self.realtimeShapeDrop(first)
        // 0.05 s of the spring back plays (frames to t ≈ 0.29), then the finger comes down at 0.3.
        while let due = session.nextDue, due <= 10.05 {
            received += Self.messages(session.due(at: due))
        }
        #expect(!received.contains { $0["type"] as? String == "settled" })
        received += Self.messages(session.receive(Self.json(["type": "samples", "samples": second]), now: 10.06))
        while let due = session.nextDue {
            received += Self.messages(session.due(at: due))
        }
        let frames = received.filter { $0["type"] as? String == "frames" }.flatMap { $0["frames"] as? [Any] ?? [] }
        let expectedFrames = expected["frames"] as! [Any]
        #expect(frames.count == expectedFrames.count)
        let differing = zip(frames, expectedFrames).enumerated().first { !Self.same($0.element.0, $0.element.1) }?
            .offset
        #expect(differing == nil, "frame \(differing ?? -1) differs")
        #expect(received.filter { $0["type"] as? String == "decision" }.count == 2, "one decision per release")
        #expect(received.last?["type"] as? String == "settled")
    }

    /// A regrab that touches down on the time of a frame already sent (or within the microsecond
    /// that moves it onto that time) would change that frame, which the frame at a time shows the
    /// samples at it: it is refused, the session going on; one between frames is taken, and every
    /// frame sent is then the simulate answer's.
    @Test(arguments: [0, 5e-7]) func aRegrabOnASentFramesTimeIsRefused(offset: Double) throws {
        let first = Self.shapeDropFirstStroke
        var (session, received) = Self.realtimeShapeDrop(first)
        // The spring back plays for 0.05 s after the release at 0.24 s: frames to 17/60 s ≈ 0.2833 s.
        while let due = session.nextDue, due <= 10.05 {
            received += Self.messages(session.due(at: due))
        }
        let sent = received.filter { $0["type"] as? String == "frames" }.flatMap { $0["frames"] as? [Any] ?? [] }
        let lastSent = 17.0 / 60
        try #require(abs(((sent.last as? [String: Any])?["time"] as? Double ?? 0) - lastSent) < 1e-6)
        let onTheFrame: [[String: Any]] = [
            ["t": lastSent + offset, "x": 195, "y": 700, "phase": "began"],
            ["t": lastSent + 0.08, "x": 195, "y": 600, "phase": "changed"],
        ]
        let problem = try Self.onlyProblem(
            session.receive(Self.json(["type": "samples", "samples": onTheFrame]), now: 10.051))
        #expect(Self.pointers(problem) == ["/samples/0/t"])
        // Half a frame later the grab is taken, and the frames sent are the simulate answer's.
        let second: [[String: Any]] = [
            ["t": lastSent + 1.0 / 120, "x": 195, "y": 700, "phase": "began"],
            ["t": lastSent + 0.09, "x": 195, "y": 600, "phase": "changed"],
            ["t": lastSent + 0.17, "x": 195, "y": 600, "phase": "ended"],
        ]
        received += Self.messages(session.receive(Self.json(["type": "samples", "samples": second]), now: 10.06))
        while let due = session.nextDue {
            received += Self.messages(session.due(at: due))
        }
        let testCase = Case(name: "regrab", preset: "touchwonders.shapeDrop", samples: [], phases: [])
        let expected = Self.simulate(testCase, samples: first + second)
        let frames = received.filter { $0["type"] as? String == "frames" }.flatMap { $0["frames"] as? [Any] ?? [] }
        #expect(Self.same(frames, expected["frames"]), "\(frames.count) frames, the answer has some other")
    }

    /// A tap-started preset runs at start: its frames, then settled.
    @Test func aTapPresetRunsAtStart() throws {
        var session = Self.session()
        let received = Self.messages(session.receive(Self.json(["type": "start", "preset": "instagram.push"]), now: 0))
        let response = Self.service.respond(
            to: HTTPRequest(
                method: .post, path: "/v1/simulate", headers: ["Content-Type": "application/json"],
                body: Self.json(["preset": "instagram.push"])))
        let expected = Self.object(response.body)
        #expect(received.map { $0["type"] as? String } == ["started", "frames", "settled"])
        #expect(Self.same(received[1]["frames"], expected["frames"]))
    }

    // MARK: mistakes

    static func onlyProblem(_ outputs: [DriveSession.Output]) throws -> [String: Any] {
        let received = messages(outputs)
        try #require(received.count == 1)
        #expect(received[0]["type"] as? String == "error")
        return try #require(received[0]["problem"] as? [String: Any])
    }

    static func pointers(_ problem: [String: Any]) -> [String] {
        (problem["errors"] as? [[String: Any]] ?? []).compactMap { $0["pointer"] as? String }
    }

    /// `cancel` holds nothing but its type, as `start` and `samples` hold only theirs: a field it
    /// does not know is an error at its pointer (a client's typo must not pass unnoticed), and
    /// the run it meant to cancel goes on.
    @Test func aCancelWithAnUnknownFieldIsAnError() throws {
        var session = Self.session()
        _ = session.receive(Self.json(["type": "start", "preset": "instagram.pop.interactive"]), now: 0)
        let problem = try Self.onlyProblem(session.receive(Self.json(["type": "cancel", "reason": "x"]), now: 0))
        #expect(Self.pointers(problem) == ["/reason"])
        let began: [String: Any] = ["t": 0, "x": 30, "y": 400, "phase": "began"]
        #expect(
            Self.messages(session.receive(Self.json(["type": "samples", "samples": [began]]), now: 0)).first?["type"]
                as? String == "frames", "the run was not cancelled")
    }

    @Test func aBadMessageIsAnErrorAndTheSessionGoesOn() throws {
        var session = Self.session()
        #expect(try Self.onlyProblem(session.receive(Array("{".utf8), now: 0))["status"] as? Int == 400)
        #expect(try Self.pointers(Self.onlyProblem(session.receive(Self.json(["type": "nope"]), now: 0))) == ["/type"])
        #expect(
            try Self.pointers(Self.onlyProblem(session.receive(Self.json(["type": "samples", "samples": []]), now: 0)))
                == ["/type"], "samples before start")
        let bad = try Self.onlyProblem(
            session.receive(Self.json(["type": "start", "preset": "nope", "pace": "slow", "frameRate": 0]), now: 0))
        #expect(Set(Self.pointers(bad)) == ["/preset", "/pace", "/frameRate"])
        _ = session.receive(Self.json(["type": "start", "preset": "instagram.pop.interactive"]), now: 0)
        let began: [String: Any] = ["t": 0, "x": 30, "y": 400, "phase": "began"]
        #expect(
            Self.messages(session.receive(Self.json(["type": "samples", "samples": [began]]), now: 0)).first?["type"]
                as? String == "frames")
        // Sample 1 of this message goes back in time: the pointer is into the message, not the session.
        let backwards = try Self.onlyProblem(
            session.receive(
                Self.json([
                    "type": "samples",
                    "samples": [
                        ["t": 0.1, "x": 40, "y": 400, "phase": "changed"],
                        ["t": 0.05, "x": 50, "y": 400, "phase": "changed"],
                    ],
                ]), now: 0))
        #expect(Self.pointers(backwards) == ["/samples/1/t"])
        // Refused whole: the next message is checked as if it had never come.
        let next = Self.messages(
            session.receive(
                Self.json(["type": "samples", "samples": [["t": 0.05, "x": 50, "y": 400, "phase": "changed"]]]), now: 0)
        )
        #expect(next.first?["type"] as? String == "frames")
    }

    @Test func theSessionSampleCapIsAnError() throws {
        var session = DriveSession(catalogue: .builtIn, limits: RequestLimits(), maxSamples: 3, requestID: "t")
        _ = session.receive(Self.json(["type": "start", "preset": "instagram.pop.interactive"]), now: 0)
        var samples: [[String: Any]] = []
        for index in 0..<4 {
            let phase = index == 0 ? "began" : "changed"
            samples.append(["t": Double(index) / 60, "x": 30 + Double(index), "y": 400, "phase": phase])
        }
        let problem = try Self.onlyProblem(session.receive(Self.json(["type": "samples", "samples": samples]), now: 0))
        #expect(Self.pointers(problem) == ["/samples"])
        #expect((problem["errors"] as? [[String: Any]])?.first?["detail"] as? String ?? "" != "")
    }

    @Test func afterTheSettleSamplesAskForANewStart() throws {
        var session = Self.session()
        _ = session.receive(Self.json(["type": "start", "preset": "instagram.pop.interactive"]), now: 0)
        _ = session.receive(
            Self.json([
                "type": "samples",
                "samples": [
                    ["t": 0, "x": 30, "y": 400, "phase": "began"], ["t": 0.1, "x": 200, "y": 400, "phase": "ended"],
                ],
            ]), now: 0)
        let problem = try Self.onlyProblem(
            session.receive(
                Self.json(["type": "samples", "samples": [["t": 2, "x": 30, "y": 400, "phase": "began"]]]), now: 1))
        #expect(((problem["errors"] as? [[String: Any]])?.first?["detail"] as? String)?.contains("start") == true)
        // A new start on the same socket begins afresh.
        #expect(
            Self.messages(session.receive(Self.json(["type": "start", "preset": "instagram.pop.interactive"]), now: 2))
                .first?["type"] as? String == "started")
    }

    /// A fault of the engine's (a number that is not finite, frames that do not match the layers),
    /// which `POST /v1/simulate` answers 500, is an error with a 500 problem and a close with 1011.
    @Test(arguments: ["nan", "layerCount", "duplicateIDs"])
    func anEngineFaultClosesWith1011(fault: String) throws {
        var session = DriveSession(
            catalogue: SimulateFakes.catalogue, limits: RequestLimits(), maxSamples: 100, requestID: "t")
        let outputs = session.receive(
            Self.json(["type": "start", "preset": "fake.faulty", "parameters": ["fault": fault]]), now: 0)
        let closes = outputs.compactMap { output -> WebSocket.CloseCode? in
            if case .close(let code, _) = output { return code }
            return nil
        }
        #expect(closes == [.internalError])
        let texts = outputs.compactMap { output -> [String: Any]? in
            if case .text(let bytes) = output { return Self.object(bytes) }
            return nil
        }
        #expect(texts.last?["type"] as? String == "error")
        #expect((texts.last?["problem"] as? [String: Any])?["status"] as? Int == 500)
        #expect(
            !outputs.contains { if case .frames = $0 { true } else { false } }
                && !texts.contains { $0["type"] as? String == "frames" }, "no frame of a faulty run is sent")
    }

    /// A scene the preset refuses (a cell wholly off screen) is refused at start as POST /v1/simulate
    /// refuses it: a 422 at the scene field, not a 500, and the socket stays open.
    @Test func aSceneThePresetRefusesIsA422AtStart() throws {
        var session = Self.session()
        let outputs = session.receive(
            Self.json([
                "type": "start", "preset": "instagram.pop.interactive",
                "scene": ["cellFrame": ["x": 5000, "y": 100, "width": 100, "height": 100]],
            ]), now: 0)
        #expect(!outputs.contains { if case .close = $0 { true } else { false } })
        let problem = try Self.onlyProblem(outputs)
        #expect(problem["status"] as? Int == 422)
        #expect(Self.pointers(problem).contains("/scene/cellFrame"), "\(Self.pointers(problem))")
    }
}
