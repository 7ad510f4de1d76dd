import Foundation
import SegueEngine
import Testing

@testable import SegueAPI

/// GET /v1/presets/{id} in-process, against the fake presets of SimulateFakePresets.swift.
@Suite struct PresetDetailTests {
    let service = SimulateFakes.service()

    private func get(_ path: String) -> HTTPResponse {
        service.respond(to: HTTPRequest(method: .get, path: path))
    }

    private func detail(_ id: String) throws -> [String: Any] {
        let response = get("/v1/presets/\(id)")
        #expect(response.status.code == 200, "\(String(decoding: response.body, as: UTF8.self))")
        #expect(response.headers["Content-Type"] == "application/json")
        return try #require(JSONTestValue.object(response.body))
    }

    @Test func detailHasEveryTopLevelMember() throws {
        let body = try detail(FakePreset.id)
        #expect(
            Set(body.keys) == [
                "id", "title", "summary", "source", "interactive", "scene", "sceneFields", "parameters",
                "exampleGesture", "decisionRules", "transition", "transitionGap",
            ])
        #expect(body["id"] as? String == "fake.slide")
        #expect(body["title"] as? String == "Fake slide")
        #expect(body["summary"] as? String == "A card follows the finger and slides home.")
        #expect(body["source"] as? String == "test §1")
        #expect(body["interactive"] as? Bool == true)
    }

    /// Each kind of scene field is written as its default, by name.
    @Test func sceneListsEveryFieldsDefault() throws {
        let scene = try #require(try detail(FakePreset.id)["scene"] as? [String: Any])
        #expect(Set(scene.keys) == ["card", "screen", "cornerRadius", "rounded", "cornerCurve"])
        #expect(scene["card"] as? [String: Double] == ["x": 20, "y": 100, "width": 200, "height": 300])
        #expect(scene["screen"] as? [String: Double] == ["width": 400, "height": 800])
        #expect(scene["cornerRadius"] as? Double == 12)
        #expect(scene["rounded"] as? Bool == true)
        #expect(scene["cornerCurve"] as? String == "continuous")
    }

    /// Scene fields are specs too, in the order of `scene`: rects and sizes in points, numbers with
    /// their unit and range, each with its description and source.
    @Test func sceneFieldsDescribeEachField() throws {
        let body = try detail(FakePreset.id)
        let fields = try #require(body["sceneFields"] as? [[String: Any]])
        #expect(fields.map { $0["name"] as? String } == ["card", "screen", "cornerRadius", "rounded", "cornerCurve"])
        #expect(fields.map { $0["type"] as? String } == ["rect", "size", "number", "boolean", "choice"])
        #expect(fields.map { $0["unit"] as? String } == ["pt", "pt", "pt", nil, nil])
        #expect(fields.allSatisfy { ($0["description"] as? String)?.isEmpty == false && $0["source"] is String })
        #expect(fields[0]["default"] as? [String: Double] == ["x": 20, "y": 100, "width": 200, "height": 300])
    }

    /// Numbers carry unit and range; choices their names; every entry its description and source.
    @Test func parametersDescribeTypeDefaultRangeAndSource() throws {
        let list = try #require(try detail(FakePreset.id)["parameters"] as? [[String: Any]])
        #expect(list.map { $0["name"] as? String } == ["distance", "duration", "dims", "threshold", "shadowOffset"])
        #expect(list.map { $0["type"] as? String } == ["number", "number", "boolean", "choice", "size"])

        let distance = list[0]
        #expect(
            Set(distance.keys) == ["name", "type", "default", "unit", "minimum", "maximum", "description", "source"])
        #expect(distance["default"] as? Double == 200)
        #expect(distance["unit"] as? String == "pt")
        #expect(distance["minimum"] as? Double == 1)
        #expect(distance["maximum"] as? Double == 1000)
        #expect(distance["description"] as? String == "How far the card travels to finish.")
        #expect(distance["source"] as? String == "engine")
        #expect(list[1]["unit"] as? String == "s")
        #expect(list[1]["minimum"] as? Double == 0.05)
        #expect(list[1]["source"] as? String == "seed 000 kDuration")

        let dims = list[2]
        #expect(Set(dims.keys) == ["name", "type", "default", "description", "source"])
        #expect(dims["default"] as? Bool == true)

        let threshold = list[3]
        #expect(Set(threshold.keys) == ["name", "type", "default", "choices", "description", "source"])
        #expect(threshold["default"] as? String == "half")
        #expect(threshold["choices"] as? [String] == ["half", "quarter"])

        let offset = list[4]
        #expect(Set(offset.keys) == ["name", "type", "default", "unit", "description", "source"])
        #expect(offset["unit"] as? String == "pt")
        #expect(offset["default"] as? [String: Double] == ["width": 2, "height": 4])
    }

    @Test func exampleGestureAndDecisionRulesOfAnInteractivePreset() throws {
        let body = try detail(FakePreset.id)
        let gesture = try #require(body["exampleGesture"] as? [String: Any])
        #expect(Set(gesture.keys) == ["samples"])
        let samples = try #require(gesture["samples"] as? [[String: Any]])
        #expect(samples.count == 3)
        #expect(samples.allSatisfy { Set($0.keys) == ["t", "x", "y", "phase"] })
        #expect(samples.map { $0["phase"] as? String } == ["began", "changed", "ended"])
        #expect(samples[1]["t"] as? Double == 0.05)
        #expect(samples[1]["x"] as? Double == 160)
        #expect(samples[1]["y"] as? Double == 402)

        let rules = try #require(body["decisionRules"] as? [[String: String]])
        #expect(rules.map { $0["id"] } == ["progress", "never"])
        #expect(
            rules[0] == [
                "id": "progress", "summary": "Finishes when released past the threshold.", "source": "test §2",
            ])
    }

    /// The whole body of a small tap-started preset, byte for byte: member order,
    /// a rect parameter, `exampleGesture` null and no decision rules.
    @Test func tapPresetDetailBytes() throws {
        let response = get("/v1/presets/fake.sheet")
        #expect(response.status.code == 200)
        let expected =
            #"{"id":"fake.sheet","title":"Fake sheet","summary":"A sheet slides up.","source":"test","#
            + #""interactive":false,"scene":{},"sceneFields":[],"parameters":["#
            + #"{"name":"sheet","type":"rect","default":{"x":0,"y":800,"width":400,"height":400},"unit":"pt","#
            + #""description":"The sheet's frame.","source":"test"},"#
            + #"{"name":"duration","type":"number","default":0.1,"unit":"s","minimum":0.1,"maximum":1,"#
            + #""description":"How long the sheet takes.","source":"test"}],"#
            + #""exampleGesture":null,"decisionRules":[],"transition":null,"#
            + #""transitionGap":"Not converted to a document yet: the conversion must give the code's frames, "#
            + #"decision and events byte for byte before the code goes."}"#
        #expect(String(decoding: response.body, as: UTF8.self) == expected)
    }

    @Test func unknownPresetIs404ListingTheValidIDs() throws {
        let response = get("/v1/presets/fake.nothing")
        #expect(response.status.code == 404)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        let problem = try #require(JSONTestValue.object(response.body))
        #expect(problem["type"] as? String == "urn:segue:problem:unknown-preset")
        #expect(problem["title"] as? String == "Unknown preset")
        #expect(problem["status"] as? Int == 404)
        #expect(problem["instance"] as? String == "/v1/presets/fake.nothing")
        let detail = try #require(problem["detail"] as? String)
        #expect(detail.contains("'fake.nothing'"))
        #expect(detail.contains("fake.slide, fake.sheet, fake.faulty"))
    }

    @Test func anEmptyCatalogueSaysSo() {
        let problem = Problem.unknownPreset(id: "x", validIDs: [])
        #expect(problem.detail.contains("This server has no presets."))
    }

    @Test func detailIsGetOnly() {
        let response = service.respond(to: HTTPRequest(method: .post, path: "/v1/presets/fake.slide"))
        #expect(response.status.code == 405)
        #expect(response.headers["Allow"] == "GET, HEAD")
    }
}
