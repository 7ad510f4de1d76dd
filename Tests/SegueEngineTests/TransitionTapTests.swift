import Foundation
import SegueEngine
import SegueMath
import Testing

/// A tap document, frame by frame, against values computed here: a spring's closed form and a
/// cubic Bézier solved by bisection, never the engine's own curves.
@Suite struct TransitionTapTests {
    static let window = Size(width: 390, height: 844)

    /// A card that grows from a 100 pt square at (50, 50) to the window's width, scaled and faded in.
    static func document(curve: CurveSpec) -> TransitionDocument {
        TransitionDocument(
            window: window,
            layers: [DocumentLayer(id: "card", kind: .solid, fill: Color(hex: 0x336699))],
            poses: [
                Pose(
                    name: "closed",
                    layers: ["card": PoseChange(frame: Rect(x: 50, y: 50, width: 100, height: 100), opacity: 0)]),
                Pose(
                    name: "open",
                    layers: [
                        "card": PoseChange(
                            frame: Rect(x: 0, y: 50, width: 390, height: 100), scale: 0.5, opacity: 1, cornerRadius: 20)
                    ]),
            ],
            interaction: .tap(TapInteraction(from: "closed", to: "open", curve: curve)))
    }

    static func run(_ document: TransitionDocument, frameRate: Double = 60) throws -> Simulation {
        let preset = try #require(DocumentPreset(document))
        return try preset.run(
            SimulationInput(scene: ParameterValues(), parameters: ParameterValues(), gesture: nil, frameRate: frameRate)
        )
    }

    /// m = 1, k = 400, c = 8: ω0 = 20, ζ = 0.2, an underdamped spring from rest:
    /// x(t) = 1 − e^(−ζω0·t)·(cos ωd·t + (ζω0/ωd)·sin ωd·t), ωd = ω0·√(1 − ζ²).
    @Test func aSpringTapFollowsTheClosedForm() throws {
        let spring = try #require(Spring(mass: 1, stiffness: 400, damping: 8))
        let simulation = try Self.run(Self.document(curve: .spring(spring, initialVelocity: 0, duration: nil)))
        let omega = 20.0
        let zeta = 0.2
        let damped = omega * (1 - zeta * zeta).squareRoot()
        func x(_ t: Double) -> Double {
            1 - exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
        }
        let animating = simulation.frames.filter { $0.phase == .animating }
        #expect(animating.count > 30, "the spring rings for more than half a second")
        var overshot = false
        for frame in animating {
            let e = x(frame.time)
            let card = try #require(frame[layer: "card"])
            #expect(isClose(frame.progress, e, absolute: 1e-9), "progress at \(frame.time)")
            // Every number linearly: x 50 → 0, width 100 → 390, radius 0 → 20, scale 1 → 0.5.
            #expect(isClose(card.frame.x, 50 * (1 - e), absolute: 1e-9))
            #expect(isClose(card.frame.width, 100 + 290 * e, absolute: 1e-9))
            #expect(isClose(card.cornerRadius, max(0, 20 * e), absolute: 1e-9))
            #expect(isClose(card.opacity, min(max(e, 0), 1), absolute: 1e-9), "opacity clamps as Core Animation's")
            let scale = 1 - 0.5 * e
            #expect(isClose(card.presentationFrame.width, card.frame.width * abs(scale), absolute: 1e-9))
            #expect(isClose(card.presentationFrame.midX, card.frame.midX, absolute: 1e-9), "scaled about the centre")
            overshot = overshot || e > 1
        }
        #expect(overshot, "ζ = 0.2 overshoots, and the frames show it")
        let last = try #require(simulation.frames.last)
        #expect(last.phase == .settled && last.progress == 1)
        #expect(last[layer: "card"]?.frame == Rect(x: 0, y: 50, width: 390, height: 100))
        #expect(simulation.decision == nil)
    }

    /// The ease-in-out Bézier (0.42, 0, 0.58, 1) over 0.5 s, solved here by bisection on x(s).
    @Test func aCubicTapFollowsTheBezier() throws {
        let bezier = try #require(CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
        let simulation = try Self.run(Self.document(curve: .cubic(bezier, duration: 0.5)), frameRate: 30)
        func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        func y(at x: Double) -> Double {
            var low = 0.0
            var high = 1.0
            for _ in 0..<80 {
                let mid = (low + high) / 2
                if coordinate(mid, 0.42, 0.58) < x { low = mid } else { high = mid }
            }
            return coordinate((low + high) / 2, 0, 1)
        }
        let animating = simulation.frames.filter { $0.phase == .animating }
        #expect(animating.count == 15, "0.5 s at 30 Hz: frames at 0, 1/30, …, 14/30")
        for frame in animating {
            let e = y(at: frame.time / 0.5)
            #expect(isClose(frame.progress, e, absolute: 1e-7), "progress at \(frame.time)")
            #expect(isClose(frame[layer: "card"]?.frame.width ?? .nan, 100 + 290 * e, absolute: 1e-5))
        }
        #expect(simulation.frames.last?.phase == .settled)
        #expect(isClose(simulation.frames.last?.time ?? 0, 0.5, absolute: 1e-12))
    }

    /// A document with a mistake does not compile: the engine's `problems` name it.
    @Test func aDocumentWithProblemsDoesNotCompile() {
        var document = Self.document(curve: .cubic(.linear, duration: 0.3))
        document.interaction = .tap(TapInteraction(from: "closed", to: "opened", curve: .cubic(.linear, duration: 0.3)))
        #expect(DocumentPreset(document) == nil)
        #expect(document.problems.map(\.pointer) == ["/interaction/to"])
        document.poses[0].layers["card"]?.frame = nil
        #expect(document.problems.map(\.pointer) == ["/poses/0/layers/card/frame", "/interaction/to"])
    }
}
