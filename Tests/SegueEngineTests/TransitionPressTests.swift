import Foundation
import SegueEngine
import SegueMath
import Testing

/// A `press` document against UIKit's additive animations worked out by hand: a critically
/// damped spring (m = 1, k = 100, c = 20, so ω = 10 and x(t) = 1 − (1 + 10t)·e^(−10t)) presses a
/// card from opaque at x = 0 to transparent and 100 pt right; the lift-off adds the way back on
/// the same spring, so the card stands at x(t − down) − x(t − up) of the way.
@Suite struct TransitionPressTests {
    static func x(_ t: Double) -> Double { t <= 0 ? 0 : 1 - (1 + 10 * t) * exp(-10 * t) }

    static func document(pressedOpacity: Double = 0) throws -> TransitionDocument {
        let spring = try #require(Spring(mass: 1, stiffness: 100, damping: 20))
        return TransitionDocument(
            window: Size(width: 400, height: 800),
            layers: [DocumentLayer(id: "card")],
            poses: [
                Pose(name: "rest", layers: ["card": PoseChange(frame: Rect(x: 0, y: 0, width: 100, height: 100))]),
                Pose(
                    name: "pressed",
                    layers: ["card": PoseChange(translation: Point(x: 100, y: 0), opacity: pressedOpacity)]),
                Pose(name: "same", layers: [:]),
            ],
            interaction: .press(
                PressInteraction(
                    from: "rest", to: pressedOpacity == 1 ? "same" : "pressed",
                    curve: .spring(spring, initialVelocity: 0, duration: nil))))
    }

    /// Touch-down at 0.05 s, lifted at `up` (cancelled when `cancelled`), moving 30 pt meanwhile.
    static func run(_ document: TransitionDocument, up: Double, cancelled: Bool = false) throws -> Simulation {
        let samples = [
            GestureSample(time: 0.05, location: Point(x: 50, y: 50), phase: .began),
            GestureSample(time: (0.05 + up) / 2, location: Point(x: 65, y: 50), phase: .changed),
            GestureSample(time: up, location: Point(x: 80, y: 50), phase: cancelled ? .cancelled : .ended),
        ]
        let preset = try #require(DocumentPreset(document))
        return try preset.run(
            SimulationInput(
                scene: ParameterValues(), parameters: ParameterValues(), gesture: try GestureTrack(samples: samples),
                frameRate: 100))
    }

    @Test func theReturnIsAddedToThePressInFlight() throws {
        let simulation = try Self.run(try Self.document(), up: 0.15)
        #expect(simulation.frames.count > 20)
        // Up to 0.5 s into the press (x = 1 − 6/e⁵ ≈ 0.96), well before the spring counts as settled
        // and snaps to its end.
        for frame in simulation.frames where frame.time - 0.05 < 0.5 {
            let f = Self.x(frame.time - 0.05) - Self.x(frame.time - 0.15)
            #expect(abs(frame.progress - f) < 1e-9, "t = \(frame.time)")
            let card = try #require(frame[layer: "card"])
            #expect(abs(card.opacity - (1 - f)) < 1e-9, "t = \(frame.time)")
            #expect(abs(card.transform.tx - 100 * f) < 1e-9, "t = \(frame.time)")
            #expect(frame.phase == (frame.time < 0.15 ? .interactive : .animating), "t = \(frame.time)")
        }
        // Pressed for 0.1 s: x(0.1) = 1 − 2/e ≈ 0.264 of the way when the finger lifts.
        let decision = try #require(simulation.decision)
        #expect(abs(decision.progress - (1 - 2 / exp(1))) < 1e-9)
        #expect(decision.outcome == .cancel)
        #expect(decision.rule == "touchUp")
        #expect(decision.translation == Point(x: 30, y: 0))
        let last = try #require(simulation.frames.last)
        #expect(last.phase == .settled && last.progress == 0)
        #expect(last[layer: "card"]?.opacity == 1 && last[layer: "card"]?.transform.tx == 0)
    }

    /// The turn-around is smooth: no frame steps further than the press's own fastest frame.
    @Test func aLiftMidPressTurnsAroundWithoutAJump() throws {
        let frames = try Self.run(try Self.document(), up: 0.1).frames.filter { $0.phase != .settled }
        let steps = zip(frames, frames.dropFirst()).map { abs($1.progress - $0.progress) }
        // ẋ peaks at t = 0.1 at 100·0.1·e^(−1) ≈ 3.68/s: at most 0.0368 a 10 ms frame.
        #expect(steps.allSatisfy { $0 <= 0.0368 + 1e-9 })
    }

    @Test func aCancelledTouchIsUndoneTooAndNothingPressedReportsNoProgress() throws {
        let cancelled = try Self.run(try Self.document(), up: 0.15, cancelled: true)
        #expect(cancelled.decision?.rule == "gestureCancelled" && cancelled.decision?.outcome == .cancel)
        let still = try Self.run(try Self.document(pressedOpacity: 1), up: 0.15)
        #expect(still.frames.allSatisfy { $0.progress == 0 })
    }
}
