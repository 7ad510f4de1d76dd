import SegueEngine
import SegueMath
import Testing

/// The pan fields the percent-driven presets' quirks need (`scrub.maximum`, `startsIn.rect`,
/// `percentDriven.reportedDuration`, `updatesOnRelease`, `cancelsAtProgressSpeed`, the guard
/// quantity `liftOffProgress`, guards sharing an id), against values worked out by hand from
/// `UIPercentDrivenInteractiveTransition`: `update(p)` shows the animation at p·D (D the reported
/// duration), `finish()`/`cancel()` play the rest at `completionSpeed`.
@Suite struct TransitionPanQuirksTests {
    /// A 100 pt card that a linear 1 s animation moves 200 pt right, scrubbed over 200 pt; a guard
    /// finishes when `finishes` holds, the other cancels (both named "rule").
    static func document(
        finishes: ReleaseCondition = ReleaseCondition(tests: [ReleaseTest(.progress, .gt, 0.3)]),
        startsIn: StartRegion? = nil, edit: (inout Scrub, inout PercentDriven) -> Void = { _, _ in }
    ) -> TransitionDocument {
        var scrub = Scrub(from: "start", to: "moved", axis: .x, distance: 200)
        var scrubbing = PercentDriven(curve: .cubic(NamedCurve.linear.bezier, duration: 1))
        edit(&scrub, &scrubbing)
        scrub.percentDriven = scrubbing
        let pan = PanInteraction(
            startsIn: startsIn, direction: .right, scrub: scrub,
            release: [
                ReleaseGuard(id: "rule", when: finishes, to: "moved", outcome: .finish),
                ReleaseGuard(id: "rule", to: "start", outcome: .cancel),
            ],
            settle: Settle(curve: nil))
        return TransitionDocument(
            window: Size(width: 400, height: 800),
            layers: [DocumentLayer(id: "card")],
            poses: [
                Pose(name: "start", layers: ["card": PoseChange(frame: Rect(x: 0, y: 0, width: 100, height: 100))]),
                Pose(name: "moved", layers: ["card": PoseChange(translation: Point(x: 200, y: 0))]),
            ],
            interaction: .pan(pan))
    }

    /// Touch-down at (10, 50), then the given x at 0.1 s steps, the last lifted.
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

    /// `maximum` 0.3: x = 30 gives p = 0.1 (tx 20); x = 110 gives 0.5, held at 0.3 (tx 60).
    @Test func maximumCapsTheProgress() throws {
        let document = Self.document { scrub, _ in scrub.maximum = 0.3 }
        let simulation = try Self.run(document, Self.drag([30, 110, 110]))
        #expect(abs(Self.tx(simulation.frames[1]) - 20) < 1e-6)
        #expect(abs(Self.tx(simulation.frames[2]) - 60) < 1e-6)
        #expect(abs(simulation.frames[2].progress - 0.3) < 1e-12)
    }

    /// Last change at x = 50 (p 0.2), lift-off at x = 90 (p 0.4); the guard wants p > 0.3. Held at
    /// the last change it cancels from animation time 0.2 (over 0.2 s, to 0.5 s); updating on the
    /// release it finishes from 0.4 (the rest, 0.6 s, to 0.9 s).
    @Test func updatesOnReleaseReadsAndPlaysFromTheLiftOff() throws {
        let held = try Self.run(Self.document(), Self.drag([30, 50, 90]))
        #expect(held.decision?.outcome == .cancel && held.decision?.rule == "rule")
        #expect(abs((held.events.last?.time ?? 0) - 0.5) < 1e-12)
        let updated = try Self.run(Self.document { _, pd in pd.updatesOnRelease = true }, Self.drag([30, 50, 90]))
        #expect(updated.decision?.outcome == .finish && updated.decision?.rule == "rule")
        #expect(abs((updated.events.last?.time ?? 0) - 0.9) < 1e-12)
    }

    /// `reportedDuration` 0.5 against a 1 s animation: p = 0.2 shows animation time 0.1 (tx 20,
    /// progress 0.1 of the animation); finished from there, the rest (0.9 s) ends at 1.2 s.
    @Test func reportedDurationScalesTheScrub() throws {
        let document = Self.document(finishes: ReleaseCondition(tests: [ReleaseTest(.velocity, .gt, 0)])) { _, pd in
            pd.reportedDuration = 0.5
        }
        let simulation = try Self.run(document, Self.drag([30, 50, 90]))
        #expect(abs(Self.tx(simulation.frames[2]) - 20) < 1e-6)
        #expect(abs(simulation.frames[2].progress - 0.1) < 1e-12)
        #expect(simulation.decision?.outcome == .finish)
        #expect(abs((simulation.events.last?.time ?? 0) - 1.2) < 1e-12)
    }

    /// Cancelled from animation time 0.2 (the last change) at completionSpeed = the lift-off's
    /// p = 0.4: 0.2 s of animation over 0.5 s, ending at 0.8 s.
    @Test func cancelsAtTheLiftOffProgressSpeed() throws {
        let never = ReleaseCondition(tests: [ReleaseTest(.velocity, .gt, 1e6)])
        let simulation = try Self.run(
            Self.document(finishes: never) { _, pd in pd.cancelsAtProgressSpeed = true }, Self.drag([30, 50, 90]))
        #expect(simulation.decision?.outcome == .cancel)
        #expect(abs((simulation.events.last?.time ?? 0) - 0.8) < 1e-12)
    }

    /// A guard on `liftOffProgress` (0.4 > 0.3) finishes, though the screen shows 0.2; the decision
    /// reports 0.4 as `ruleProgress`. A guard on `progress` reads 0.2 and reports none.
    @Test func liftOffProgressIsReadAndReported() throws {
        let liftOff = ReleaseCondition(tests: [ReleaseTest(.liftOffProgress, .gt, 0.3)])
        let simulation = try Self.run(Self.document(finishes: liftOff), Self.drag([30, 50, 90]))
        let decision = try #require(simulation.decision)
        #expect(decision.outcome == .finish)
        #expect(abs((decision.ruleProgress ?? 0) - 0.4) < 1e-12)
        #expect(abs(decision.progress - 0.2) < 1e-12)
        let plain = try Self.run(Self.document(), Self.drag([30, 50, 90]))
        #expect(plain.decision?.ruleProgress == nil)
    }

    /// `startsIn.rect` (0, 0, 20, 100), edges included: a touch-down at (10, 50) starts the pan; the
    /// same drag 20 pt lower, at (10, 120), is outside and starts nothing (rule `gate`).
    @Test func aRectGatesTheTouchDown() throws {
        let document = Self.document(startsIn: .rect(Rect(x: 0, y: 0, width: 20, height: 100)))
        let inside = try Self.run(document, Self.drag([30, 50, 90]))
        #expect(inside.decision?.rule == "rule")
        let lowered = try GestureTrack(
            samples: Self.drag([30, 50, 90]).samples.map {
                GestureSample(time: $0.time, location: Point(x: $0.location.x, y: 120), phase: $0.phase)
            })
        let outside = try Self.run(document, lowered)
        #expect(outside.decision?.rule == "gate" && outside.decision?.outcome == .cancel)
    }

    /// The two guards named "rule" are one rule in the catalogue.
    @Test func guardsSharingAnIDAreOneRule() throws {
        let preset = try #require(DocumentPreset(Self.document()))
        #expect(preset.decisionRules.map(\.id) == ["rule"])
    }
}
