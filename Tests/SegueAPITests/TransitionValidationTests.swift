import Foundation
import SegueEngine
import SegueTestSupport
import Testing

@testable import SegueAPI

/// A transition document with one mistake is a 422 with one error, at that mistake's pointer
/// under `/transition`; each limit is a 422 naming its flag.
@Suite struct TransitionValidationTests {
    /// The tap document, with `edit` applied to its JSON tree.
    static func tap(_ edit: (inout [String: Any]) -> Void) -> [String: Any] {
        var document = tree(TransitionExamples.tapDocument)
        edit(&document)
        return document
    }

    static func pan(_ edit: (inout [String: Any]) -> Void) -> [String: Any] {
        var document = tree(TransitionExamples.panDocument)
        edit(&document)
        return document
    }

    static func tree(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    /// The errors of the answer to `body`, which must be a 422.
    static func errors(
        _ body: [String: Any], service: SegueService = .standard, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [(pointer: String, detail: String)] {
        let bytes = try JSONSerialization.data(withJSONObject: body)
        let response = service.simulate(Array(bytes))
        #expect(
            response.status.code == 422, "\(String(decoding: response.body, as: UTF8.self))",
            sourceLocation: sourceLocation)
        let problem = try #require(JSONTestValue.object(response.body), sourceLocation: sourceLocation)
        let errors = try #require(problem["errors"] as? [[String: Any]], sourceLocation: sourceLocation)
        return errors.map { ($0["pointer"] as? String ?? "?", $0["detail"] as? String ?? "") }
    }

    /// The one error of the answer to `{"transition": document}`; it must be at `pointer`, and its
    /// detail must contain `phrase`.
    static func expectOne(
        _ document: [String: Any], at pointer: String, saying phrase: String, extra: [String: Any] = [:],
        service: SegueService = .standard, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var body = extra
        body["transition"] = document
        let found = try errors(body, service: service, sourceLocation: sourceLocation)
        #expect(found.map(\.pointer) == [pointer], "\(found)", sourceLocation: sourceLocation)
        #expect(found.first?.detail.contains(phrase) == true, "\(found)", sourceLocation: sourceLocation)
    }

    /// `path` walks objects by name and arrays by index.
    static func set(_ value: Any?, at path: [Any], in tree: inout [String: Any]) {
        func assign(_ node: Any, _ rest: ArraySlice<Any>) -> Any? {
            guard let head = rest.first else { return value }
            if var object = node as? [String: Any], let key = head as? String {
                object[key] = assign(object[key] ?? [String: Any](), rest.dropFirst())
                return object
            }
            if var array = node as? [Any], let index = head as? Int, index <= array.count {
                if index == array.count {
                    // One past the end appends.
                    if let added = assign([String: Any](), rest.dropFirst()) { array.append(added) }
                } else if let replaced = assign(array[index], rest.dropFirst()) {
                    array[index] = replaced
                } else {
                    array.remove(at: index)
                }
                return array
            }
            return node
        }
        tree = assign(tree, path[...]) as? [String: Any] ?? tree
    }

    @Test func theExamplesAreValid() throws {
        for body in [
            TransitionExamples.request(TransitionExamples.tapDocument),
            TransitionExamples.request(TransitionExamples.panDocument, gesture: TransitionExamples.fastDrag),
        ] {
            let response = SegueService.standard.simulate(Array(body.utf8))
            #expect(response.status.code == 200, "\(String(decoding: response.body, as: UTF8.self))")
        }
    }

    @Test func anUnknownPoseIsRefusedAtItsName() throws {
        try Self.expectOne(
            Self.tap { Self.set("open", at: ["interaction", "to"], in: &$0) }, at: "/transition/interaction/to",
            saying: "Unknown pose 'open'")
        try Self.expectOne(
            Self.pan { Self.set("nowhere", at: ["interaction", "release", 0, "to"], in: &$0) },
            at: "/transition/interaction/release/0/to", saying: "Unknown pose 'nowhere'")
    }

    @Test func anUnknownLayerIsRefusedWhereItIsNamed() throws {
        try Self.expectOne(
            Self.tap { Self.set(["opacity": 0.5], at: ["poses", 1, "layers", "ghost"], in: &$0) },
            at: "/transition/poses/1/layers/ghost", saying: "Unknown layer 'ghost'")
        try Self.expectOne(
            Self.pan { Self.set("card", at: ["interaction", "startsIn"], in: &$0) },
            at: "/transition/interaction/startsIn", saying: "Unknown layer 'card'")
    }

    @Test func theFirstPoseMustGiveEveryFrame() throws {
        try Self.expectOne(
            Self.tap { Self.set(nil, at: ["poses", 0, "layers", "photo", "frame"], in: &$0) },
            at: "/transition/poses/0/layers/photo/frame", saying: "first pose")
    }

    @Test func sizesMustBePositive() throws {
        try Self.expectOne(
            Self.tap { Self.set(0, at: ["poses", 0, "layers", "photo", "frame", "width"], in: &$0) },
            at: "/transition/poses/0/layers/photo/frame/width", saying: "got 0")
        try Self.expectOne(
            Self.tap { Self.set(-390, at: ["window", "width"], in: &$0) }, at: "/transition/window/width",
            saying: "got -390")
        // A frame out of range is that one problem, not also a frame missing from the first pose.
        try Self.expectOne(
            Self.tap { Self.set(-1, at: ["poses", 0, "layers", "photo", "frame", "height"], in: &$0) },
            at: "/transition/poses/0/layers/photo/frame/height", saying: "got -1")
    }

    @Test func aScrubNeedsAPositiveDistance() throws {
        for distance in [0, -300] {
            try Self.expectOne(
                Self.pan { Self.set(distance, at: ["interaction", "scrub", "distance"], in: &$0) },
                at: "/transition/interaction/scrub/distance", saying: "got \(distance)",
                extra: ["gesture": Self.tree(TransitionExamples.fastDrag)])
        }
    }

    /// A press names its poses as a tap does, and needs a gesture, as a pan does.
    @Test func aPressNamesPosesThatExist() throws {
        let press: (String) -> [String: Any] = { to in
            Self.tap {
                Self.set("press", at: ["interaction", "type"], in: &$0)
                Self.set(to, at: ["interaction", "to"], in: &$0)
            }
        }
        try Self.expectOne(
            press("squashed"), at: "/transition/interaction/to", saying: "Unknown pose 'squashed'",
            extra: ["gesture": Self.tree(TransitionExamples.fastDrag)])
        try Self.expectOne(
            Self.tap { Self.set("hold", at: ["interaction", "type"], in: &$0) }, at: "/transition/interaction/type",
            saying: "\"press\"")
        // Tracks are a tap's: a press goes back on its one curve.
        try Self.expectOne(
            Self.tap {
                Self.set("press", at: ["interaction", "type"], in: &$0)
                Self.set(
                    [["properties": ["opacity"], "curve": ["type": "named", "name": "linear"]]],
                    at: ["interaction", "tracks"], in: &$0)
            }, at: "/transition/interaction/tracks", saying: "tracks",
            extra: ["gesture": Self.tree(TransitionExamples.fastDrag)])
    }

    /// A scrub's bounds: a minimum above the maximum holds nothing, and `holds` names one of two.
    @Test func aScrubsBoundsMustLeaveRoom() throws {
        let gesture = ["gesture": Self.tree(TransitionExamples.fastDrag)]
        try Self.expectOne(
            Self.pan {
                Self.set(0.8, at: ["interaction", "scrub", "minimum"], in: &$0)
                Self.set(0.2, at: ["interaction", "scrub", "maximum"], in: &$0)
            }, at: "/transition/interaction/scrub/maximum", saying: "give minimum ≤ maximum", extra: gesture)
        try Self.expectOne(
            Self.pan { Self.set("finger", at: ["interaction", "scrub", "holds"], in: &$0) },
            at: "/transition/interaction/scrub/holds", saying: "layers", extra: gesture)
    }

    @Test func noGuardMayFollowOneWithoutWhen() throws {
        let document = Self.pan {
            Self.set(nil, at: ["interaction", "release", 0, "when"], in: &$0)
        }
        // Both guards after it are unreachable: each is refused.
        let found = try Self.errors(["transition": document, "gesture": Self.tree(TransitionExamples.fastDrag)])
        #expect(found.map(\.pointer) == ["/transition/interaction/release/1", "/transition/interaction/release/2"])
        #expect(found.allSatisfy { $0.detail.contains("guard 0 has no 'when'") })
    }

    /// A curve /v1/curves refuses at `/curve/…` is refused here at the same place under the tap's
    /// or the settle's curve.
    @Test func aCurveTheCurvesEndpointRefusesIsRefusedUnderTheDocument() throws {
        let curves: [([String: Any], String)] = [
            (["type": "spring", "duration": 0.3], "/dampingRatio"),
            (["type": "named", "name": "bouncy"], "/name"),
            (["type": "cubicBezier", "controlPoints": [1.5, 0, 1, 1]], "/controlPoints/0"),
            (["type": "spring", "stiffness": 100, "damping": 10, "bounce": 0.2], "/bounce"),
            (["type": "named", "name": "linear", "duration": 0], "/duration"),
        ]
        for (curve, tail) in curves {
            let endpoint = SegueService.standard.curves(
                String(decoding: try JSONSerialization.data(withJSONObject: ["curve": curve]), as: UTF8.self))
            let refused = try #require(JSONTestValue.object(endpoint.body)?["errors"] as? [[String: Any]])
            #expect(refused.map { $0["pointer"] as? String } == ["/curve" + tail], "\(curve)")
            try Self.expectOne(
                Self.tap { Self.set(curve, at: ["interaction", "curve"], in: &$0) },
                at: "/transition/interaction/curve" + tail, saying: refused.first?["detail"] as? String ?? "?")
            try Self.expectOne(
                Self.pan { Self.set(curve, at: ["interaction", "settle", "curve"], in: &$0) },
                at: "/transition/interaction/settle/curve" + tail, saying: refused.first?["detail"] as? String ?? "?",
                extra: ["gesture": Self.tree(TransitionExamples.fastDrag)])
        }
        // Per target, under the target's name.
        try Self.expectOne(
            Self.pan {
                Self.set(
                    ["gone": ["type": "named", "name": "easeOut"], "start": ["type": "spring", "duration": 0.3]],
                    at: ["interaction", "settle", "curve"], in: &$0)
            }, at: "/transition/interaction/settle/curve/start/dampingRatio", saying: "Required",
            extra: ["gesture": Self.tree(TransitionExamples.fastDrag)])
    }

    @Test func aMalformedImageIsRefusedAtIt() throws {
        // The PNG signature, 89 50 4E 47 0D 0A 1A 0A, is "iVBORw0KGgo=" in base64 (RFC 4648 §4);
        // JPEG's FF D8 FF E0 is "/9j/4A==".
        let cases: [(String, String)] = [
            ("https://example.com/photo.png", "data: URI"),
            ("data:image/gif;base64,R0lGODlh", "data: URI"),
            ("data:image/png;base64,iVBORw0KGgo", "not base64"),  // 11 characters
            ("data:image/png;base64,iVBO Rw0KGgo=", "not base64"),
            ("data:image/png;base64,iV=ORw0KGgo=", "not base64"),
            ("data:image/png;base64,/9j/4A==", "PNG signature"),
            ("data:image/jpeg;base64,iVBORw0KGgo=", "JPEG signature"),
        ]
        for (image, phrase) in cases {
            try Self.expectOne(
                Self.tap { Self.set(image, at: ["layers", 1, "image"], in: &$0) }, at: "/transition/layers/1/image",
                saying: phrase)
        }
        for image in ["data:image/png;base64,iVBORw0KGgo=", "data:image/jpeg;base64,/9j/4A=="] {
            let body = try JSONSerialization.data(
                withJSONObject: ["transition": Self.tap { Self.set(image, at: ["layers", 1, "image"], in: &$0) }])
            #expect(SegueService.standard.simulate(Array(body)).status.code == 200, "\(image)")
        }
    }

    @Test func namesAndColoursHaveTheirForm() throws {
        try Self.expectOne(
            Self.pan { Self.set("release/0", at: ["interaction", "release", 0, "id"], in: &$0) },
            at: "/transition/interaction/release/0/id", saying: "letters, digits",
            extra: ["gesture": Self.tree(TransitionExamples.fastDrag)])
        try Self.expectOne(
            Self.tap { Self.set(String(repeating: "p", count: 65), at: ["poses", 2, "name"], in: &$0) },
            at: "/transition/poses/2/name", saying: "65 bytes")
        try Self.expectOne(
            Self.tap { Self.set("#8AA1B", at: ["layers", 1, "fill"], in: &$0) }, at: "/transition/layers/1/fill",
            saying: "#RRGGBB")
        try Self.expectOne(
            Self.tap { Self.set(1.5, at: ["poses", 1, "layers", "backdrop", "opacity"], in: &$0) },
            at: "/transition/poses/1/layers/backdrop/opacity", saying: "got 1.5")
        try Self.expectOne(
            Self.tap { Self.set(true, at: ["layers", 0, "colour"], in: &$0) }, at: "/transition/layers/0/colour",
            saying: "Unknown field 'colour'")
    }

    /// A pan has a scrub or detents: both, or neither, is a mistake at the pan.
    @Test func aPanScrubsOrRestsInDetentsNotBothNorNeither() throws {
        let gesture = ["gesture": Self.tree(TransitionExamples.fastDrag)]
        try Self.expectOne(
            Self.pan {
                Self.set(
                    ["layer": "photo", "axis": "y", "poses": ["start", "gone"]], at: ["interaction", "detents"], in: &$0
                )
            }, at: "/transition/interaction/detents", saying: "not both", extra: gesture)
        try Self.expectOne(
            Self.pan { Self.set(nil, at: ["interaction", "scrub"], in: &$0) }, at: "/transition/interaction/scrub",
            saying: "Required", extra: gesture)
        try Self.expectOne(
            Self.pan {
                Self.set(nil, at: ["interaction", "scrub"], in: &$0)
                Self.set(["layer": "photo", "axis": "y", "poses": ["start"]], at: ["interaction", "detents"], in: &$0)
            }, at: "/transition/interaction/detents/poses", saying: "at least 2 of the pose names", extra: gesture)
    }

    @Test func presetAndTransitionAreOneOrTheOther() throws {
        let tap = Self.tree(TransitionExamples.tapDocument)
        let both = try Self.errors(["preset": "instagram.push", "transition": tap])
        #expect(both.map(\.pointer) == ["/transition"])
        #expect(both.first?.detail.contains("not both") == true)
        let neither = try Self.errors(["frameRate": 60])
        #expect(neither.map(\.pointer) == ["/preset"])
        #expect(neither.first?.detail.contains("transition") == true)
        let scene = try Self.errors([
            "transition": tap, "scene": ["window": ["width": 390, "height": 844]], "parameters": [:],
        ])
        #expect(scene.map(\.pointer) == ["/scene", "/parameters"])
    }

    @Test func everyMistakeIsReportedAtOnce() throws {
        let document = Self.pan {
            Self.set(0, at: ["window", "height"], in: &$0)
            Self.set("solidish", at: ["layers", 0, "kind"], in: &$0)
            Self.set(nil, at: ["poses", 0, "layers", "backdrop", "frame"], in: &$0)
            Self.set("sideways", at: ["interaction", "direction"], in: &$0)
            Self.set("nowhere", at: ["interaction", "scrub", "to"], in: &$0)
        }
        let found = try Self.errors(["transition": document, "gesture": Self.tree(TransitionExamples.fastDrag)])
        #expect(
            Set(found.map(\.pointer)) == [
                "/transition/window/height", "/transition/layers/0/kind", "/transition/interaction/direction",
                "/transition/poses/0/layers/backdrop/frame", "/transition/interaction/scrub/to",
            ], "\(found)")
    }
}
