import Foundation
import SegueEngine
import SegueTestSupport
import Testing

@testable import SegueAPI

/// A transition document answered as a preset is: its frames (worked out by hand from the
/// document), every output, the resolved document and posting it again, and its price at the gate.
@Suite struct TransitionSimulateTests {
    static func post(_ body: String) -> HTTPResponse { SegueService.standard.simulate(Array(body.utf8)) }

    static func answer(_ body: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let response = post(body)
        #expect(
            response.status.code == 200, "\(String(decoding: response.body, as: UTF8.self))",
            sourceLocation: sourceLocation)
        return try #require(JSONTestValue.object(response.body), sourceLocation: sourceLocation)
    }

    static let tap = TransitionExamples.request(TransitionExamples.tapDocument)
    static let pan = TransitionExamples.request(TransitionExamples.panDocument, gesture: TransitionExamples.fastDrag)

    /// Linear over 0.1 s at 60 Hz: frames at k/60 for k = 0…6, progress k/6; the backdrop's
    /// opacity 1 − k/6, the photo's scale 1 − k/12 (to 0.5) and corner radius 4k (to 24).
    @Test func aTapRunsAlongItsCurve() throws {
        let body = try Self.answer(Self.tap)
        #expect(body["preset"] as? String == "transition")
        let frames = try #require(body["frames"] as? [[String: Any]])
        #expect(frames.count == 7)
        for (k, frame) in frames.enumerated() {
            let f = Double(k) / 6
            #expect(abs((frame["time"] as? Double ?? -1) - Double(k) / 60) <= 1e-6)
            #expect(abs((frame["progress"] as? Double ?? -1) - f) <= 1e-6, "frame \(k)")
            let layers = try #require(frame["layers"] as? [String: [String: Any]])
            #expect(abs((layers["backdrop"]?["opacity"] as? Double ?? -1) - (1 - f)) <= 1e-6, "frame \(k)")
            let transform = try #require(layers["photo"]?["transform"] as? [String: Double])
            #expect(abs((transform["a"] ?? -1) - (1 - 0.5 * f)) <= 1e-6, "frame \(k)")
            #expect(abs((layers["photo"]?["cornerRadius"] as? Double ?? -1) - 24 * f) <= 1e-6, "frame \(k)")
        }
        #expect(frames.last?["phase"] as? String == "settled")
        #expect(body["decision"] is NSNull)
    }

    /// Released moving down at well over 600 pt/s, the first guard holds: finish to `gone` on the
    /// 0.35 s spring, from the release at 7/60 s to 28/60 s: 29 frames, the last at `gone`
    /// (the photo 700 pt down at scale 0.5, its follow offset gone).
    @Test func aFastPanFinishesToGone() throws {
        let body = try Self.answer(Self.pan)
        let decision = try #require(body["decision"] as? [String: Any])
        #expect(decision["outcome"] as? String == "finish")
        #expect(decision["rule"] as? String == "release/0")
        let frames = try #require(body["frames"] as? [[String: Any]])
        #expect(frames.count == 29)
        let last = try #require((frames.last?["layers"] as? [String: [String: Any]])?["photo"])
        let transform = try #require(last["transform"] as? [String: Double])
        #expect(transform == ["a": 0.5, "b": 0, "c": 0, "d": 0.5, "tx": 0, "ty": 700])
    }

    /// The answer's `transition` is the document with its defaults spelled out.
    @Test func theAnswerCarriesTheResolvedDocument() throws {
        let resolved = try #require(try Self.answer(Self.pan)["transition"] as? [String: Any])
        let poses = try #require(resolved["poses"] as? [[String: Any]])
        let first = try #require((poses.first?["layers"] as? [String: [String: Any]])?["photo"])
        #expect(first["scale"] as? Double == 1)
        #expect(first["opacity"] as? Double == 1)
        #expect(first["cornerCurve"] as? String == "continuous")
        #expect(first["mask"] is NSNull && first["shadow"] is NSNull)
        #expect(first["translation"] as? [String: Double] == ["x": 0, "y": 0])
        // Later poses keep to their changes.
        #expect(
            Set((poses[1]["layers"] as? [String: [String: Any]])?["photo"]?.keys ?? [:].keys) == [
                "scale", "cornerRadius",
            ])
        let layers = try #require(resolved["layers"] as? [[String: Any]])
        #expect(layers.map { $0["fill"] as? String } == ["#000000", "#8aa1b1"])
        let pan = try #require(resolved["interaction"] as? [String: Any])
        #expect(pan["direction"] as? String == "down")
        #expect(pan["velocityEstimator"] as? String == "uikit")
        #expect(pan["touchResampling"] as? String == "latest")
        #expect(pan["interruptible"] as? Bool == false)
        let scrub = try #require(pan["scrub"] as? [String: Any])
        #expect(scrub["overshoot"] as? String == "clamp")
        #expect(scrub["sign"] as? Double == 1)
        #expect((pan["follow"] as? [[String: Any]])?.first?["scaled"] as? Bool == false)
        #expect((pan["follow"] as? [[String: Any]])?.first?["axes"] as? String == "both")
        let release = try #require(pan["release"] as? [[String: Any]])
        #expect((release[0]["when"] as? [String: Any])?["rate"] as? Double == 0.998)
        #expect((release[1]["when"] as? [String: Any])?["rate"] as? Double == 0.99)
        let settle = try #require(pan["settle"] as? [String: Any])
        let spring = try #require(settle["curve"] as? [String: Any])
        #expect(Set(spring.keys) == ["type", "duration", "dampingRatio", "initialVelocity"])
        #expect(spring["duration"] as? Double == 0.35 && spring["initialVelocity"] as? Double == 0)
        #expect(settle["velocityHandoff"] as? Bool == true)
        let tap = try #require(try Self.answer(Self.tap)["transition"] as? [String: Any])
        let curve = try #require((tap["interaction"] as? [String: Any])?["curve"] as? [String: Any])
        #expect(curve["type"] as? String == "named" && curve["duration"] as? Double == 0.1)
        // A preset's answer has no such member.
        let preset = try Self.answer(#"{"preset":"instagram.push"}"#)
        #expect(preset["transition"] == nil)
    }

    /// Posting the resolved document again gives the same frames and decision, and resolves to itself.
    @Test(arguments: [tap, pan])
    func theResolvedDocumentRoundTrips(request: String) throws {
        let first = try Self.answer(request)
        var again = Self.tree(request)
        again["transition"] = first["transition"]
        let text = String(decoding: try JSONSerialization.data(withJSONObject: again), as: UTF8.self)
        let second = try Self.answer(text)
        for member in ["frames", "decision", "layers", "events", "transition"] {
            #expect(Self.same(first[member], second[member]), "\(member)")
        }
    }

    static func tree(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    static func same(_ a: Any?, _ b: Any?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        let left = try? JSONSerialization.data(withJSONObject: ["v": a], options: .sortedKeys)
        let right = try? JSONSerialization.data(withJSONObject: ["v": b], options: .sortedKeys)
        return left != nil && left == right
    }

    @Test(arguments: SimulateOutput.allCases)
    func everyOutputAnswersForATapAndAPan(output: SimulateOutput) throws {
        for request in [Self.tap, Self.pan] {
            var body = Self.tree(request)
            body["output"] = output.rawValue
            let response = SegueService.standard.simulate(Array(try JSONSerialization.data(withJSONObject: body)))
            #expect(
                response.status.code == 200, "\(output): \(String(decoding: response.body.prefix(400), as: UTF8.self))")
            #expect(!response.body.isEmpty)
        }
        var compact = Self.tree(Self.pan)
        compact["encoding"] = "compact"
        let response = SegueService.standard.simulate(Array(try JSONSerialization.data(withJSONObject: compact)))
        #expect(response.status.code == 200)
    }

    /// The pictures are drawn on the document's window, 390 × 844.
    @Test func picturesAreDrawnOnTheWindow() throws {
        var body = Self.tree(Self.tap)
        body["output"] = "lottie"
        let response = SegueService.standard.simulate(Array(try JSONSerialization.data(withJSONObject: body)))
        let lottie = try #require(JSONTestValue.object(response.body))
        #expect(lottie["w"] as? Double == 390 && lottie["h"] as? Double == 844)
        // A document keeps its own images and gets no drawn art (`ExportArt`): its layers have none.
        #expect((lottie["assets"] as? [Any])?.isEmpty ?? true)
        #expect(!String(decoding: response.body, as: UTF8.self).contains("data:image"))
    }

    /// The gate prices a document by its layers × frames: linear in the layers (each adds the same
    /// per frame), and in the frames (twice the curve, about twice the frames).
    @Test func theGatePricesLayersTimesFrames() throws {
        let costs = SimulateCost(catalogue: .builtIn)
        func estimate(layers: Int, duration: Double) throws -> Int {
            let document = TransitionLimitsTests.layers(layers)
            var tree = document
            TransitionValidationTests.set(duration, at: ["interaction", "curve", "duration"], in: &tree)
            let body = try JSONValue(JSONSerialization.data(withJSONObject: ["transition": tree]))
            let request = try SimulateRequest.parse(body, catalogue: .builtIn)
            return costs.estimatedBytes(for: request)
        }
        let (two, four, six) = (
            try estimate(layers: 2, duration: 1), try estimate(layers: 4, duration: 1),
            try estimate(layers: 6, duration: 1)
        )
        #expect(four > two && six - four == four - two)
        // 1 s at 60 Hz is 61 frames, 2 s is 121: the per-layer part grows by 120/60.
        let (longerTwo, longerFour) = (try estimate(layers: 2, duration: 2), try estimate(layers: 4, duration: 2))
        let perLayerFrame = Double(four - two) / 2 / 61
        #expect(abs(Double(longerFour - longerTwo) / 2 / 121 - perLayerFrame) <= 1)
    }
}

extension JSONValue {
    /// The tree of a JSON text, as the server's parser reads it.
    init(_ data: Data) throws {
        self = try JSONParser.parse(Array(data))
    }
}
