import Foundation
import SegueEngine
import Testing

@testable import SegueAPI

/// POST /v1/simulate answered: the response's shape and member order, its numbers
/// against values computed here from the fake presets' definitions,
/// and engine faults turned into 500 problems.
@Suite struct SimulateEndpointTests {
    let service = SimulateFakes.service()

    /// began at 1 s, held between samples, released (ended) at 1.13 s; none on the 60 Hz grid.
    static let gesture =
        #"{"samples":[{"t":1,"x":100,"y":400,"phase":"began"},{"t":1.04,"x":150,"y":401,"phase":"changed"},"#
        + #"{"t":1.09,"x":190,"y":403,"phase":"changed"},{"t":1.13,"x":230,"y":404,"phase":"ended"}]}"#
    static let samples: [(t: Double, x: Double, y: Double)] = [
        (1, 100, 400), (1.04, 150, 401), (1.09, 190, 403), (1.13, 230, 404),
    ]

    private func post(_ body: String) -> HTTPResponse {
        service.respond(
            to: HTTPRequest(
                method: .post, path: "/v1/simulate", headers: ["Content-Type": "application/json"],
                body: Array(body.utf8)))
    }

    private func answer(_ body: String) throws -> [String: Any] {
        let response = post(body)
        #expect(response.status.code == 200, "\(String(decoding: response.body, as: UTF8.self))")
        #expect(response.headers["Content-Type"] == "application/json")
        return try #require(JSONTestValue.object(response.body))
    }

    private func number(_ object: [String: Any], _ key: String) throws -> Double {
        try #require(object[key] as? Double, "\(key) in \(object)")
    }

    private func object(_ object: [String: Any], _ key: String) throws -> [String: Any] {
        try #require(object[key] as? [String: Any], "\(key) in \(object)")
    }

    /// The fake slide by its definition: progress = clamp((x(t) − 100)/200, 0, 1) with x
    /// held from the latest sample at or before t until the release at 1.13 s (0.65),
    /// then linear to 1 over 0.25 s, ending at 1.38 s; the last frame is the first
    /// 60 Hz grid time at or after that, 1 + 23/60 s.
    @Test func slideFramesMatchTheDefinition() throws {
        let body = try answer(#"{"preset":"fake.slide","gesture":\#(Self.gesture)}"#)
        #expect(body["preset"] as? String == "fake.slide")
        #expect(try number(body, "frameRate") == 60)
        #expect(abs(try number(body, "duration") - 23.0 / 60) <= 1e-6)

        let layers = try #require(body["layers"] as? [[String: Any]])
        #expect(layers.map { $0["id"] as? String } == ["backdrop", "card"])
        #expect(layers.map { $0["role"] as? String } == ["the screen behind", "the card, masked"])
        #expect(layers.allSatisfy { Set($0.keys) == ["id", "role", "frame", "kind", "fill"] })
        // No source colour: content layers take the documented palette by index (#d1d1d6, #a7c7e7, …).
        #expect(layers.map { $0["kind"] as? String } == ["content", "content"])
        #expect(layers.map { $0["fill"] as? String } == ["#d1d1d6ff", "#a7c7e7ff"])
        #expect(layers[1]["frame"] as? [String: Double] == ["x": 20, "y": 100, "width": 200, "height": 300])
        #expect(layers[0]["frame"] as? [String: Double] == ["x": 0, "y": 0, "width": 400, "height": 800])

        let frames = try #require(body["frames"] as? [[String: Any]])
        #expect(frames.count == 24)
        for (index, frame) in frames.enumerated() {
            let time = 1 + Double(index) / 60
            let progress: Double
            let phase: String
            if index == frames.count - 1 {
                (progress, phase) = (1, "settled")
            } else if time < 1.13 {
                let x = Self.samples.last { $0.t <= time }?.x ?? 100
                (progress, phase) = (min(max((x - 100) / 200, 0), 1), "interactive")
            } else {
                (progress, phase) = (0.65 + 0.35 * min((time - 1.13) / 0.25, 1), "animating")
            }
            #expect(Set(frame.keys) == ["time", "phase", "progress", "layers"])
            #expect(abs(try number(frame, "time") - time) <= 1e-6)
            #expect(frame["phase"] as? String == phase, "frame \(index)")
            #expect(abs(try number(frame, "progress") - progress) <= 1e-6, "frame \(index)")

            let states = try object(frame, "layers")
            #expect(Set(states.keys) == ["backdrop", "card"])
            let backdrop = try object(states, "backdrop")
            #expect(Set(backdrop.keys) == ["transform", "presentationFrame", "opacity", "cornerRadius", "mask"])
            #expect(abs(try number(backdrop, "opacity") - (1 - progress / 2)) <= 1e-6)
            #expect(backdrop["mask"] is NSNull)
            #expect(backdrop["transform"] as? [String: Double] == ["a": 1, "b": 0, "c": 0, "d": 1, "tx": 0, "ty": 0])

            let card = try object(states, "card")
            #expect(Set(card.keys) == ["transform", "presentationFrame", "opacity", "cornerRadius", "mask", "shadow"])
            let transform = try #require(card["transform"] as? [String: Double])
            #expect(abs((transform["tx"] ?? .nan) - progress * 200) <= 2e-6, "frame \(index)")
            #expect(transform["a"] == 1 && transform["b"] == 0 && transform["c"] == 0 && transform["d"] == 1)
            #expect(transform["ty"] == 0)
            let presented = try #require(card["presentationFrame"] as? [String: Double])
            #expect(abs((presented["x"] ?? .nan) - (20 + progress * 200)) <= 2e-6)
            #expect(presented["y"] == 100 && presented["width"] == 200 && presented["height"] == 300)
            #expect(try number(card, "opacity") == 1)
            #expect(try number(card, "cornerRadius") == 12)
            let mask = try object(card, "mask")
            #expect(mask["rect"] as? [String: Double] == ["x": 0, "y": 0, "width": 200, "height": 300])
            #expect(mask["cornerRadius"] as? Double == 12)
            #expect(mask["cornerCurve"] as? String == "continuous")
            let shadow = try object(card, "shadow")
            #expect(shadow["opacity"] as? Double == 0.3)
            #expect(shadow["radius"] as? Double == 10)
            #expect(shadow["offset"] as? [String: Double] == ["x": 2, "y": 4])
        }
    }

    /// Released at 1.13 s with translation (130, 4), progress 0.65 ≥ 0.5: finish; the
    /// two-point velocity is (40/0.04, 1/0.04) = (1000, 25) pt/s.
    @Test func decisionAndEventsMatchTheDefinition() throws {
        let body = try answer(#"{"preset":"fake.slide","gesture":\#(Self.gesture)}"#)
        let decision = try object(body, "decision")
        #expect(Array(decision.keys).sorted() == ["explanation", "inputs", "outcome", "rule", "time"])
        #expect(decision["outcome"] as? String == "finish")
        #expect(decision["rule"] as? String == "progress")
        #expect(decision["time"] as? Double == 1.13)
        #expect(decision["explanation"] as? String == "Released at progress 0.65, threshold 0.5.")
        let inputs = try object(decision, "inputs")
        #expect(Set(inputs.keys) == ["translation", "velocity", "progress"])
        #expect(inputs["translation"] as? [String: Double] == ["x": 130, "y": 4])
        let velocity = try #require(inputs["velocity"] as? [String: Double])
        #expect(abs((velocity["x"] ?? .nan) - 1000) <= 1e-6)
        #expect(abs((velocity["y"] ?? .nan) - 25) <= 1e-6)
        #expect(abs(try number(inputs, "progress") - 0.65) <= 1e-6)

        let events = try #require(body["events"] as? [[String: Any]])
        #expect(events.map { $0["type"] as? String } == ["began", "released", "finished"])
        #expect(events.allSatisfy { Set($0.keys) == ["time", "type"] })
        let times = events.compactMap { $0["time"] as? Double }
        #expect(times.count == 3)
        #expect(times[0] == 1 && times[1] == 1.13)
        #expect(abs(times[2] - (1 + 23.0 / 60)) <= 1e-6)
    }

    /// Scene and parameter overrides reach the preset; the rest keep their defaults.
    @Test func overridesReplaceDefaults() throws {
        let body = try answer(
            #"{"preset":"fake.slide","frameRate":30,"gesture":\#(Self.gesture),"#
                + #""scene":{"card":{"x":5,"y":6,"width":50,"height":70},"rounded":false},"#
                + #""parameters":{"distance":520,"dims":false,"duration":0.1}}"#)
        #expect(try number(body, "frameRate") == 30)
        let decision = try object(body, "decision")
        // 130/520 = 0.25 < 0.5: cancel.
        #expect(decision["outcome"] as? String == "cancel")
        #expect(abs(try number(try object(decision, "inputs"), "progress") - 0.25) <= 1e-6)
        let frames = try #require(body["frames"] as? [[String: Any]])
        // Release 1.13 + 0.1 = 1.23 s; first 30 Hz grid time at or after it: 1 + 7/30.
        #expect(frames.count == 8)
        let last = try object(try object(try #require(frames.last), "layers"), "card")
        #expect(last["presentationFrame"] as? [String: Double] == ["x": 5, "y": 6, "width": 50, "height": 70])
        #expect(last["mask"] is NSNull)
        #expect(try number(last, "cornerRadius") == 12)
        let backdrop = try object(try object(frames[3], "layers"), "backdrop")
        #expect(try number(backdrop, "opacity") == 1)
        let events = try #require(body["events"] as? [[String: Any]])
        #expect(events.last?["type"] as? String == "cancelled")
    }

    /// The whole body for the tap-started sheet, byte for byte: member order, numbers
    /// rounded and shortest, `open` false, an empty `scene` (the sheet has none), `decision` null,
    /// a mask and a shadow.
    @Test func tapPresetBytes() {
        let response = post(#"{"preset":"fake.sheet","frameRate":10}"#)
        #expect(response.status.code == 200)
        func state(ty: Int, y: Int) -> String {
            #"{"transform":{"a":1,"b":0,"c":0,"d":1,"tx":0,"ty":\#(ty)},"#
                + #""presentationFrame":{"x":0,"y":\#(y),"width":400,"height":400},"opacity":1,"cornerRadius":0,"#
                + #""mask":{"rect":{"x":0,"y":0,"width":400,"height":400},"cornerRadius":10,"cornerCurve":"circular"},"#
                + #""shadow":{"opacity":0.2,"radius":8,"offset":{"x":0,"y":-2}}}"#
        }
        let expected =
            #"{"preset":"fake.sheet","frameRate":10,"duration":0.1,"open":false,"scene":{},"#
            + #""layers":[{"id":"sheet","role":"the sheet","frame":{"x":0,"y":800,"width":400,"height":400},"#
            + ##""kind":"content","fill":"#d1d1d6ff"}],"##
            + #""decision":null,"events":[{"time":0,"type":"began"},{"time":0.1,"type":"finished"}],"#
            + #""frames":[{"time":0,"phase":"animating","progress":0,"layers":{"sheet":\#(state(ty: 0, y: 800))}},"#
            + #"{"time":0.1,"phase":"settled","progress":1,"layers":{"sheet":\#(state(ty: -400, y: 400))}}]}"#
        #expect(String(decoding: response.body, as: UTF8.self) == expected)
    }

    @Test(arguments: ["nan", "layerCount", "duplicateIDs"])
    func engineFaultsAre500ProblemsNotBrokenJSON(fault: String) throws {
        let response = post(#"{"preset":"fake.faulty","parameters":{"fault":"\#(fault)"}}"#)
        #expect(response.status.code == 500)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        let problem = try #require(JSONTestValue.object(response.body))
        #expect(problem["status"] as? Int == 500)
        #expect((problem["detail"] as? String)?.contains("fake.faulty") == true)
        #expect(post(#"{"preset":"fake.faulty"}"#).status.code == 200)
    }

    /// A fault the JSON answer refuses is refused as a picture too: the SVG writer would draw a
    /// NaN as 0 and answer 200 for a simulation whose JSON is a 500 (issue 12, fbPaper).
    @Test(arguments: ["nan", "layerCount", "duplicateIDs"], ["svg", "svg-animated"])
    func engineFaultsAre500ProblemsAsSVGToo(fault: String, output: String) throws {
        let response = post(#"{"preset":"fake.faulty","output":"\#(output)","parameters":{"fault":"\#(fault)"}}"#)
        #expect(response.status.code == 500)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        #expect(post(#"{"preset":"fake.faulty","output":"\#(output)"}"#).status.code == 200)
    }

    /// A SimulationError without issues still answers 422 with one error.
    @Test func engineErrorWithoutIssuesIsStillExplained() throws {
        let response = post(#"{"preset":"fake.faulty","parameters":{"fault":"noIssues"}}"#)
        #expect(response.status.code == 422)
        let problem = try #require(JSONTestValue.object(response.body))
        let errors = try #require(problem["errors"] as? [[String: String]])
        #expect(errors.map { $0["pointer"] } == [""])
    }

    /// Layer ids are written as escaped strings, as keys.
    @Test func runtimeKeysAreEscaped() throws {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key(string: #"card "a"\b"#)
        writer.number(1)
        writer.key(string: "x")
        writer.null()
        writer.endObject()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"card \"a\"\\b":1,"x":null}"#)
        let parsed = try #require(JSONTestValue.object(writer.bytes))
        #expect(parsed[#"card "a"\b"#] as? Int == 1)
    }
}
