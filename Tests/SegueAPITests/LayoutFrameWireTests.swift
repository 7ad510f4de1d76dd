import Foundation
import SegueEngine
import SegueTestSupport
import Testing

@testable import SegueAPI

/// The per-frame `frame` member on the wire (openapi.yaml, `LayerState.frame`): written only where
/// a state's layout frame differs from its layer's `frame`, so the presets that never re-lay out
/// send none; the modal card, which re-lays out, sends its rect with an identity transform.
@Suite struct LayoutFrameWireTests {
    static let examples = Fixtures.exampleRequests()

    static func rect(_ value: Any?) -> [Double]? {
        guard let rect = value as? [String: Double] else { return nil }
        return [rect["x"], rect["y"], rect["width"], rect["height"]].compactMap { $0 }
    }

    @Test(arguments: examples.map(\.name))
    func aStateSendsItsFrameOnlyWhereItDiffersFromItsLayers(name: String) throws {
        let body = try #require(Self.examples.first { $0.name == name }?.body)
        let answer = try #require(JSONTestValue.object(SegueService.standard.simulate(body).body))
        let layers = try #require(answer["layers"] as? [[String: Any]])
        let described = Dictionary(
            uniqueKeysWithValues: layers.compactMap { layer in
                (layer["id"] as? String).map { ($0, Self.rect(layer["frame"])) }
            })
        let frames = try #require(answer["frames"] as? [[String: Any]])
        var sent = 0
        for (index, frame) in frames.enumerated() {
            let states = try #require(frame["layers"] as? [String: [String: Any]])
            for (id, state) in states {
                guard let laidOut = state["frame"] else { continue }
                sent += 1
                #expect(Self.rect(laidOut) != described[id] ?? nil, "\(name): frame \(index), \(id)")
            }
        }
        // yui.modalCard's card grows from half on every frame after the first; no other example re-lays out.
        #expect(sent == (name == "yui.modalCard" ? frames.count - 1 : 0), "\(name)")
    }

    @Test func theModalCardSendsItsRectUnstretched() throws {
        let body = try #require(Self.examples.first { $0.name == "yui.modalCard" }?.body)
        let answer = try #require(JSONTestValue.object(SegueService.standard.simulate(body).body))
        let frames = try #require(answer["frames"] as? [[String: Any]])
        for frame in frames.dropFirst() {
            let card = try #require((frame["layers"] as? [String: [String: Any]])?["card"])
            #expect(Self.rect(card["frame"]) == Self.rect(card["presentationFrame"]))
            #expect(card["transform"] as? [String: Double] == ["a": 1, "b": 0, "c": 0, "d": 1, "tx": 0, "ty": 0])
            #expect(card["cornerRadius"] as? Double == 40)
        }
        // The settled frame: the full stage, 798 − 0.8 × 844 = 122.8 at the top.
        let last = try #require((frames.last?["layers"] as? [String: [String: Any]])?["card"])
        #expect(Self.rect(last["frame"]) == [12, 122.8, 366, 675.2])
    }
}
