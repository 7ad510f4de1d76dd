import Foundation
import SegueEngine
import SegueTestSupport
import Testing

@testable import SegueAPI

/// `"encoding": "compact"` on a drive session's `start`, against the same session in full: the
/// compact frames, parsed by Foundation, are exactly what the documented rule makes of the full
/// frames (each holds the layers whose state changed since the frame sent before it, whichever
/// message carried that one, each with the members that changed; `"shadow": null` for a shadow
/// that went), and rebuilt by laying each over the one before they are the full frames and
/// `POST /v1/simulate`'s. The expected values come from the full session and the simulate answer,
/// never from the compact writer.
@Suite struct DriveCompactTests {
    typealias Drive = DriveSessionTests

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var preset: String
        var samples: [[String: Double]]  // t, x, y
        var phases: [String]
        var testDescription: String { name }

        var sampleObjects: [[String: Any]] {
            zip(samples, phases).map { sample, phase -> [String: Any] in
                ["t": sample["t"] ?? 0, "x": sample["x"] ?? 0, "y": sample["y"] ?? 0, "phase": phase]
            }
        }
        /// Whether the finger comes down more than once (a regrab, which only a realtime settle takes).
        var regrabs: Bool { phases.filter { $0 == "began" }.count > 1 }
    }

    /// Each interactive preset's example gesture and three hostile drags (regrabs where the preset
    /// accepts them).
    static let cases: [Case] = {
        var cases: [Case] = []
        for preset in Drive.interactive {
            guard let example = preset.exampleGesture, let first = example.first, let last = example.last else {
                continue
            }
            let id = preset.description.id
            cases.append(
                Case(
                    name: "\(id) example", preset: id,
                    samples: example.map { ["t": $0.time, "x": $0.location.x, "y": $0.location.y] },
                    phases: example.map(\.phase.rawValue)))
            let drags = HostileGesture.drags(
                from: (first.location.x, first.location.y),
                heading: (last.location.x - first.location.x, last.location.y - first.location.y),
                startTime: first.time, regrab: preset.acceptsRegrab, count: 3, seed: 0xC0_4AC7 &+ UInt64(cases.count))
            for drag in drags {
                cases.append(
                    Case(
                        name: "\(id) \(drag.name)", preset: id,
                        samples: drag.samples.map { ["t": $0.time, "x": $0.x, "y": $0.y] },
                        phases: drag.samples.map(\.phase)))
            }
        }
        return cases
    }()

    /// The clock of a session, on the monotonic seconds `receive` and `due` take.
    static let origin = 100.0

    /// Every message of a session, a burst's one by one as the transport makes them: `start`
    /// (with `encoding` when given), then the samples in messages of 1 to 4 (seeded), each sent at
    /// its last sample's time on the session's clock, the realtime frames due by its first
    /// sample's time sent before it, as a client streaming the finger sees them; then the rest of
    /// the settle.
    static func drive(
        _ testCase: Case, pace: String, encoding: String?, start extra: [String: Any] = [:]
    ) -> [[UInt8]] {
        let samples = testCase.sampleObjects
        var generator = SeededGenerator(seed: UInt64(samples.count) &* 104_729)
        var session = Drive.session()
        var start: [String: Any] = ["type": "start", "preset": testCase.preset, "pace": pace]
        start["encoding"] = encoding
        start.merge(extra) { _, new in new }
        var sent = bytes(session.receive(Drive.json(start), now: origin))
        var index = 0
        while index < samples.count {
            let size = min(Int.random(in: 1...4, using: &generator), samples.count - index)
            let first = samples[index]["t"] as? Double ?? 0
            let last = samples[index + size - 1]["t"] as? Double ?? 0
            sent += bytes(session.due(at: origin + first))
            sent += bytes(
                session.receive(
                    Drive.json(["type": "samples", "samples": Array(samples[index..<(index + size)])]),
                    now: origin + last))
            index += size
        }
        var steps = 0
        while let due = session.nextDue, steps < 100_000 {
            sent += bytes(session.due(at: due))
            steps += 1
        }
        return sent
    }

    /// The bytes of every message, a burst's as the transport makes them; fails on a close.
    static func bytes(_ outputs: [DriveSession.Output]) -> [[UInt8]] {
        outputs.flatMap { output -> [[UInt8]] in
            switch output {
            case .text(let bytes):
                return [bytes]
            case .frames(var burst):
                var messages: [[UInt8]] = []
                while let bytes = burst.nextMessage() { messages.append(bytes) }
                return messages
            case .close:
                Issue.record("unexpected close: \(output)")
                return []
            }
        }
    }

    static func type(_ message: [UInt8]) -> String? { Drive.object(message)["type"] as? String }

    static func frames(_ messages: [[UInt8]]) -> [[String: Any]] {
        messages.map(Drive.object).filter { $0["type"] as? String == "frames" }.flatMap {
            $0["frames"] as? [[String: Any]] ?? []
        }
    }

    /// The layers of a frame, each state with its `frame` spelled out (`CompactEncodingTests.laidOut`).
    static func states(_ frame: [String: Any], layers: [[String: Any]]) -> [String: [String: Any]] {
        CompactEncodingTests.laidOut([frame], layers: layers).first?["layers"] as? [String: [String: Any]] ?? [:]
    }

    /// Where compact frame `index` breaks the rule, read against full frames `index - 1` and
    /// `index`: every layer whose state changed is there, with every member that changed
    /// (`shadow` null for one that went); every member there holds the full frame's value; the
    /// frame's own members are the full frame's. A member may be there with the value it had: the
    /// writer compares the engine's values, which can differ below the written rounding (a shadow's
    /// opacity of 4e-7 going to 0 is written 0 both times). Nil when it keeps the rule.
    static func broken(
        _ compact: [String: Any], full: [[String: Any]], at index: Int, layers: [[String: Any]]
    ) -> String? {
        var own = compact
        var fullOwn = full[index]
        own["layers"] = nil
        fullOwn["layers"] = nil
        guard Drive.same(own, fullOwn) else { return "its time, phase, progress or annotations" }
        let now = states(full[index], layers: layers)
        let before = states(full[index - 1], layers: layers)
        let changes = compact["layers"] as? [String: [String: Any]] ?? [:]
        if let stranger = changes.keys.first(where: { now[$0] == nil }) {
            return "layer \(stranger) is not in the frame"
        }
        for (id, state) in now {
            let old = before[id] ?? [:]
            guard let change = changes[id] else {
                if Drive.same(state, old) { continue }
                return "layer \(id) changed and is left out"
            }
            for (name, value) in state where !Drive.same(value, old[name]) && !Drive.same(value, change[name]) {
                return "layer \(id)'s \(name) changed and is left out or wrong"
            }
            for (name, value) in change {
                let removed = name == "shadow" && value is NSNull && old["shadow"] != nil && state["shadow"] == nil
                if !removed && !Drive.same(value, state[name]) { return "layer \(id)'s \(name) is not the frame's" }
            }
            if old["shadow"] != nil && state["shadow"] == nil && !(change["shadow"] is NSNull) {
                return "layer \(id)'s shadow went and is not null"
            }
        }
        return nil
    }

    /// The compact session's messages against the full session's: the same messages (but the
    /// frames, and `started`'s `encoding`), the frames cut into as many messages, frame 0 in full
    /// and every later one what the rule makes of the full frames across message boundaries, and
    /// rebuilt, the full frames. Returns the rebuilt frames.
    @discardableResult
    static func expectCompact(_ compact: [[UInt8]], matches full: [[UInt8]], _ label: String) -> [[String: Any]] {
        #expect(compact.count == full.count, "\(label): \(compact.count) messages, in full \(full.count)")
        for (mine, theirs) in zip(compact, full) where type(theirs) != "frames" {
            var mine = Drive.object(mine)
            var theirs = Drive.object(theirs)
            if theirs["type"] as? String == "started" {
                #expect(mine["encoding"] as? String == "compact" && theirs["encoding"] as? String == "full", "\(label)")
                mine["encoding"] = nil
                theirs["encoding"] = nil
            }
            #expect(Drive.same(mine, theirs), "\(label): a \(theirs["type"] ?? "") message differs")
        }
        #expect(compact.map(type) == full.map(type), "\(label): the messages' types differ")
        let layers = Drive.object(full.first ?? [])["layers"] as? [[String: Any]] ?? []
        let fullFrames = frames(full)
        let compactFrames = frames(compact)
        #expect(compactFrames.count == fullFrames.count, "\(label): frame count")
        guard compactFrames.count == fullFrames.count, !fullFrames.isEmpty else { return [] }
        #expect(Drive.same(compactFrames[0], fullFrames[0]), "\(label): the first frame is not in full")
        let breach = fullFrames.indices.dropFirst().lazy.compactMap { index in
            broken(compactFrames[index], full: fullFrames, at: index, layers: layers).map { "frame \(index): \($0)" }
        }.first
        #expect(breach == nil, "\(label): \(breach ?? "")")
        let rebuilt = (try? CompactEncodingTests.rebuilt(["frames": compactFrames])) ?? []
        #expect(
            Drive.same(
                CompactEncodingTests.laidOut(rebuilt, layers: layers),
                CompactEncodingTests.laidOut(fullFrames, layers: layers)), "\(label): rebuilt frames differ")
        return rebuilt
    }

    /// Every case, and a regrab of `touchwonders.shapeDrop` during its spring back (the hostile
    /// regrabs mostly come before the first stroke started anything, which the server refuses),
    /// touching down between frame times, after the settle frames sent before it.
    static let casesAndRegrab: [Case] = {
        let strokes: [(Double, Double, String)] = [
            (0, 740, "began"), (0.08, 710, "changed"), (0.16, 680, "changed"), (0.24, 680, "ended"),
            (0.31, 700, "began"), (0.38, 600, "changed"), (0.46, 450, "changed"), (0.54, 450, "ended"),
        ]
        return cases + [
            Case(
                name: "touchwonders.shapeDrop regrab in the settle", preset: "touchwonders.shapeDrop",
                samples: strokes.map { ["t": $0.0, "x": 195, "y": $0.1] }, phases: strokes.map(\.2))
        ]
    }()

    /// A session of each case, in both encodings at both paces (a regrab only at realtime, the pace
    /// that takes one): the compact frames keep the rule against the full ones, and rebuilt they
    /// are the full session's and, when it takes the samples, `POST /v1/simulate`'s. A gesture it
    /// refuses is refused alike in both encodings.
    @Test(arguments: casesAndRegrab)
    func compactFramesAreTheFullFramesChanges(testCase: Case) throws {
        let answer = Drive.service.respond(
            to: HTTPRequest(
                method: .post, path: "/v1/simulate", headers: ["Content-Type": "application/json"],
                body: Drive.json(["preset": testCase.preset, "gesture": ["samples": testCase.sampleObjects]])))
        let expected = Drive.object(answer.body)
        for pace in ["asap", "realtime"] where pace == "realtime" || !testCase.regrabs {
            let full = Self.drive(testCase, pace: pace, encoding: nil)
            let compact = Self.drive(testCase, pace: pace, encoding: "compact")
            let rebuilt = Self.expectCompact(compact, matches: full, pace)
            #expect(compact.reduce(0) { $0 + $1.count } <= full.reduce(0) { $0 + $1.count })
            guard answer.status.code == 200 else {
                #expect(full.contains { Self.type($0) == "error" }, "\(pace): simulate refuses, the session does not")
                continue
            }
            let errors = (full + compact).map(Drive.object).filter { $0["type"] as? String == "error" }
            #expect(errors.isEmpty, "\(pace): \(errors.prefix(1))")
            let layers = try #require(expected["layers"] as? [[String: Any]])
            let expectedFrames = try #require(expected["frames"] as? [[String: Any]])
            #expect(
                Drive.same(
                    CompactEncodingTests.laidOut(rebuilt, layers: layers),
                    CompactEncodingTests.laidOut(expectedFrames, layers: layers)),
                "\(pace): the rebuilt frames are not POST /v1/simulate's")
        }
    }

    /// A long settle cut into several messages: the first frame of each is written against the
    /// last of the message before.
    @Test func aBurstCutIntoMessagesChainsAcrossThem() throws {
        let preset = try #require(PresetCatalogue.builtIn.preset(id: "touchwonders.shapeDrop"))
        let example = try #require(preset.exampleGesture)
        let testCase = Case(
            name: "shapeDrop soft", preset: "touchwonders.shapeDrop",
            samples: example.map { ["t": $0.time, "x": $0.location.x, "y": $0.location.y] },
            phases: example.map(\.phase.rawValue))
        let soft: [String: Any] = ["parameters": ["springStiffness": 0.05]]
        for pace in ["asap", "realtime"] {
            let full = Self.drive(testCase, pace: pace, encoding: nil, start: soft)
            let compact = Self.drive(testCase, pace: pace, encoding: "compact", start: soft)
            Self.expectCompact(compact, matches: full, "soft \(pace)")
            if pace == "asap" {
                let frameMessages = compact.filter { Self.type($0) == "frames" }
                #expect(frameMessages.count > 8, "\(frameMessages.count) frames messages")
                #expect(compact.reduce(0) { $0 + $1.count } * 2 < full.reduce(0) { $0 + $1.count })
            }
        }
    }

    /// A tap-started preset runs at `start`: its compact frames are the compact simulate answer's,
    /// byte for byte when one message holds them all.
    @Test(arguments: PresetCatalogue.builtIn.presets.filter { !$0.interactive }.map(\.description.id))
    func aTapPresetsCompactFramesAreTheCompactAnswers(preset: String) throws {
        var full = Drive.session()
        var compact = Drive.session()
        let fullMessages = Self.bytes(full.receive(Drive.json(["type": "start", "preset": preset]), now: 0))
        let compactMessages = Self.bytes(
            compact.receive(Drive.json(["type": "start", "preset": preset, "encoding": "compact"]), now: 0))
        Self.expectCompact(compactMessages, matches: fullMessages, preset)
        let answer = Drive.service.respond(
            to: HTTPRequest(
                method: .post, path: "/v1/simulate", headers: ["Content-Type": "application/json"],
                body: Drive.json(["preset": preset, "encoding": "compact"])))
        let answerFrames = try #require(Drive.object(answer.body)["frames"] as? [[String: Any]])
        #expect(Drive.same(Self.frames(compactMessages), answerFrames))
        let frameMessages = compactMessages.filter { Self.type($0) == "frames" }
        if frameMessages.count == 1, let message = frameMessages.first {
            let text = String(decoding: answer.body, as: UTF8.self)
            let frames = String(decoding: message, as: UTF8.self)
            let array = try #require(text.range(of: #""frames":["#)).lowerBound
            #expect(frames.dropFirst(#"{"type":"frames","#.count).dropLast() == text[array...].dropLast())
        }
    }

    /// A new `start` begins a new chain, mid-drag or after a settle: its first frame is in full.
    @Test func aNewStartSendsItsFirstFrameInFull() throws {
        let testCase = try #require(Self.cases.first { $0.name == "instagram.pop.interactive example" })
        let samples = testCase.sampleObjects
        let start = Drive.json(["type": "start", "preset": testCase.preset, "encoding": "compact"])
        for cut in [3, samples.count] {
            var session = Drive.session()
            _ = session.receive(start, now: 0)
            _ = Self.bytes(
                session.receive(Drive.json(["type": "samples", "samples": Array(samples[..<cut])]), now: 0))
            var again = Self.bytes(session.receive(start, now: 1))
            again += Self.bytes(session.receive(Drive.json(["type": "samples", "samples": samples]), now: 1))
            var fresh = Drive.session()
            var expected = Self.bytes(
                fresh.receive(Drive.json(["type": "start", "preset": testCase.preset]), now: 1))
            expected += Self.bytes(fresh.receive(Drive.json(["type": "samples", "samples": samples]), now: 1))
            Self.expectCompact(again, matches: expected, "restart after \(cut) samples")
        }
    }

    /// The default is the full encoding, byte for byte whether or not `start` names it.
    @Test func fullIsTheDefault() throws {
        let testCase = try #require(Self.cases.first { $0.name == "instagram.pop.interactive example" })
        for pace in ["asap", "realtime"] {
            let implicit = Self.drive(testCase, pace: pace, encoding: nil)
            #expect(implicit == Self.drive(testCase, pace: pace, encoding: "full"))
            #expect(Drive.object(implicit[0])["encoding"] as? String == "full")
        }
    }

    /// An unknown encoding is refused at `/encoding` with the choices, as other start mistakes are:
    /// an error message, the socket open, and the next `start` taken.
    @Test func anUnknownEncodingIsAnErrorAtItsPointer() throws {
        var session = Drive.session()
        for wrong: Any in ["columns", 3, NSNull(), ["compact"]] {
            let outputs = session.receive(
                Drive.json(["type": "start", "preset": "instagram.pop.interactive", "encoding": wrong]), now: 0)
            let problem = try Drive.onlyProblem(outputs)
            #expect(Drive.pointers(problem) == ["/encoding"], "\(wrong)")
            #expect(problem["status"] as? Int == 422)
            if wrong is String {
                let detail = (problem["errors"] as? [[String: Any]])?.first?["detail"] as? String ?? ""
                #expect(detail.contains(#""full""#) && detail.contains(#""compact""#), "\(detail)")
            }
        }
        let started = Self.bytes(
            session.receive(
                Drive.json(["type": "start", "preset": "instagram.pop.interactive", "encoding": "compact"]), now: 0))
        #expect(started.map(Self.type) == ["started"])
        #expect(Drive.object(started[0])["encoding"] as? String == "compact")
    }

    /// A frame whose layers the frame before lacks (frames of several runs, should a run ever lay
    /// out other layers) is written against what there is: a new layer whole, no trap.
    @Test func aLayerTheFrameBeforeLacksIsWrittenWhole() throws {
        let simulation = try SimulateRequest.parse(.object(["preset": .string("instagram.push")]), catalogue: .builtIn)
            .run()
        let frame = try #require(simulation.frames.last)
        var before = try #require(simulation.frames.first)
        before.layers.removeFirst()
        let message = DriveMessage.frames([frame], layers: simulation.layers, encoding: .compact, after: before)
        let written = try #require(Self.frames([message]).first?["layers"] as? [String: [String: Any]])
        let whole = try #require(Self.frames([DriveMessage.frames([frame], layers: simulation.layers)]).first)
        let id = frame.layers[0].id
        #expect(Drive.same(written[id], (whole["layers"] as? [String: Any])?[id]))
    }
}
