import Foundation
import SegueEngine
import SegueTestSupport
import Testing

@testable import SegueAPI

/// The `css` and `waapi` outputs' shape, for every preset's example: one element and one keyframe
/// list per layer of the JSON answer, a keyframe per frame at the frame's offset in the run, and
/// the frame's transform and opacity in each (the values are played by Chromium in
/// Tests/browser/test_exports.py).
@Suite struct WebExportTests {
    static let examples = Fixtures.exampleRequests()
    func post(_ body: [UInt8]) -> HTTPResponse {
        SegueService.standard.simulate(body)
    }

    func with(_ body: [UInt8], output: String) throws -> [UInt8] {
        var request = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        request["output"] = output
        return Array(try JSONSerialization.data(withJSONObject: request))
    }

    @Test(arguments: examples.map(\.name))
    func everyLayerAndFrameIsExported(name: String) throws {
        let body = try #require(Self.examples.first { $0.name == name }?.body)
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(post(body).body)) as? [String: Any])
        let layers = try #require(answer["layers"] as? [[String: Any]])
        let frames = try #require(answer["frames"] as? [[String: Any]])
        let duration = try #require(answer["duration"] as? Double)
        let start = try #require(frames.first?["time"] as? Double)

        let waapiResponse = post(try with(body, output: "waapi"))
        #expect(waapiResponse.headers["Content-Type"] == MediaType.json)
        let waapi = try #require(try JSONSerialization.jsonObject(with: Data(waapiResponse.body)) as? [String: Any])
        let exported = try #require(waapi["layers"] as? [[String: Any]])
        let relaidOut = Set(
            frames.flatMap { frame in
                (frame["layers"] as? [String: [String: Any]] ?? [:]).filter { $0.value["frame"] != nil }.map(\.key)
            })
        #expect(exported.map { $0["id"] as? String } == layers.map { $0["id"] as? String })
        #expect(abs((waapi["duration"] as? Double ?? -1) - duration * 1000) < 1e-3)
        for layer in exported {
            let id = try #require(layer["id"] as? String)
            #expect(layer["selector"] as? String == "[data-segue-layer=\"\(id)\"]")
            let keyframes = try #require(layer["keyframes"] as? [[String: Any]])
            #expect(keyframes.count == frames.count, "\(id)")
            for (keyframe, frame) in zip(keyframes, frames) {
                let time = try #require(frame["time"] as? Double)
                let offset = duration > 0 ? (time - start) / duration : 0
                // Time, duration and offset are each written to 1e-6: a few of those apart at most.
                #expect(abs((keyframe["offset"] as? Double ?? -1) - offset) <= 3e-6)
                let state = try #require((frame["layers"] as? [String: Any])?[id] as? [String: Any])
                let t = try #require(state["transform"] as? [String: Double])
                let matrix = [t["a"], t["b"], t["c"], t["d"], t["tx"], t["ty"]].compactMap { $0 }
                let shown = (keyframe["transform"] as? String ?? "").dropFirst("matrix(".count).dropLast()
                    .split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
                #expect(shown == matrix, "\(id) at \(time)")
                #expect(Double(keyframe["opacity"] as? String ?? "") == state["opacity"] as? Double)
                // A layer whose states lay it out anew keyframes its box: the state's frame, or the
                // layer's own where the state sends none; a layer that never re-lays out has none.
                let box = ["left", "top", "width", "height"].map {
                    (keyframe[$0] as? String).flatMap { Double($0.dropLast(2)) }
                }
                if relaidOut.contains(id) {
                    let description = try #require(
                        layers.first { $0["id"] as? String == id }?["frame"] as? [String: Double])
                    let f = state["frame"] as? [String: Double] ?? description
                    #expect(box == [f["x"], f["y"], f["width"], f["height"]], "\(id) at \(time)")
                } else {
                    #expect(box.allSatisfy { $0 == nil }, "\(id) at \(time)")
                }
            }
        }

        let cssResponse = post(try with(body, output: "css"))
        #expect(cssResponse.headers["Content-Type"] == MediaType.html)
        let page = String(decoding: cssResponse.body, as: UTF8.self)
        #expect(page.hasPrefix("<!doctype html>"))
        // One element per layer, bottom first as the answer lists them, named by its id.
        let named = page.components(separatedBy: "<div class=\"layer\" data-segue-layer=\"").dropFirst().map {
            String($0.prefix { $0 != "\"" })
        }
        #expect(named == layers.map { $0["id"] as? String ?? "" })
        for (index, layer) in layers.enumerated() {
            let id = try #require(layer["id"] as? String)
            #expect(page.contains("[data-segue-layer=\"\(id)\"] { left:"), "\(id)")
            #expect(page.components(separatedBy: "@keyframes segue-layer-\(index) {").count == 2)
        }
        #expect(page.components(separatedBy: "transform: matrix(").count - 1 == frames.count * layers.count)
    }
}
