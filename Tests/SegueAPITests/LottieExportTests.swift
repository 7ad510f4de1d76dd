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

    /// A tolerance thins the keyframes, counts them in segue.keyframes, and keeps the first and last frames.
    @Test func aToleranceThinsTheKeyframes() throws {
        let body = try #require(Self.examples.first { $0.name == "instagram.pop.interactive" }?.body)
        var request = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        request["output"] = "lottie"
        let every = try post(Array(try JSONSerialization.data(withJSONObject: request)))
        request["lottie"] = ["tolerance": 0.5]
        let thinned = try post(Array(try JSONSerialization.data(withJSONObject: request)))
        func count(_ lottie: [String: Any]) -> Int { (lottie["segue"] as? [String: Any])?["keyframes"] as? Int ?? -1 }
        func counted(_ lottie: [String: Any]) -> Int {
            (lottie["layers"] as? [[String: Any]] ?? []).reduce(0) { total, layer in
                let transform = layer["ks"] as? [String: Any] ?? [:]
                let properties = ["p", "s", "r", "o"].compactMap { (transform[$0] as? [String: Any])?["k"] as? [Any] }
                let radius =
                    ((((layer["shapes"] as? [[String: Any]])?.first?["it"] as? [[String: Any]])?.first?["r"]
                    as? [String: Any])?["k"] as? [Any])?.count ?? 0
                let mask =
                    (((layer["masksProperties"] as? [[String: Any]])?.first?["pt"] as? [String: Any])?["k"]
                    as? [Any])?.count ?? 0
                return total + properties.reduce(0) { $0 + $1.count } + radius + mask
            }
        }
        #expect(count(every) == counted(every))
        #expect(count(thinned) == counted(thinned))
        #expect(count(thinned) < count(every) / 2, "\(count(thinned)) of \(count(every))")
        let frames = try #require((try post(body))["frames"] as? [Any])
        let first = try #require(
            ((thinned["layers"] as? [[String: Any]])?.first?["ks"] as? [String: Any])?["o"]
                as? [String: Any])
        let times = (first["k"] as? [[String: Any]] ?? []).compactMap { $0["t"] as? Double }
        #expect(times.first == 0 && times.last == Double(frames.count - 1))
    }
}
