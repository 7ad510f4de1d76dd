import SegueEngine
import SegueMath
import Testing

/// The pan fields the YUI Paper pans needed (`minimum`/`maximum` holding the progress, `liftOffProgress`,
/// `directionRatio`, `Settle.alongScrub`, `Follow.relative`), against values worked out by hand.
@Suite struct TransitionPanBoundsTests {
    /// A 100 pt card that the scrub moves 200 pt right (and from scale `startScale` to 1) over 200 pt.
    static func document(
        startScale: Double = 1, release: [ReleaseGuard]? = nil, settle: Settle? = nil, overshoot: Overshoot = .extend,
        edit: (inout PanInteraction) -> Void = { _ in }
    ) -> TransitionDocument {
        var pan = PanInteraction(
            direction: .right, scrub: Scrub(from: "start", to: "moved", axis: .x, distance: 200, overshoot: overshoot),
            release: release ?? [ReleaseGuard(when: nil, to: "moved", outcome: .finish)],
            settle: settle ?? Settle(curve: .cubic(NamedCurve.linear.bezier, duration: 1)))
        edit(&pan)
        return TransitionDocument(
            window: Size(width: 400, height: 800), layers: [DocumentLayer(id: "card")],
            poses: [
                Pose(
                    name: "start",
                    layers: [
                        "card": PoseChange(
                            frame: Rect(x: 0, y: 0, width: 100, height: 100), scale: PoseScale(startScale))
                    ]),
                Pose(name: "moved", layers: ["card": PoseChange(scale: 1, translation: Point(x: 200, y: 0))]),
            ],
            interaction: .pan(pan))
    }

    /// Touch-down at (10, 50), then the points given at 0.1 s steps; the last one lifts.
    static func drag(_ points: [Point]) throws -> GestureTrack {
        var samples = [GestureSample(time: 0, location: Point(x: 10, y: 50), phase: .began)]
        for (index, point) in points.enumerated() {
            samples.append(
                GestureSample(
                    time: Double(index + 1) / 10, location: point, phase: index == points.count - 1 ? .ended : .changed)
            )
        }
        return try GestureTrack(samples: samples)
    }

    static func along(_ xs: [Double]) throws -> GestureTrack { try drag(xs.map { Point(x: $0, y: 50) }) }

    static func run(_ document: TransitionDocument, _ gesture: GestureTrack) throws -> Simulation {
        let preset = try #require(DocumentPreset(document))
        return try preset.run(
            SimulationInput(scene: ParameterValues(), parameters: ParameterValues(), gesture: gesture, frameRate: 10))
    }

    static func tx(_ frame: SimulationFrame) -> Double { frame[layer: "card"]?.transform.tx ?? .nan }

    /// p = clamp((x − 10)/200, 0, 1): x = 50, 330, 330 gives 0.2, then 1.6 held to 1 (tx 200, not 320).
    @Test func progressBoundsHoldTheFingersProgress() throws {
        let document = Self.document { pan in
            guard case .scrub(var scrub) = pan.tracking else { return }
            scrub.minimum = 0
            scrub.maximum = 1
            pan.tracking = .scrub(scrub)
        }
        let frames = try Self.run(document, Self.along([50, 330, 330])).frames
        #expect(abs(frames[1].progress - 0.2) < 1e-12 && abs(Self.tx(frames[1]) - 40) < 1e-9)
        #expect(frames[2].progress == 1 && abs(Self.tx(frames[2]) - 200) < 1e-9)
        // Unbounded, the same drag extends to p = 1.6, tx = 320.
        let free = try Self.run(Self.document(), Self.along([50, 330, 330])).frames
        #expect(abs(free[2].progress - 1.6) < 1e-12 && abs(Self.tx(free[2]) - 320) < 1e-9)
    }

    /// The screen stops at the last changed sample (x = 50, p = 0.2); the lift-off at x = 150
    /// gives p = 0.7, which `liftOffProgress > 0.5` reads and `progress > 0.5` does not.
    @Test func liftOffProgressReadsTheLiftOffSample() throws {
        func guards(_ quantity: ReleaseTest.Quantity) -> [ReleaseGuard] {
            [
                ReleaseGuard(
                    id: "half", when: ReleaseCondition(tests: [ReleaseTest(quantity, .gt, 0.5)]), to: "moved",
                    outcome: .finish),
                ReleaseGuard(id: "back", to: "start", outcome: .cancel),
            ]
        }
        let lifted = try #require(
            try Self.run(Self.document(release: guards(.liftOffProgress)), Self.along([50, 150])).decision)
        #expect(lifted.rule == "half" && lifted.outcome == .finish)
        #expect(abs(lifted.progress - 0.2) < 1e-12 && abs((lifted.ruleProgress ?? .nan) - 0.7) < 1e-12)
        let shown = try #require(
            try Self.run(Self.document(release: guards(.progress)), Self.along([50, 150])).decision)
        #expect(shown.rule == "back" && shown.outcome == .cancel && shown.ruleProgress == nil)
    }

    /// The first movement is (20, 15): right, as |20| > 1·|15|, but not with a ratio of 1.5 (20 ≤ 22.5).
    @Test func directionRatioWantsTheAxisByThatMuch() throws {
        let gesture = try Self.drag([Point(x: 30, y: 65), Point(x: 60, y: 65)])
        #expect(try Self.run(Self.document(), gesture).decision?.rule != "gate")
        let strict = Self.document { $0.directionRatio = 1.5 }
        #expect(try Self.run(strict, gesture).decision?.rule == "gate")
    }

    /// Released at p = 0.5 onto an underdamped spring that overshoots: along the scrub with
    /// `clamp`, tx = 200·min(progress, 1) on every settle frame; straight, tx = 200·progress.
    @Test func alongScrubShowsTheScrubAtTheSettlesProgress() throws {
        let curve = CurveSpec.uikitSpring(duration: 1, dampingRatio: 0.3, initialVelocity: 0)
        var settle = Settle(curve: curve)
        settle.alongScrub = true
        let gesture = try Self.along([60, 110, 110])
        let along = try Self.run(Self.document(settle: settle, overshoot: .clamp), gesture).frames
        let settling = along.filter { $0.phase == .animating }
        #expect(settling.contains { $0.progress > 1 })
        for frame in settling { #expect(abs(Self.tx(frame) - 200 * min(frame.progress, 1)) < 1e-9) }
        let straight = try Self.run(Self.document(settle: Settle(curve: curve), overshoot: .clamp), gesture).frames
        for frame in straight where frame.phase == .animating {
            #expect(abs(Self.tx(frame) - 200 * frame.progress) < 1e-9)
        }
    }

    /// From scale 0.5 the card follows the finger's y scaled: at x = 110 (p = 0.5, scale 0.75) and
    /// y + 20, `scaled` moves it 20·0.75 = 15, `relative` 20·0.75/0.5 = 30.
    @Test func relativeFollowScalesByTheScaleSinceTheStart() throws {
        func ty(relative: Bool) throws -> Double {
            let document = Self.document(startScale: 0.5) { pan in
                var follow = Follow(layer: "card", scaled: true, axes: .y)
                follow.relative = relative
                pan.follow = [follow]
            }
            let frames = try Self.run(document, Self.drag([Point(x: 110, y: 70), Point(x: 110, y: 70)])).frames
            return frames[1][layer: "card"]?.transform.ty ?? .nan
        }
        #expect(abs(try ty(relative: false) - 15) < 1e-9)
        #expect(abs(try ty(relative: true) - 30) < 1e-9)
    }
}
