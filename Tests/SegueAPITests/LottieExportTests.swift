import Foundation
import SegueEngine
import SegueTestSupport
import Testing

@testable import SegueAPI

/// The `lottie` output's shape, for every preset's example: one layer per layer of the JSON answer,
/// top one first, named by its id; a keyframe per frame, the last without easing; masks of 24
/// vertices on every keyframe. Its pixels are rendered by rlottie in Tests/players/test_lottie.py.
@Suite struct LottieExportTests {
    static let examples = Fixtures.exampleRequests()
    let service = SegueService(router: .segue(catalogue: .builtIn, readiness: Readiness()))

    func post(_ body: [UInt8]) throws -> [String: Any] {
        let response = service.respond(
            to: HTTPRequest(
                method: .post, path: "/v1/simulate", headers: ["Content-Type": "application/json"], body: body))
        return try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test(arguments: examples.map(\.name))
    func layersKeyframesAndMasks(name: String) throws {
        let body = try #require(Self.examples.first { $0.name == name }?.body)
        let answer = try post(body)
        var request = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        request["output"] = "lottie"
        let lottie = try post(Array(try JSONSerialization.data(withJSONObject: request)))
        let frames = try #require(answer["frames"] as? [[String: Any]])
        let layers = try #require(answer["layers"] as? [[String: Any]])
        #expect(lottie["fr"] as? Double == answer["frameRate"] as? Double)
        #expect(lottie["op"] as? Double == Double(frames.count))
        let exported = try #require(lottie["layers"] as? [[String: Any]])
        #expect(exported.map { $0["nm"] as? String } == layers.reversed().map { $0["id"] as? String })
        for layer in exported {
            let transform = try #require(layer["ks"] as? [String: Any])
            for property in ["p", "s", "r", "o"] {
                let keyframes = try #require((transform[property] as? [String: Any])?["k"] as? [[String: Any]])
                #expect(keyframes.count == frames.count, "\(property)")
                #expect(keyframes.last?["i"] == nil && keyframes.last?["o"] == nil, "the last keyframe has no easing")
                #expect(keyframes.dropLast().allSatisfy { $0["i"] != nil && $0["o"] != nil })
            }
            if let masks = layer["masksProperties"] as? [[String: Any]] {
                let keyframes = try #require((masks.first?["pt"] as? [String: Any])?["k"] as? [[String: Any]])
                #expect(keyframes.count == frames.count)
                for keyframe in keyframes {
                    let shape = try #require((keyframe["s"] as? [[String: Any]])?.first)
                    #expect((shape["v"] as? [Any])?.count == 24)
                    #expect((shape["i"] as? [Any])?.count == 24 && (shape["o"] as? [Any])?.count == 24)
                }
            }
        }
    }
}
