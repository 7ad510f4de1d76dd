import Foundation
import SegueTestSupport
import Testing

@testable import SegueAPI
@testable import SegueEngine

/// A tap's `tracks` over the API: read, refused one mistake at a time at its pointer, and written
/// back so that the document reads again as the same tap.
@Suite struct TransitionTapTracksTests {
    /// The example tap with the photo's radius on an ease-out of its own, after `edit`.
    static func tap(_ edit: (inout [String: Any]) -> Void = { _ in }) -> [String: Any] {
        TransitionValidationTests.tap {
            TransitionValidationTests.set(
                [
                    [
                        "layers": ["photo"], "properties": ["cornerRadius"],
                        "curve": ["type": "named", "name": "easeOut", "duration": 0.2],
                    ]
                ], at: ["interaction", "tracks"], in: &$0)
            edit(&$0)
        }
    }

    static func set(_ value: Any?, _ path: [Any], _ tree: inout [String: Any]) {
        TransitionValidationTests.set(value, at: ["interaction", "tracks"] + path, in: &tree)
    }

    @Test func aTapWithATrackRunsAndAnswersItResolved() throws {
        let body = try JSONSerialization.data(withJSONObject: ["transition": Self.tap()])
        let response = SegueService.standard.simulate(Array(body))
        #expect(response.status.code == 200, "\(String(decoding: response.body, as: UTF8.self))")
        let answer = try #require(JSONTestValue.object(response.body))
        let transition = try #require(answer["transition"] as? [String: Any])
        let tracks = try #require((transition["interaction"] as? [String: Any])?["tracks"] as? [[String: Any]])
        #expect(tracks.count == 1)
        #expect(tracks.first?["delay"] as? Double == 0, "the default is spelled out")
        #expect(tracks.first?["layers"] as? [String] == ["photo"])
        #expect(tracks.first?["properties"] as? [String] == ["cornerRadius"])
        // The tap's linear curve lasts 0.1 s, the radius's ease-out 0.2 s: the frames run to 0.2 s.
        let frames = try #require(answer["frames"] as? [[String: Any]])
        #expect((frames.last?["time"] as? Double).map { abs($0 - 0.2) < 1e-9 } == true)
    }

    @Test func eachMistakeIsOneProblemAtItsPointer() throws {
        let base = "/transition/interaction/tracks"
        let cases: [([String: Any], String, String)] = [
            (
                Self.tap { Self.set("blur", [0, "properties", 0], &$0) }, base + "/0/properties/0",
                "Unknown property 'blur'"
            ),
            (
                Self.tap { Self.set([String](), [0, "properties"], &$0) }, base + "/0/properties",
                "1 to 12 property names"
            ),
            (Self.tap { Self.set("ghost", [0, "layers", 0], &$0) }, base + "/0/layers/0", "Unknown layer 'ghost'"),
            (Self.tap { Self.set([String](), [0, "layers"], &$0) }, base + "/0/layers", "at least 1"),
            (
                Self.tap { Self.set(["type": "spring", "duration": 0.3], [0, "curve"], &$0) },
                base + "/0/curve/dampingRatio", "Required"
            ),
            (Self.tap { Self.set(nil, [0, "curve"], &$0) }, base + "/0/curve", "Required"),
            (Self.tap { Self.set(-1, [0, "delay"], &$0) }, base + "/0/delay", "got -1"),
            (Self.tap { Self.set(1, [0, "speed"], &$0) }, base + "/0/speed", "Unknown field"),
            (
                Self.tap {
                    Self.set(
                        ["properties": ["frame"], "curve": ["type": "named", "name": "linear"]], [1], &$0)
                    Self.set(["frame.x", "cornerRadius"], [0, "properties"], &$0)
                }, base + "/1/properties/0", "track 0 animates its 'frame.x'"
            ),
            (
                Self.tap { Self.set(["opacity", "opacity"], [0, "properties"], &$0) }, base + "/0/properties/1",
                "this track already names 'opacity'"
            ),
            (Self.tap { Self.set("all", [], &$0) }, base, "Expected an array of tracks"),
        ]
        for (document, pointer, phrase) in cases {
            try TransitionValidationTests.expectOne(document, at: pointer, saying: phrase)
        }
    }

    /// The tracks share the release guards' cap, and say so.
    @Test func theCountIsCappedByMaxReleaseGuards() throws {
        let limit = RequestLimits().maxReleaseGuards
        let track: [String: Any] = ["properties": ["opacity"], "curve": ["type": "named", "name": "linear"]]
        let document = Self.tap { Self.set(Array(repeating: track, count: limit + 1), [], &$0) }
        try TransitionValidationTests.expectOne(
            document, at: "/transition/interaction/tracks", saying: "--max-release-guards")
    }

    /// The App Store present's document (a spring tap with a linear and an ease-in-out track),
    /// written as the API answers it and read back, is the same tap.
    @Test func thePresentsDocumentReadsBackAsWritten() throws {
        let preset = try #require(PresetCatalogue.builtIn.preset(id: "appstore.card.present") as? ParametricDocument)
        let document = preset.defaultDocument
        guard case .tap(let tap) = document.interaction else {
            Issue.record("the present is a tap")
            return
        }
        #expect(tap.tracks.count == 2)
        var writer = JSONWriter()
        ResolvedTransition(document: document).write(into: &writer)
        var validator = FieldValidator()
        var reader = TransitionReader(limits: RequestLimits())
        let read = reader.read(try JSONParser.parse(writer.bytes), at: "", validator: &validator)
        #expect(validator.errors.isEmpty, "\(validator.errors)")
        // The writer spells out the default `settled`; the rest reads back as it was.
        var expected = tap
        expected.settled = tap.to
        #expect(read?.document.interaction == .tap(expected))
    }
}
