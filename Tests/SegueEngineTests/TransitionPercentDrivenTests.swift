import SegueEngine
import SegueMath
import Testing

/// A percent-driven scrub, an idle pose, a settled pose and a velocity-tested direction, against
/// values worked out by hand from UIKit's `UIPercentDrivenInteractiveTransition`: `update(p)`
/// shows the animation at p·D, `finish()` plays the rest at `completionSpeed`.
@Suite struct TransitionPercentDrivenTests {
    /// A 100 pt card that a linear 1 s animation moves 200 pt right; the pan scrubs it over 200 pt.
    /// At rest (idle) the card is half transparent; finished, the final frame shows it doubled.
    static func document(completionSpeed: Double = 2) -> TransitionDocument {
        var pan = PanInteraction(
            direction: .right,
            scrub: Scrub(from: "start", to: "moved", axis: .x, distance: 200),
            release: [
                ReleaseGuard(
                    id: "movingRight", when: ReleaseCondition(tests: [ReleaseTest(.velocity, .gt, 0)]), to: "moved",
                    outcome: .finish),
                ReleaseGuard(id: "back", to: "start", outcome: .cancel),
            ],
            settle: Settle(curve: nil))
        pan.tracking = .scrub(
            {
                var scrub = Scrub(from: "start", to: "moved", axis: .x, distance: 200)
                scrub.percentDriven = PercentDriven(
                    curve: .cubic(NamedCurve.linear.bezier, duration: 1), completionSpeed: completionSpeed)
                return scrub
            }())
        pan.idle = "rest"
        pan.settled = ["moved": "done"]
        pan.directionTest = .velocity
        return TransitionDocument(
            window: Size(width: 400, height: 800),
            layers: [DocumentLayer(id: "card")],
            poses: [
                Pose(name: "start", layers: ["card": PoseChange(frame: Rect(x: 0, y: 0, width: 100, height: 100))]),
                Pose(name: "moved", layers: ["card": PoseChange(translation: Point(x: 200, y: 0))]),
                Pose(name: "rest", layers: ["card": PoseChange(opacity: 0.5)]),
                Pose(name: "done", layers: ["card": PoseChange(scale: 2, translation: Point(x: 200, y: 0))]),
            ],
            interaction: .pan(pan))
    }

    /// Touch-down at x = 10, then x = 30, 50, 110 at 0.1 s steps, lifted at 0.3 s.
    static func drag(_ xs: [Double]) throws -> GestureTrack {
        var samples = [GestureSample(time: 0, location: Point(x: 10, y: 50), phase: .began)]
        for (index, x) in xs.enumerated() {
            samples.append(
                GestureSample(
                    time: Double(index + 1) / 10, location: Point(x: x, y: 50),
                    phase: index == xs.count - 1 ? .ended : .changed))
        }
        return try GestureTrack(samples: samples)
    }

    static func run(_ document: TransitionDocument, _ gesture: GestureTrack) throws -> Simulation {
        let preset = try #require(DocumentPreset(document))
        return try preset.run(
            SimulationInput(scene: ParameterValues(), parameters: ParameterValues(), gesture: gesture, frameRate: 10))
    }

    static func tx(_ frame: SimulationFrame) -> Double { frame[layer: "card"]?.transform.tx ?? .nan }

    @Test func theScrubShowsTheAnimationAndFinishPlaysTheRestAtTheCompletionSpeed() throws {
        let simulation = try Self.run(Self.document(), Self.drag([30, 50, 110, 110]))
        let frames = simulation.frames
        // t = 0: before the pan is recognised, the idle pose (half transparent, not moved).
        #expect(frames[0][layer: "card"]?.opacity == 0.5)
        #expect(Self.tx(frames[0]) == 0)
        // t = 0.1, 0.2, 0.3: p = (x − 10)/200 = 0.1, 0.2, 0.5; animation time p·1 s; linear: 200·p.
        for (index, p) in [(1, 0.1), (2, 0.2), (3, 0.5)] {
            #expect(abs(Self.tx(frames[index]) - 200 * p) < 1e-6, "frame \(index)")
            #expect(abs(frames[index].progress - p) < 1e-12)
            #expect(frames[index][layer: "card"]?.opacity == 1)
        }
        let decision = try #require(simulation.decision)
        #expect(decision.outcome == .finish)
        #expect(decision.rule == "movingRight")
        #expect(abs(decision.time - 0.4) < 1e-12)
        // Released at 0.4 s from animation time 0.5 (the last changed sample's p): the remaining
        // 0.5 s plays at speed 2, so 0.25 s; at 0.5 s the animation is at 0.5 + 0.5·(0.1/0.25) = 0.7.
        #expect(frames[5].phase == .animating)
        #expect(abs(Self.tx(frames[5]) - 140) < 1e-6)
        #expect(abs(frames[5].progress - 0.7) < 1e-12)
        let last = try #require(frames.last)
        #expect(last.phase == .settled)
        #expect(last[layer: "card"]?.transform.a == 2, "the settled pose for 'moved'")
        #expect(last[layer: "card"]?.transform.tx == 200)
        #expect(last.progress == 1)
        #expect(simulation.events.last.map { abs($0.time - 0.65) < 1e-9 } == true, "0.4 s + 0.25 s")
    }

    /// Moving left at the release: cancel plays back from 0.3 to 0 at speed 2 (0.15 s), and the
    /// final frame shows `start` itself (no settled pose for it).
    @Test func aCancelPlaysBackToTheStart() throws {
        let simulation = try Self.run(Self.document(), Self.drag([30, 110, 100, 90, 80, 70, 60]))
        let decision = try #require(simulation.decision)
        #expect(decision.outcome == .cancel, "\(decision.explanation)")
        #expect(decision.rule == "back")
        // Released at 0.7 s from p = 0.3 (the last changed sample, x = 70): at 0.8 s, 0.1 s into the
        // 0.15 s play-back, the animation is at 0.3 − 0.3·(0.1/0.15) = 0.1, so 20 pt.
        #expect(abs(Self.tx(simulation.frames[8]) - 20) < 1e-6)
        let last = try #require(simulation.frames.last)
        #expect(last[layer: "card"]?.transform.tx == 0)
        #expect(last[layer: "card"]?.opacity == 1)
    }

    /// A first movement to the right whose velocity at recognition points left is refused by the
    /// velocity test: every frame shows the idle pose and the decision is a cancel under `gate`.
    @Test func theVelocityTestRefusesAPanThatBeginsMovingLeft() throws {
        var samples = [GestureSample(time: 0, location: Point(x: 100, y: 50), phase: .began)]
        samples.append(GestureSample(time: 0.1, location: Point(x: 99, y: 50), phase: .changed))
        samples.append(GestureSample(time: 0.2, location: Point(x: 150, y: 50), phase: .ended))
        let simulation = try Self.run(Self.document(), try GestureTrack(samples: samples))
        #expect(simulation.decision?.rule == "gate")
        #expect(simulation.frames.allSatisfy { $0[layer: "card"]?.opacity == 0.5 })
    }

    @Test func aFinishToAnotherPoseIsAProblem() {
        var document = Self.document()
        guard case .pan(var pan) = document.interaction else { return }
        pan.release[0].to = "done"
        document.interaction = .pan(pan)
        #expect(document.problems.map(\.pointer) == ["/interaction/release/0/to"])
    }
}
