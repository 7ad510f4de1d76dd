import Foundation
import SegueTestSupport
import Testing

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
}
