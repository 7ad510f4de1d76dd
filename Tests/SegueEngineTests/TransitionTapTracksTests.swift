import Foundation
import SegueEngine
import SegueMath
import Testing

/// A tap with two tracks, frame by frame, against values computed here: the spring's closed form,
/// the linear track's t/d, and the ease-in-out Bézier solved by bisection, never the engine's curves.
@Suite struct TransitionTapTracksTests {
    /// A card whose origin rides the tap's spring (m 1, k 400, c 8, ended at 0.5 s) from (0, 100)
    /// to (50, 300), while its width, height and radius grow linearly over 0.3 s (100 × 100 →
    /// 300 × 200, radius 0 → 20), and every layer's opacity (the card fading in, the dim layer out)
    /// runs on an ease-in-out 0.2 s starting 0.4 s after the tap: the transition lasts 0.6 s.
    static func document() -> TransitionDocument {
        let spring = Spring(mass: 1, stiffness: 400, damping: 8)
        var tap = TapInteraction(
            from: "start", to: "end",
            curve: .spring(spring ?? .systemDefault, initialVelocity: 0, duration: 0.5))
        tap.tracks = [
            TapTrack(
                layers: ["card"], properties: [.frameWidth, .frameHeight, .cornerRadius],
                curve: .cubic(NamedCurve.linear.bezier, duration: 0.3)),
            TapTrack(properties: [.opacity], curve: .cubic(NamedCurve.easeInOut.bezier, duration: 0.2), delay: 0.4),
        ]
        return TransitionDocument(
            window: Size(width: 400, height: 800),
            layers: [DocumentLayer(id: "dim", kind: .solid), DocumentLayer(id: "card")],
            poses: [
                Pose(
                    name: "start",
                    layers: [
                        "dim": PoseChange(frame: Rect(x: 0, y: 0, width: 400, height: 800)),
                        "card": PoseChange(frame: Rect(x: 0, y: 100, width: 100, height: 100), opacity: 0),
                    ]),
                Pose(
                    name: "end",
                    layers: [
                        "dim": PoseChange(opacity: 0),
                        "card": PoseChange(
                            frame: Rect(x: 50, y: 300, width: 300, height: 200), opacity: 1, cornerRadius: 20),
                    ]),
            ],
            interaction: .tap(tap))
    }

    /// m = 1, k = 400, c = 8: ω0 = 20, ζ = 0.2, from rest:
    /// x(t) = 1 − e^(−ζω0·t)·(cos ωd·t + (ζω0/ωd)·sin ωd·t), ωd = ω0·√(1 − ζ²); 1 from 0.5 s on.
    static func spring(_ t: Double) -> Double {
        guard t < 0.5 else { return 1 }
        let damped = 20 * (1 - 0.04).squareRoot()
        return 1 - exp(-4 * t) * (cos(damped * t) + 4 / damped * sin(damped * t))
    }

    /// The ease-in-out (0.42, 0, 0.58, 1) at time fraction x, by bisection on x(s).
    static func easeInOut(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var low = 0.0
        var high = 1.0
        for _ in 0..<80 {
            let mid = (low + high) / 2
            if coordinate(mid, 0.42, 0.58) < x { low = mid } else { high = mid }
        }
        return coordinate((low + high) / 2, 0, 1)
    }

    @Test func eachTrackMovesItsPropertiesOnItsOwnCurve() throws {
        let preset = try #require(DocumentPreset(Self.document()))
        let simulation = try preset.run(
            SimulationInput(scene: ParameterValues(), parameters: ParameterValues(), gesture: nil, frameRate: 60))
        let animating = simulation.frames.filter { $0.phase == .animating }
        #expect(animating.count == 36, "0.6 s, the fade's end, at 60 Hz: frames at 0, 1/60, …, 35/60")
        for frame in animating {
            let t = frame.time
            let e = Self.spring(t)
            let linear = min(t / 0.3, 1)
            let fade = Self.easeInOut((t - 0.4) / 0.2)
            let card = try #require(frame[layer: "card"])
            let dim = try #require(frame[layer: "dim"])
            #expect(abs(frame.progress - e) < 1e-9, "progress is the tap's spring at \(t)")
            #expect(abs(card.frame.x - 50 * e) < 1e-9 && abs(card.frame.y - (100 + 200 * e)) < 1e-9, "\(t)")
            // The linear track is t/d exactly: a Bézier solver would leave up to 2e-7 pt here.
            #expect(abs(card.frame.width - (100 + 200 * linear)) < 1e-12, "\(t)")
            #expect(abs(card.frame.height - (100 + 100 * linear)) < 1e-12, "\(t)")
            #expect(abs(card.cornerRadius - 20 * linear) < 1e-12, "\(t)")
            #expect(abs(card.opacity - fade) < 1e-7 && abs(dim.opacity - (1 - fade)) < 1e-7, "\(t)")
        }
        // Before its delay the fade has not begun; the spring has ended at 0.5 s, the fade goes on.
        let early = try #require(animating.first { abs($0.time - 0.25) < 1e-9 })
        #expect(early[layer: "card"]?.opacity == 0 && early[layer: "dim"]?.opacity == 1)
        let late = try #require(animating.first { abs($0.time - 0.5) < 1e-9 })
        #expect(late.progress == 1 && late[layer: "card"]?.frame == Rect(x: 50, y: 300, width: 300, height: 200))
        #expect(abs((late[layer: "card"]?.opacity ?? .nan) - 0.5) < 1e-7, "halfway through the symmetric fade")
        let last = try #require(simulation.frames.last)
        #expect(last.phase == .settled && abs(last.time - 0.6) < 1e-12 && last.progress == 1)
        #expect(last[layer: "card"]?.opacity == 1 && last[layer: "dim"]?.opacity == 0)
        #expect(simulation.events.last.map { abs($0.time - 0.6) < 1e-12 } == true)
        guard case .tap(let tap) = Self.document().interaction else { return }
        #expect(tap.duration.map { abs($0 - 0.6) < 1e-12 } == true)
    }

    /// A track names layers the document has, and each property of a layer follows one curve.
    @Test func tracksThatNameNothingOrClashAreProblems() throws {
        var document = Self.document()
        guard case .tap(var tap) = document.interaction else { return }
        tap.tracks[0].layers = ["card", "ghost"]
        tap.tracks.append(TapTrack(layers: ["card"], properties: [.frame], curve: .cubic(.linear, duration: 1)))
        tap.tracks.append(TapTrack(properties: [.scale, .scale], curve: .cubic(.linear, duration: 1)))
        document.interaction = .tap(tap)
        #expect(DocumentPreset(document) == nil)
        let problems = document.problems
        #expect(
            problems.map(\.pointer) == [
                "/interaction/tracks/0/layers/1", "/interaction/tracks/2/properties/0",
                "/interaction/tracks/3/properties/1",
            ])
        #expect(problems[0].detail.contains("Unknown layer 'ghost'"))
        #expect(problems[1].detail.contains("track 0 animates its 'frame.width'"))
        #expect(problems[2].detail.contains("this track already names 'scale'"))
    }
}
