import SegueMath
import Testing

@testable import SegueEngine

/// The modal card changes size by layout, not by a stretch (issue 25, item 5): the original sets
/// the card's height and bottom constraints (in scene I: the window 390 × 844, safe-area bottom
/// 34, inset 12, corner radius 40), so every frame lays the card out at its rect with an identity
/// transform, and the rect is the one the card showed before: the description's frame stretched
/// onto it by a per-axis scale about its centre.
@Suite struct YUIModalCardLayoutTests {
    /// The card's bottom edge from half upward, Sb − inset: 844 − 34 − 12.
    static let bottom = 798.0
    /// The half stage: Sb − 12 − 0.5 × 844 = 376 at the top, 422 tall, 390 − 2 × 12 wide.
    static let half = Rect(x: 12, y: 376, width: 366, height: 422)
    /// The full stage: 798 − 0.8 × 844 = 122.8 at the top, 675.2 tall.
    static let full = Rect(x: 12, y: 122.8, width: 366, height: 675.2)

    /// Scene I's first test: from half, (195, 600) up 200 pt in 0.3 s sampled at 60 Hz, lifted
    /// one sample later where the finger stopped.
    static let samples: [GestureSample] =
        (0...18).map { k in
            sample(Double(k) / 60, 195, 600 - 200 * Double(k) / 18, k == 0 ? .began : .changed)
        } + [sample(19.0 / 60, 195, 400, .ended)]

    func same(_ a: Rect, _ b: Rect, _ tolerance: Double) -> Bool {
        isClose(a.minX, b.minX, absolute: tolerance) && isClose(a.minY, b.minY, absolute: tolerance)
            && isClose(a.width, b.width, absolute: tolerance) && isClose(a.height, b.height, absolute: tolerance)
    }

    @Test func theCardIsLaidOutAtItsRectAndNeverStretched() throws {
        let simulation = try run(YUIModalCard(), samples: Self.samples)
        let description = try #require(simulation.layers.first { $0.id == "card" })
        #expect(same(description.frame, Self.half, 1e-12))
        var previousTop = Double.infinity
        for frame in simulation.frames {
            let card = try #require(frame[layer: "card"])
            #expect(card.transform == .identity, "t = \(frame.time)")
            #expect(same(card.frame, card.presentationFrame, 1e-9), "t = \(frame.time)")
            #expect(card.cornerRadius == 40)
            // Inset 12 pt from each side, its bottom held at Sb − 12 from half upward.
            #expect(isClose(card.frame.minX, 12, absolute: 1e-12) && isClose(card.frame.width, 366, absolute: 1e-12))
            #expect(isClose(card.frame.maxY, Self.bottom, absolute: 1e-9), "t = \(frame.time)")
            // What the card showed before: its description stretched onto the rect, per axis.
            let stretched = description.frame.presentationFrame(
                applying: AffineTransform(showing: description.frame, at: card.frame))
            #expect(same(stretched, card.presentationFrame, 1e-9), "t = \(frame.time)")
            if frame.phase == .interactive {
                // The rubber-band mapping's top follows the finger 1:1 inside the stages.
                let top = Self.half.minY - 200 * min(frame.time, 0.3) / 0.3
                #expect(isClose(card.frame.minY, top, absolute: 1e-9), "t = \(frame.time)")
            }
            // Growing toward full without overshoot (damping 1).
            #expect(card.frame.minY <= previousTop + 1e-9)
            previousTop = card.frame.minY
        }
        let settled = try #require(simulation.frames.last?[layer: "card"])
        #expect(same(settled.frame, Self.full, 1e-9))
    }
}
