import Foundation
import SegueTestSupport
import Testing

/// The Miquido goldens carry seed-transitions.md §15.5's numbers, checked from the
/// formulas (the goldens themselves are compared byte for byte by SimulateGoldenTests).
@Suite struct MiquidoGoldenTests {
    func golden(_ name: String) throws -> [String: Any] {
        let bytes = try #require(Fixtures.read(Fixtures.goldenPath(name)))
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    func layer(_ frame: [String: Any], _ id: String) throws -> [String: Any] {
        try #require((frame["layers"] as? [String: Any])?[id] as? [String: Any])
    }

    /// Seed 001's spring x(t): ζ = 1, T = 0.5, V = 0.5, ω0 from UIKit's envelope rule
    /// (motion-math.md §2.3) by bisection on (1 + (ω − V)·T)·e^(−ωT) = 0.001.
    static func x(_ t: Double) -> Double {
        var (low, high) = (1.0, 100.0)
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if (1 + (middle - 0.5) * 0.5) * exp(-middle * 0.5) > 0.001 { low = middle } else { high = middle }
        }
        let w = (low + high) / 2
        return 1 + (-1 + (0.5 - w) * t) * exp(-w * t)
    }

    /// Frame 18 (t = 0.3 s) shows ty = −150: p = 150/844, the image phantom's centre and
    /// size at x(p·0.5 s) between the card's image and the detail's.
    @Test func diveDeeperGoldenCarriesTheWorkedDrag() throws {
        let json = try golden("miquido.diveDeeper")
        let frames = try #require(json["frames"] as? [[String: Any]])
        let p = 150.0 / 844
        let x = Self.x(p * 0.5)
        let frame = frames[18]
        #expect(abs((frame["progress"] as? Double ?? 0) - p) < 1e-6)
        #expect(abs((try layer(frame, "fade")["opacity"] as? Double ?? 0) - x) < 2e-6)
        let image = try #require(try layer(frame, "imagePhantom")["presentationFrame"] as? [String: Double])
        let width = 171 + (390 - 171) * x
        let height = 150 + (340 - 150) * x
        // Wire numbers are rounded to 5e-7; the spring's x carries ~1e-6 through sizes of a few hundred.
        #expect(abs((image["width"] ?? 0) - width) < 1e-3)
        #expect(abs((image["height"] ?? 0) - height) < 1e-3)
        #expect(abs((image["x"] ?? 0) + (image["width"] ?? 0) / 2 - (101.5 + (195 - 101.5) * x)) < 1e-3)
        #expect(abs((image["y"] ?? 0) + (image["height"] ?? 0) / 2 - (195 + (170 - 195) * x)) < 1e-3)
        let decision = try #require(json["decision"] as? [String: Any])
        #expect(decision["outcome"] as? String == "finish")
        #expect(decision["rule"] as? String == "progressThreshold")
        #expect(frames.count == Int(((19.0 / 60 + (1 - p) * 0.5) * 60).rounded(.up)) + 1)
    }

    /// The tap present ends on the detail alone; the dismiss on the grid with the card's elements.
    @Test func tapGoldensSettleOnTheirScreens() throws {
        let present = try #require(try golden("miquido.diveDeeper.present")["frames"] as? [[String: Any]])
        let dismiss = try #require(try golden("miquido.diveDeeper.dismiss")["frames"] as? [[String: Any]])
        #expect(present.count == 31 && dismiss.count == 31)  // 0, 1/60, …, 0.5 s
        let shown = try #require(present.last)
        #expect(try layer(shown, "detail")["opacity"] as? Double == 1)
        #expect(try layer(shown, "grid")["opacity"] as? Double == 0)
        let back = try #require(dismiss.last)
        #expect(try layer(back, "cardImage")["opacity"] as? Double == 1)
        #expect(try layer(back, "titlePhantom")["opacity"] as? Double == 0)
        #expect(abs((try layer(present[3], "fade")["opacity"] as? Double ?? 0) - Self.x(0.05)) < 2e-6)
    }
}
