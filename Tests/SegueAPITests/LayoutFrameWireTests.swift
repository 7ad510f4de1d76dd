import Foundation
import SegueEngine
import SegueTestSupport
import Testing

@testable import SegueAPI

/// The per-frame `frame` member on the wire (openapi.yaml, `LayerState.frame`): written only where
/// a state's layout frame differs from its layer's `frame`, so the presets that never re-lay out
/// send none; the modal card and the App Store card, which re-lay out, send their rects.
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
        // yui.modalCard's card grows from half on every frame after the first; the App Store card grows
        // from the pressed cell (present) or shrinks back from the shrunk screen (dismiss) on every
        // frame after the first, and in the interactive dismiss's example is laid out over the screen
        // (only scaled) until the sample at y = 400, frame 15 (0.25 s), dismisses it; the highlight only
        // scales the cell; no other example re-lays out.
        let expected =
            switch name {
            // The detent sheet's frame moves from the medium detent on every frame after the first.
            case "yui.modalCard", "appstore.card.present", "appstore.card.dismiss", "ios.sheetDetents": frames.count - 1
            case "appstore.card.interactiveDismiss": frames.count - 15
            default: 0
            }
        #expect(sent == expected, "\(name)")
        // The layer is described where layout puts it at the start: the first frame sends no frame.
        let first = try #require(frames.first?["layers"] as? [String: [String: Any]])
        #expect(first.values.allSatisfy { $0["frame"] == nil }, "\(name)")
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
