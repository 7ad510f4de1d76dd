import Foundation
import SegueEngine
import SegueTestSupport
import Testing

@testable import SegueAPI

/// The App Store goldens' key numbers, from scene F (seed-transitions.md §15.7)
/// rather than from the engine. Wire numbers are rounded to 5e-7.
@Suite struct AppStoreGoldenTests {
    func golden(_ name: String) throws -> [String: Any] {
        let bytes = try #require(Fixtures.read(Fixtures.goldenPath(name)))
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    func cardFrame(_ json: [String: Any], frame index: Int) throws -> [Double] {
        let frames = try #require(json["frames"] as? [[String: Any]])
        let card = try #require((frames[index]["layers"] as? [String: Any])?["card"] as? [String: Any])
        let rect = try #require(card["presentationFrame"] as? [String: Double])
        return [rect["x"] ?? .nan, rect["y"] ?? .nan, rect["width"] ?? .nan, rect["height"] ?? .nan]
    }

    func expectClose(_ actual: [Double], _ expected: [Double], _ tolerance: Double = 1e-6) {
        #expect(zip(actual, expected).allSatisfy { abs($0 - $1) <= tolerance }, "\(actual) vs \(expected)")
    }

    /// Present starts at the fully pressed card (20, 67, 350, 420) scaled by 0.96, 1 pt higher.
    @Test func presentGoldenStartsAtThePressedCard() throws {
        let json = try golden("appstore.card.present")
        expectClose(try cardFrame(json, frame: 0), [20 + 7, 67 + 8.4 - 1, 350 * 0.96, 420 * 0.96])
        let last = (json["frames"] as? [Any])?.count ?? 0
        expectClose(try cardFrame(json, frame: last - 1), [0, -1, 390, 844])
    }

    /// The example drag (400 pt/s from y = 300) crosses y = 400 at sample 15 (0.25 s):
    /// that frame is the screen at 0.86 about its centre; the decision is reported at the lift.
    @Test func interactiveDismissGoldenDismissesAtTheCrossing() throws {
        let json = try golden("appstore.card.interactiveDismiss")
        expectClose(try cardFrame(json, frame: 15), [0.07 * 390, 0.07 * 844, 0.86 * 390, 0.86 * 844])
        let decision = try #require(json["decision"] as? [String: Any])
        #expect(decision["outcome"] as? String == "finish")
        #expect(decision["rule"] as? String == "progressThreshold")
        #expect((decision["explanation"] as? String)?.hasPrefix("source dragDown") == true)
        #expect(abs((decision["time"] as? Double ?? 0) - 19.0 / 60) < 1e-6)  // reported at the lift
    }

    /// Dismiss ends exactly on the card with its shadow, after 0.6 s.
    @Test func dismissGoldenEndsOnTheCell() throws {
        let json = try golden("appstore.card.dismiss")
        let frames = try #require(json["frames"] as? [[String: Any]])
        expectClose(try cardFrame(json, frame: frames.count - 1), [20, 67, 350, 420])
        #expect(abs((json["duration"] as? Double ?? 0) - 0.6) < 1e-9)
        let card = try #require((frames.last?["layers"] as? [String: Any])?["card"] as? [String: Any])
        let shadow = try #require(card["shadow"] as? [String: Any])
        #expect(shadow["opacity"] as? Double == 0.2 && shadow["radius"] as? Double == 12)
    }

    func card(_ json: [String: Any], frame index: Int) throws -> [String: Any] {
        let frames = try #require(json["frames"] as? [[String: Any]])
        return try #require((frames[index]["layers"] as? [String: Any])?["card"] as? [String: Any])
    }

    func rect(_ value: Any?) -> [Double]? {
        guard let rect = value as? [String: Double] else { return nil }
        return [rect["x"] ?? .nan, rect["y"] ?? .nan, rect["width"] ?? .nan, rect["height"] ?? .nan]
    }

    /// No App Store golden stretches the card (issue 25): every card transform is one scale on
    /// both axes, a == d, with no skew or translation, and the card's layout frame (its own `frame`,
    /// else the layer's) scaled by it about its centre is its presentationFrame. Wire numbers are
    /// each rounded to 5e-7, which an 844 pt side times a rounded scale turns into under 1e-3.
    @Test(arguments: [
        "appstore.card.highlight", "appstore.card.present", "appstore.card.interactiveDismiss",
        "appstore.card.dismiss",
    ])
    func theGoldensNeverStretchTheCard(name: String) throws {
        let json = try golden(name)
        let layers = try #require(json["layers"] as? [[String: Any]])
        let described = try #require(rect(layers.first { $0["id"] as? String == "card" }?["frame"]))
        let count = try #require(json["frames"] as? [Any]).count
        for index in 0..<count {
            let card = try card(json, frame: index)
            let t = try #require(card["transform"] as? [String: Double])
            #expect(
                t["a"] == t["d"] && t["b"] == 0 && t["c"] == 0 && t["tx"] == 0 && t["ty"] == 0, "frame \(index): \(t)")
            let f = rect(card["frame"]) ?? described
            let s = t["a"] ?? .nan
            expectClose(
                try cardFrame(json, frame: index),
                [f[0] + f[2] * (1 - s) / 2, f[1] + f[3] * (1 - s) / 2, f[2] * s, f[3] * s], 1e-3)
        }
    }

    /// The present lays the card out from the pressed cell to the screen with no transform: the
    /// layer is described at the pressed card, (20 + 7, 67 + 8.4 − 1, 336, 403.2), where the first
    /// frame has it, and the last frame lays it out over the screen, 1 pt up.
    @Test func presentGoldenLaysTheCardOut() throws {
        let json = try golden("appstore.card.present")
        let layers = try #require(json["layers"] as? [[String: Any]])
        expectClose(
            try #require(rect(layers.first { $0["id"] as? String == "card" }?["frame"])), [27, 74.4, 336, 403.2])
        #expect(try card(json, frame: 0)["frame"] == nil)
        let last = try #require(json["frames"] as? [Any]).count - 1
        expectClose(try #require(rect(try card(json, frame: last)["frame"])), [0, -1, 390, 844])
        #expect(
            try card(json, frame: last)["transform"] as? [String: Double] == [
                "a": 1, "b": 0, "c": 0, "d": 1, "tx": 0, "ty": 0,
            ])
    }

    /// The interactive dismiss's example: the detail is laid out over the screen (the layer's
    /// frame, so no `frame` is sent) and scaled; at frame 14 the finger has travelled 93.3 pt, so
    /// 1 − 0.14 · 0.9333; the sample at y = 400 (frame 15) dismisses, and from there the card is
    /// laid out at the shrunk screen, identity, going back to the cell.
    @Test func interactiveDismissGoldenScalesThenLaysOut() throws {
        let json = try golden("appstore.card.interactiveDismiss")
        let layers = try #require(json["layers"] as? [[String: Any]])
        expectClose(try #require(rect(layers.first { $0["id"] as? String == "card" }?["frame"])), [0, 0, 390, 844])
        let shrinking = try card(json, frame: 14)
        #expect(shrinking["frame"] == nil)
        let scale = try #require((shrinking["transform"] as? [String: Double])?["a"])
        #expect(abs(scale - (1 - 0.14 * (100.0 * 14 / 15) / 100)) < 1e-6)
        let crossing = try card(json, frame: 15)
        expectClose(try #require(rect(crossing["frame"])), [0.07 * 390, 0.07 * 844, 0.86 * 390, 0.86 * 844])
        #expect(crossing["transform"] as? [String: Double] == ["a": 1, "b": 0, "c": 0, "d": 1, "tx": 0, "ty": 0])
        let last = try #require(json["frames"] as? [Any]).count - 1
        expectClose(try #require(rect(try card(json, frame: last)["frame"])), [20, 67, 350, 420])
    }

    /// The scroll offset is a scene value on the wire (the samples keep their format):
    /// scrolled 50 pt down, the example drag enters the dismiss mode 50 pt late and reverses.
    @Test func theScrollOffsetTravelsAsASceneValue() throws {
        let service = SegueService(router: .segue(catalogue: .builtIn, readiness: Readiness()))
        let samples = (0...12).map { k in
            #"{"t":\#(Double(k) / 60),"x":195,"y":\#(300 + 10 * k),"phase":"\#(k == 0 ? "began" : "changed")"}"#
        }
        let body =
            #"{"preset":"appstore.card.interactiveDismiss","scene":{"scrollOffset":50},"gesture":{"samples":["#
            + samples.joined(separator: ",") + #",{"t":0.25,"x":195,"y":420,"phase":"ended"}]}}"#
        let response = service.respond(
            to: HTTPRequest(
                method: .post, path: "/v1/simulate", headers: ["Content-Type": "application/json"],
                body: Array(body.utf8)))
        #expect(response.status.code == 200, "\(String(decoding: response.body, as: UTF8.self))")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        let decision = try #require(json["decision"] as? [String: Any])
        // ty > 50 first at y = 360; released at y = 420: p = 0.6, so it reverses.
        #expect(decision["outcome"] as? String == "cancel")
        let inputs = try #require(decision["inputs"] as? [String: Any])
        #expect(abs((inputs["progress"] as? Double ?? 0) - 0.6) < 1e-6)
        #expect((decision["explanation"] as? String)?.contains("scroll offset at 50 pt") == true)
    }
}
