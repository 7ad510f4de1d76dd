import Foundation
import SegueEngine
import SegueTestSupport
import Testing

@testable import SegueAPI

/// The `lottie` output's shape, for every preset's example: one layer per layer of the JSON answer,
/// top one first, named by its id, each with its drawn art's image layer just above it; a keyframe per frame, the last without easing; masks of 24
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
        // A layer's drawn art (`ExportArt`) is an image layer just above its rectangle, named after it.
        let rectangles = exported.filter { $0["ty"] as? Int != 2 }
        #expect(rectangles.map { $0["nm"] as? String } == layers.reversed().map { $0["id"] as? String })
        for (index, image) in exported.enumerated() where image["ty"] as? Int == 2 {
            let below = index + 1 < exported.count ? exported[index + 1]["nm"] as? String : nil
            #expect(image["nm"] as? String == below.map { $0 + " image" }, "\(image["nm"] ?? "")")
        }
        #expect(exported.count > rectangles.count, "some layer has art")
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

    /// The modal card and the App Store card in its present and dismiss re-lay out: the card's
    /// rectangle's size is keyframed at each frame's `frame` (the layer's own where a state sends
    /// none), its anchor at the size's centre, and its scale stays 100 % on both axes, so no player
    /// stretches its corners.
    @Test(arguments: ["yui.modalCard", "appstore.card.present", "appstore.card.dismiss"])
    func aLayerThatReLaysOutKeyframesItsSizeNotItsScale(name: String) throws {
        let body = try #require(Self.examples.first { $0.name == name }?.body)
        let answer = try post(body)
        var request = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        request["output"] = "lottie"
        let lottie = try post(Array(try JSONSerialization.data(withJSONObject: request)))
        let described = try #require(
            (answer["layers"] as? [[String: Any]])?.first { $0["id"] as? String == "card" }?["frame"]
                as? [String: Double])
        let sizes = try #require(answer["frames"] as? [[String: Any]]).map { frame -> [Double?] in
            let card = (frame["layers"] as? [String: [String: Any]])?["card"]
            let f = card?["frame"] as? [String: Double] ?? described
            return [f["width"], f["height"]]
        }
        let card = try #require((lottie["layers"] as? [[String: Any]])?.first { $0["nm"] as? String == "card" })
        func keyframes(_ property: Any?) -> [[Double]] {
            ((property as? [String: Any])?["k"] as? [[String: Any]] ?? []).map { $0["s"] as? [Double] ?? [] }
        }
        let transform = try #require(card["ks"] as? [String: Any])
        let rectangle = try #require(
            ((card["shapes"] as? [[String: Any]])?.first?["it"] as? [[String: Any]])?.first {
                $0["ty"] as? String == "rc"
            })
        #expect(keyframes(rectangle["s"]) == sizes.map { $0.compactMap { $0 } })
        // Each half is written to 1e-6 on its own: within that of half the written size.
        func halves(_ values: [[Double]]) -> Bool {
            values.count == sizes.count
                && zip(values, sizes).allSatisfy { value, size in
                    value.count == 2 && zip(value, size).allSatisfy { abs($0 - ($1 ?? .nan) / 2) <= 1e-6 }
                }
        }
        #expect(halves(keyframes(rectangle["p"])))
        #expect(halves(keyframes(transform["a"])))
        #expect(keyframes(transform["s"]).allSatisfy { $0 == [100, 100] })
        #expect(Set(sizes.compactMap { $0.last ?? nil }).count > 1, "the card's height changes")
    }
}
