import SegueMath
import Testing

@testable import SegueEngine

/// The pan fields Instagram's drag-to-dismiss needed (`scrub.absolute`, `scrub.minimum` and
/// `maximum`, `velocityAcross` and `translationAcross`, a condition's `lookahead`,
/// `alsoStartsWhen`, `settle.along`), against values worked out by hand.
@Suite struct TransitionPanClampTests {
    /// A 100 pt card scrubbed over 200 pt along x from full size to half size.
    static func document(
        direction: PanDirection = .any, release: [ReleaseGuard] = [], edit: (inout PanInteraction) -> Void = { _ in }
    ) -> TransitionDocument {
        var pan = PanInteraction(
            direction: direction,
            scrub: Scrub(from: "start", to: "small", axis: .x, distance: 200, overshoot: .extend),
            release: release, settle: Settle(curve: .cubic(NamedCurve.linear.bezier, duration: 0.2)))
        pan.directionTest = .velocity
        edit(&pan)
        return TransitionDocument(
            window: Size(width: 400, height: 800), layers: [DocumentLayer(id: "card")],
            poses: [
                Pose(name: "start", layers: ["card": PoseChange(frame: Rect(x: 0, y: 0, width: 100, height: 100))]),
                Pose(name: "small", layers: ["card": PoseChange(scale: 0.5)]),
            ],
            interaction: .pan(pan))
    }

    /// Touch-down at (200, 50), then each point 0.1 s apart, the last one lifted.
    static func run(_ document: TransitionDocument, _ points: [Point]) throws -> Simulation {
        var samples = [GestureSample(time: 0, location: Point(x: 200, y: 50), phase: .began)]
        for (index, point) in points.enumerated() {
            samples.append(
                GestureSample(
                    time: Double(index + 1) / 10, location: point, phase: index == points.count - 1 ? .ended : .changed
                ))
        }
        let preset = try #require(DocumentPreset(document))
        return try preset.run(
            SimulationInput(
                scene: ParameterValues(), parameters: ParameterValues(), gesture: try GestureTrack(samples: samples),
                frameRate: 10))
    }

    /// |tx| / 200: left 40 pt is p = 0.2, scale 1 − 0.5·0.2 = 0.9; left 100 pt is 0.5, scale 0.75;
    /// right 220 pt is p = 1.1, reported as is, but the layers hold at `maximum` 0.5 (0.75).
    @Test func absoluteProgressHeldAtTheMaximum() throws {
        let document = Self.document { pan in
            guard case .scrub(var scrub) = pan.tracking else { return }
            scrub.absolute = true
            scrub.minimum = 0
            scrub.maximum = 0.5
            scrub.holds = .layers
            pan.tracking = .scrub(scrub)
        }
        let frames = try Self.run(
            document, [Point(x: 160, y: 50), Point(x: 100, y: 50), Point(x: 420, y: 50), Point(x: 420, y: 50)]
        ).frames
        for (index, p, scale) in [(1, 0.2, 0.9), (2, 0.5, 0.75), (3, 1.1, 0.75)] {
            #expect(abs(frames[index].progress - p) < 1e-12, "frame \(index)")
            #expect(abs((frames[index][layer: "card"]?.transform.a ?? 0) - scale) < 1e-12, "frame \(index)")
        }
    }

    /// The same bounds holding the progress (the default): right 220 pt reports p = 0.5 itself,
    /// and |−220| is held as it is measured, so the layers also stop at 0.75.
    @Test func absoluteProgressHeldItselfByDefault() throws {
        let document = Self.document { pan in
            guard case .scrub(var scrub) = pan.tracking else { return }
            scrub.absolute = true
            scrub.minimum = 0
            scrub.maximum = 0.5
            pan.tracking = .scrub(scrub)
        }
        let frames = try Self.run(
            document, [Point(x: 160, y: 50), Point(x: 100, y: 50), Point(x: -20, y: 50), Point(x: -20, y: 50)]
        ).frames
        for (index, p, scale) in [(1, 0.2, 0.9), (2, 0.5, 0.75), (3, 0.5, 0.75)] {
            #expect(frames[index].progress == p, "frame \(index)")
            #expect(abs((frames[index][layer: "card"]?.transform.a ?? 0) - scale) < 1e-12, "frame \(index)")
        }
    }

    /// Moved (30, 50) at the release, still moving right and down: `translationAcross` 50 > 40 and
    /// `velocityAcross` > 0 hold; 60 does not. `translation` 30 is not above 500, but with a 10 s
    /// `lookahead` the rightward velocity (about 100 pt/s) carries it far past.
    @Test func acrossTestsAndLookahead() throws {
        let drag = [Point(x: 210, y: 60), Point(x: 220, y: 90), Point(x: 230, y: 100)]
        func rule(_ condition: ReleaseCondition) throws -> String? {
            let guards = [
                ReleaseGuard(id: "held", when: condition, to: "small", outcome: .finish),
                ReleaseGuard(id: "otherwise", to: "start", outcome: .cancel),
            ]
            return try Self.run(Self.document(release: guards), drag).decision?.rule
        }
        let down = ReleaseCondition(tests: [
            ReleaseTest(.translationAcross, .gt, 40), ReleaseTest(.velocityAcross, .gt, 0),
        ])
        #expect(try rule(down) == "held")
        #expect(try rule(ReleaseCondition(tests: [ReleaseTest(.translationAcross, .gt, 60)])) == "otherwise")
        var far = ReleaseCondition(tests: [ReleaseTest(.translation, .gt, 500)])
        #expect(try rule(far) == "otherwise")
        far.lookahead = 10
        #expect(try rule(far) == "held")
    }

    /// A leftward-only pan refuses a drag right and down, unless `alsoStartsWhen` takes a
    /// downward velocity.
    @Test func alsoStartsWhenStartsWhatTheDirectionRefuses() throws {
        let drag = [Point(x: 210, y: 60), Point(x: 220, y: 70), Point(x: 230, y: 80)]
        let back = [ReleaseGuard(id: "back", to: "start", outcome: .cancel)]
        #expect(try Self.run(Self.document(direction: .left, release: back), drag).decision?.rule == "gate")
        let document = Self.document(direction: .left, release: back) { pan in
            pan.alsoStartsWhen = ReleaseCondition(tests: [ReleaseTest(.velocityAcross, .gt, 0)])
        }
        #expect(try Self.run(document, drag).decision?.rule == "back")
    }

    /// Velocity (300, 400) pt/s, a layer at scale 0.5 moved by (10, 20), going to translation
    /// (70, 100): path (60, 80), 100 pt long; along it (300·60 + 400·80)·0.5 / 100 = 250 pt/s, so
    /// 2.5 of the path a second. A path of no length hands nothing.
    @Test func alongHandsTheLayersOwnVelocity() {
        var pose = LayerPose(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        pose.scale = PoseScale(0.5)
        var end = pose
        end.translation = Point(x: 70, y: 100)
        let velocity = Point(x: 300, y: 400)
        #expect(abs(PanCompiler.handoff(velocity, from: pose, offset: Point(x: 10, y: 20), to: end) - 2.5) < 1e-12)
        end.translation = Point(x: 10, y: 20)
        #expect(PanCompiler.handoff(velocity, from: pose, offset: Point(x: 10, y: 20), to: end) == 0)
    }
}
