import Foundation
import SegueEngine
import Testing

@testable import SegueAPI

/// POST /v1/simulate: every way a body can be refused, each error at its JSON Pointer.
@Suite struct SimulateValidationTests {
    let service = SimulateFakes.service()

    /// A gesture the fake slide accepts: began, then ended 0.1 s and 100 pt later.
    static let gesture =
        #"{"samples":[{"t":0,"x":100,"y":400,"phase":"began"},{"t":0.1,"x":200,"y":400,"phase":"ended"}]}"#

    /// A body for the fake slide with its valid gesture and `extra` members added.
    static func slide(_ extra: String = "") -> String {
        #"{"preset":"fake.slide","gesture":\#(gesture)\#(extra.isEmpty ? "" : ",")\#(extra)}"#
    }

    /// A body for the fake slide whose gesture has these samples.
    static func samples(_ list: String) -> String {
        #"{"preset":"fake.slide","gesture":{"samples":[\#(list)]}}"#
    }

    private func post(_ body: String, contentType: String? = "application/json") -> HTTPResponse {
        var request = HTTPRequest(method: .post, path: "/v1/simulate", body: Array(body.utf8))
        if let contentType {
            request.headers.add(name: "Content-Type", value: contentType)
        }
        return service.respond(to: request)
    }

    private func problem(_ body: String, status: Int) throws -> [String: Any] {
        let response = post(body)
        #expect(response.status.code == status, "\(String(decoding: response.body, as: UTF8.self))")
        #expect(response.headers["Content-Type"] == "application/problem+json")
        return try #require(JSONTestValue.object(response.body))
    }

    /// Details by pointer (several at one pointer joined with " | ").
    private func errors(_ body: String) throws -> [String: String] {
        let problem = try problem(body, status: 422)
        #expect(problem["type"] as? String == "urn:segue:problem:invalid-request")
        let list = try #require(problem["errors"] as? [[String: String]])
        return Dictionary(list.map { ($0["pointer"] ?? "", $0["detail"] ?? "") }, uniquingKeysWith: { $0 + " | " + $1 })
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var body: String
        var pointer: String
        var says: [String]
        var testDescription: String { pointer.isEmpty ? "(root)" : pointer }

        init(_ body: String, _ pointer: String, _ says: String...) {
            self.body = body
            self.pointer = pointer
            self.says = says
        }
    }

    /// Each body has exactly one thing wrong; the answer has exactly one error, at its pointer.
    @Test(arguments: [
        // The body and its top level.
        Case("[]", "", "Expected an object", "an array"),
        Case(slide(#""colour":"red""#), "/colour", "Unknown field 'colour'", "preset, scene"),
        Case(#"{"gesture":\#(gesture)}"#, "/preset", "Required", "fake.slide, fake.sheet, fake.faulty"),
        Case(#"{"preset":7}"#, "/preset", "Expected a string", "a number", "fake.slide"),
        Case(#"{"preset":"fake.nothing"}"#, "/preset", "Unknown preset 'fake.nothing'", "fake.slide, fake.sheet"),
        Case(slide(#""frameRate":0"#), "/frameRate", "from 1 to 240", "got 0"),
        Case(slide(#""frameRate":241"#), "/frameRate", "from 1 to 240"),
        Case(slide(#""frameRate":"60""#), "/frameRate", "Expected a number", "a string"),
        Case(slide(#""frameRate":1e400"#), "/frameRate", "too large for a double"),
        // The scene, by its specs.
        Case(slide(#""scene":[]"#), "/scene", "Expected an object", "an array"),
        Case(slide(#""scene":{"depth":3}"#), "/scene/depth", "Unknown scene field 'depth'", "card, screen"),
        Case(slide(#""scene":{"a/b":3}"#), "/scene/a~1b", "Unknown scene field 'a/b'"),
        Case(slide(#""scene":{"card":5}"#), "/scene/card", "Expected an object", "a number"),
        Case(slide(#""scene":{"card":{"x":0,"y":0,"width":10}}"#), "/scene/card/height", "Required"),
        Case(slide(#""scene":{"card":{"x":0,"y":0,"width":0,"height":10}}"#), "/scene/card/width", "at least 0.001"),
        Case(
            slide(#""scene":{"card":{"x":0,"y":0,"width":10,"height":10,"z":1}}"#), "/scene/card/z",
            "Unknown field 'z'"),
        Case(slide(#""scene":{"card":{"x":"0","y":0,"width":10,"height":10}}"#), "/scene/card/x", "Expected a number"),
        Case(slide(#""scene":{"card":{"x":2e12,"y":0,"width":10,"height":10}}"#), "/scene/card/x", "1e12"),
        Case(slide(#""scene":{"screen":{"width":10,"height":-1}}"#), "/scene/screen/height", "at least 0.001", "-1"),
        Case(slide(#""scene":{"screen":{"width":10}}"#), "/scene/screen/height", "Required"),
        Case(slide(#""scene":{"cornerRadius":60}"#), "/scene/cornerRadius", "from 0 to 50 pt", "got 60 pt"),
        Case(slide(#""scene":{"cornerRadius":true}"#), "/scene/cornerRadius", "Expected a number in pt"),
        Case(slide(#""scene":{"rounded":1}"#), "/scene/rounded", "Expected true or false", "a number"),
        Case(slide(#""scene":{"cornerCurve":"squircle"}"#), "/scene/cornerCurve", "'squircle'", "'circular'"),
        Case(slide(#""scene":{"cornerCurve":null}"#), "/scene/cornerCurve", "Expected a string", "null"),
        Case(#"{"preset":"fake.sheet","scene":{"x":1}}"#, "/scene/x", "fake.sheet has no scene fields"),
        // The parameters, by their specs.
        Case(slide(#""parameters":"fast""#), "/parameters", "Expected an object", "a string"),
        Case(slide(#""parameters":{"speed":1}"#), "/parameters/speed", "Unknown parameter 'speed'", "distance"),
        Case(slide(#""parameters":{"distance":"far"}"#), "/parameters/distance", "Expected a number in pt"),
        Case(slide(#""parameters":{"distance":0.5}"#), "/parameters/distance", "from 1 to 1000 pt", "got 0.5 pt"),
        Case(slide(#""parameters":{"duration":3}"#), "/parameters/duration", "from 0.05 to 2 s", "got 3 s"),
        Case(slide(#""parameters":{"dims":"yes"}"#), "/parameters/dims", "Expected true or false"),
        Case(slide(#""parameters":{"threshold":"most"}"#), "/parameters/threshold", "'most'", "'half', 'quarter'"),
        Case(
            slide(#""parameters":{"shadowOffset":{"width":0,"height":1}}"#), "/parameters/shadowOffset/width",
            "at least 0.001"),
        Case(
            #"{"preset":"fake.sheet","parameters":{"sheet":{"x":0,"y":0,"width":1,"height":0}}}"#,
            "/parameters/sheet/height", "at least 0.001"),
        // Whether there is a gesture.
        Case(
            #"{"preset":"fake.slide"}"#, "/gesture", "driven by a gesture", #"{"samples":[...]}"#,
            "GET /v1/presets/fake.slide", "exampleGesture"),
        Case(#"{"preset":"fake.sheet","gesture":\#(gesture)}"#, "/gesture", "started by a tap", "takes no gesture"),
        Case(#"{"preset":"fake.sheet","gesture":null}"#, "/gesture", "started by a tap"),
        // The gesture's shape.
        Case(#"{"preset":"fake.slide","gesture":[]}"#, "/gesture", "Expected an object", "an array"),
        Case(#"{"preset":"fake.slide","gesture":{}}"#, "/gesture/samples", "Required"),
        Case(#"{"preset":"fake.slide","gesture":{"samples":{}}}"#, "/gesture/samples", "Expected an array"),
        Case(
            #"{"preset":"fake.slide","gesture":{"samples":[{"t":0,"x":0,"y":0,"phase":"began"}],"speed":2}}"#,
            "/gesture/speed",
            "Unknown field 'speed'"),
        Case(samples(#"{"t":0,"x":0,"y":0,"phase":"began"},7"#), "/gesture/samples/1", "Expected an object"),
        Case(
            samples(#"{"t":0,"x":0,"y":0,"phase":"began","pressure":1}"#), "/gesture/samples/0/pressure",
            "Unknown field 'pressure'", "t, x, y, phase"),
        Case(samples(#"{"x":0,"y":0,"phase":"began"}"#), "/gesture/samples/0/t", "Required", "seconds"),
        Case(samples(#"{"t":0,"y":0,"phase":"began"}"#), "/gesture/samples/0/x", "Required"),
        Case(samples(#"{"t":0,"x":0,"phase":"began"}"#), "/gesture/samples/0/y", "Required"),
        Case(samples(#"{"t":0,"x":0,"y":0}"#), "/gesture/samples/0/phase", "Required", "began, changed"),
        Case(samples(#"{"t":"0","x":0,"y":0,"phase":"began"}"#), "/gesture/samples/0/t", "Expected a number"),
        Case(samples(#"{"t":0,"x":-2e12,"y":0,"phase":"began"}"#), "/gesture/samples/0/x", "1e12"),
        Case(samples(#"{"t":0,"x":0,"y":null,"phase":"began"}"#), "/gesture/samples/0/y", "not null"),
        Case(
            samples(#"{"t":0,"x":0,"y":0,"phase":"began"},{"t":1,"x":0,"y":0,"phase":"lifted"}"#),
            "/gesture/samples/1/phase", "Unknown phase 'lifted'", "began, changed, ended, cancelled"),
        Case(samples(#"{"t":0,"x":0,"y":0,"phase":3}"#), "/gesture/samples/0/phase", "Expected a string"),
        // The gesture as a track (the engine's validation, mapped to pointers).
        Case(samples(""), "/gesture/samples", "no samples"),
        Case(samples(#"{"t":0,"x":0,"y":0,"phase":"changed"}"#), "/gesture/samples/0/phase", "must have phase"),
        Case(
            samples(
                #"{"t":0,"x":0,"y":0,"phase":"began"},{"t":0.2,"x":1,"y":0,"phase":"changed"},"#
                    + #"{"t":0.1,"x":2,"y":0,"phase":"ended"}"#),
            "/gesture/samples/2/t", "Sample 2 has time 0.1", "increase"),
        Case(
            samples(
                #"{"t":0,"x":0,"y":0,"phase":"began"},{"t":0.1,"x":1,"y":0,"phase":"ended"},"#
                    + #"{"t":0.2,"x":2,"y":0,"phase":"changed"}"#),
            "/gesture/samples/2", "comes after sample 1"),
        // What only the engine can tell (SimulationError, mapped to pointers).
        Case(
            samples(#"{"t":0,"x":0,"y":0,"phase":"began"},{"t":400,"x":1,"y":0,"phase":"ended"}"#),
            "/frameRate", "20000 frames", "Lower frameRate"),
    ])
    func oneBadFieldIsOneErrorAtItsPointer(_ testCase: Case) throws {
        let errors = try errors(testCase.body)
        #expect(Array(errors.keys) == [testCase.pointer], "\(errors)")
        let detail = try #require(errors[testCase.pointer])
        for phrase in testCase.says {
            #expect(detail.contains(phrase), "\(detail)")
        }
    }

    /// A client learns everything wrong at once, gesture samples included, even when
    /// the preset is unknown.
    @Test func everyErrorIsReportedTogether() throws {
        let body =
            #"{"preset":"fake.slide","colour":1,"frameRate":0,"scene":{"card":{"x":0,"y":0,"width":-1,"height":0}},"#
            + #""parameters":{"distance":0,"threshold":"most","speed":2},"#
            + #""gesture":{"samples":[{"t":0,"x":0,"y":0,"phase":"began"},{"t":"1","x":0,"y":0,"phase":"up"}]}}"#
        let errors = try errors(body)
        #expect(
            Set(errors.keys) == [
                "/colour", "/frameRate", "/scene/card/width", "/scene/card/height", "/parameters/distance",
                "/parameters/threshold", "/parameters/speed", "/gesture/samples/1/t", "/gesture/samples/1/phase",
            ])

        let unknown =
            #"{"preset":"fake.none","scene":{"anything":1},"gesture":{"samples":[{"t":0,"x":0,"y":0,"phase":"up"}]}}"#
        #expect(Set(try self.errors(unknown).keys) == ["/preset", "/gesture/samples/0/phase"])
    }

    /// The engine reports every problem of a track; each lands at its own pointer.
    @Test func everyTrackIssueIsMapped() throws {
        let errors = try errors(
            Self.samples(
                #"{"t":1,"x":0,"y":0,"phase":"changed"},{"t":1,"x":1,"y":0,"phase":"began"},"#
                    + #"{"t":2,"x":2,"y":0,"phase":"ended"}"#))
        #expect(Set(errors.keys) == ["/gesture/samples/0/phase", "/gesture/samples/1/phase", "/gesture/samples/1/t"])
        #expect(errors.values.allSatisfy { $0.first?.isUppercase == true && $0.hasSuffix(".") })
    }

    /// 10 000 samples is the most a gesture may have; the count is refused before any
    /// sample is read.
    @Test func sampleCountIsCapped() throws {
        func body(count: Int) -> String {
            var list: [String] = []
            for index in 0..<count {
                let phase = index == 0 ? "began" : index == count - 1 ? "ended" : "changed"
                list.append(#"{"t":\#(Double(index) / 1000),"x":\#(index % 300),"y":0,"phase":"\#(phase)"}"#)
            }
            return Self.samples(list.joined(separator: ","))
        }
        #expect(RequestLimits().maxGestureSamples == 10_000)
        let errors = try errors(body(count: 10_001))
        #expect(Array(errors.keys) == ["/gesture/samples"])
        #expect(errors["/gesture/samples"]?.contains("10001 samples, more than the 10000 this server accepts") == true)
        // A bad sample past the cap is not reported: only the count is.
        let badPast = Self.samples(String(repeating: #"{"t":"x"},"#, count: 10_001) + "1")
        #expect(Array(try self.errors(badPast).keys) == ["/gesture/samples"])

        let accepted = post(body(count: 10_000))
        #expect(accepted.status.code == 200)
    }

    @Test func otherMediaTypesAre415() throws {
        let response = post(Self.slide(), contentType: "text/plain")
        #expect(response.status.code == 415)
        let problem = try #require(JSONTestValue.object(response.body))
        #expect(problem["type"] as? String == "urn:segue:problem:unsupported-media-type")
        #expect(post(Self.slide(), contentType: nil).status.code == 415)
    }

    @Test(arguments: ["", #"{"preset":"fake.slide""#, #"{"preset":"fake.slide",}"#])
    func malformedBodiesAre400(body: String) throws {
        let problem = try problem(body, status: 400)
        #expect(problem["type"] as? String == "urn:segue:problem:malformed-json")
    }

    @Test func simulateIsPostOnly() {
        let response = service.respond(to: HTTPRequest(method: .get, path: "/v1/simulate"))
        #expect(response.status.code == 405)
        #expect(response.headers["Allow"] == "POST")
    }
}
