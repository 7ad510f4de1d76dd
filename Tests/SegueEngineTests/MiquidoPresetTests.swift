import Foundation
import SegueMath
import Testing

@testable import SegueEngine

/// The Miquido Dive Deeper family against seed-transitions.md §7 and scene D (§15.5).
/// Expected values are computed here from the formulas (UIKit's spring mapping of
/// motion-math.md §2.3 solved again below, the critically damped closed form, the
/// lerps of §7.2), or quoted from the spec's tables with the spec's 4 decimals.
@Suite struct MiquidoPresetTests {
    static let window = Size(width: 390, height: 844)
    static let cardImage = Rect(x: 16, y: 120, width: 171, height: 150)
    static let cardTitle = Rect(x: 28, y: 282, width: 147, height: 22)
    static let detailImage = Rect(x: 0, y: 0, width: 390, height: 340)
    static let detailTitle = Rect(x: 20, y: 360, width: 350, height: 34)
    /// Layer order: grid, cardImage, cardTitle, fade, detail, imagePhantom, titlePhantom.
    static let fade = 3
    static let detail = 4
    static let imagePhantom = 5
    static let titlePhantom = 6

    /// ω0 of seed 001's spring by motion-math.md §2.3, solved independently of SegueMath:
    /// ζ = 1, so (1 + (ω − V)·T)·e^(−ωT) = ε with ε = 0.001; Newton from 5/T, 12 steps.
    static func omega(duration: Double = 0.5, velocity: Double = 0.5) -> Double {
        let (T, V) = (duration, velocity)
        var w = 5 / T
        for _ in 0..<12 {
            let f = (1 + (w - V) * T) * exp(-w * T) - 0.001
            let df = T * exp(-w * T) - T * (1 + (w - V) * T) * exp(-w * T)
            w -= f / df
        }
        return w
    }

    /// x(t) for ζ = 1: y = x − 1 with y(0) = −1 and y′(0) = V, so
    /// y = (−1 + (V − ω)·t)·e^(−ωt) (seed-transitions.md §1.3's critical closed form).
    static func x(_ t: Double, velocity: Double = 0.5) -> Double {
        let (V, w) = (velocity, omega(velocity: velocity))
        return 1 + (-1 + (V - w) * t) * exp(-w * t)
    }

    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    /// A phantom at morph x: centre lerp(initial mid, final mid, x), size lerp of the sizes
    /// (seed-transitions.md §7.2's per-frame formulas).
    func expectPhantom(
        _ state: LayerState, from: Rect, to: Rect, x: Double, tolerance: Double = 1e-9,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let frame = state.presentationFrame
        #expect(close(frame.midX, from.midX + (to.midX - from.midX) * x, tolerance), sourceLocation: sourceLocation)
        #expect(close(frame.midY, from.midY + (to.midY - from.midY) * x, tolerance), sourceLocation: sourceLocation)
        #expect(
            close(frame.width, from.width + (to.width - from.width) * x, tolerance), sourceLocation: sourceLocation)
        #expect(
            close(frame.height, from.height + (to.height - from.height) * x, tolerance), sourceLocation: sourceLocation)
    }

    /// A linear upward drag from (100, 200) on the card by `dy` over `seconds`, lifted a frame later.
    func drag(_ dy: Double, over seconds: Double = 0.3, from start: Point = Point(x: 100, y: 200)) -> [GestureSample] {
        ExampleGestures.linearDrag(from: start, by: Point(x: 0, y: dy), over: seconds)
    }

    @Test func seedConstantsAreTheDefaults() throws {
        let preset = MiquidoDiveDeeper.preset
        func value(_ name: String) -> ParameterValue? { preset.parameters.first { $0.name == name }?.defaultValue }
        #expect(value("duration") == .number(0.5))  // TransitionAnimator init(duration: TimeInterval = 0.5)
        #expect(value("dampingRatio") == .number(1))  // usingSpringWithDamping: 1
        #expect(value("initialVelocity") == .number(0.5))  // initialSpringVelocity: 0.5
        #expect(value("maximumProgress") == .number(0.9))  // fminf(abs(upwardMovement), 0.9)
        #expect(value("percentThreshold") == .number(0.1))  // let percentThreshold: CGFloat = 0.1
        #expect(value("fadeOpacity") == .number(1))  // fadeView.alpha = presenting.cgFloatValue
        #expect(value("completionSpeed") == .number(1))  // UIPercentDrivenInteractiveTransition default
        #expect(value("fadeColor") == .choice("white"))  // [inferred] §15.5
        #expect(value("detailReveal") == .choice("cut"))  // presentedView.isHidden until the completion
        #expect(value("legacyShouldFinish") == .bool(false))  // §14.15 fixed by default
        #expect(preset.decisionRules.map(\.id) == ["progressThreshold"])
        for tap in [MiquidoDiveDeeperPresent.preset, MiquidoDiveDeeperDismiss.preset] as [any Preset] {
            #expect(tap.parameters.first { $0.name == "duration" }?.defaultValue == .number(0.5))
            #expect(!tap.interactive && tap.decisionRules.isEmpty)
        }
        // Every default names where it comes from, and the summaries say what is inferred.
        for preset in MiquidoPresets.all {
            #expect(preset.parameters.allSatisfy { !$0.source.isEmpty })
            #expect(preset.description.summary.contains("[inferred]"))
        }
    }

    /// §15.0: the spring is k 338.9961, c 36.8237 and its progress table at t/T.
    @Test func theSpringIsUIKitsMappingOfSeed001() throws {
        let w = Self.omega()
        #expect(close(w * w, 338.9961, 5e-5))
        #expect(close(2 * w, 36.8237, 5e-5))
        let spring = try #require(Spring.uikit(duration: 0.5, dampingRatio: 1, initialVelocity: 0.5))
        #expect(close(spring.stiffness, w * w, 1e-6 * w * w))
        #expect(close(spring.damping, 2 * w, 1e-6 * 2 * w))
        guard case .tap(let tap) = MiquidoDiveDeeperPresent.preset.defaultDocument.interaction else {
            Issue.record("the present is a tap")
            return
        }
        let easing = try #require(tap.curve.timingCurve())
        for (fraction, table) in [(0.1, 0.2450), (0.25, 0.6757), (0.5, 0.9451), (0.75, 0.9923), (0.99, 0.9989)] {
            #expect(close(Self.x(0.5 * fraction), table, 5e-5))
            #expect(close(easing.fraction(at: 0.5 * fraction), Self.x(0.5 * fraction), 1e-6))
        }
        #expect(easing.fraction(at: 0.5) == 1)  // UIKit ends the animation at T
    }

    /// The tap present at 20 Hz (frames at t/T = 0.1, 0.2, …): fade α = x, phantoms at x.
    @Test func presentMorphsThePhantomsOnTheSpring() throws {
        let simulation = try run(MiquidoDiveDeeperPresent.preset, frameRate: 20)
        #expect(simulation.frames.count == 11)
        for index in [1, 5] {
            let frame = simulation.frames[index]
            let x = Self.x(frame.time)
            #expect(close(frame.progress, x, 1e-6))
            #expect(close(frame.layers[Self.fade].opacity, x, 1e-6))
            #expect(frame.layers[Self.detail].opacity == 0)  // hidden for the whole morph
            #expect(frame.layers[1].opacity == 0 && frame.layers[2].opacity == 0)  // initial views hidden
            expectPhantom(
                frame.layers[Self.imagePhantom], from: Self.cardImage, to: Self.detailImage, x: x, tolerance: 1e-3)
            expectPhantom(
                frame.layers[Self.titlePhantom], from: Self.cardTitle, to: Self.detailTitle, x: x, tolerance: 1e-3)
        }
        #expect(close(simulation.frames[1].layers[Self.fade].opacity, 0.2450, 5e-5))
        #expect(close(simulation.frames[5].layers[Self.fade].opacity, 0.9451, 5e-5))
        // presentTransform is the non-uniform scale finalFrame / initialFrame [inferred].
        let first = simulation.frames[0].layers[Self.imagePhantom]
        #expect(first.transform == .identity && first.presentationFrame == Self.cardImage)
        let last = try #require(simulation.frames.last)
        #expect(last.phase == .settled && close(last.time, 0.5))
        #expect(last.layers[Self.detail].opacity == 1)
        #expect(last.layers.enumerated().allSatisfy { $0.offset == Self.detail || $0.element.opacity == 0 })
        #expect(simulation.events.map(\.type) == [.began, .finished])
    }

    /// At x = 1 the phantoms lie exactly on the detail's elements, so the cut to the
    /// real detail does not jump: sx = 390/171, sy = 340/150.
    @Test func presentTransformLandsOnTheFinalFrames() {
        let model = MiquidoScene.sceneD.models[0]
        let transform = model.transform(at: 1)
        #expect(close(transform.a, 390.0 / 171) && close(transform.d, 340.0 / 150))
        let frame = Self.cardImage.presentationFrame(applying: transform)
        #expect(close(frame.minX, 0, 1e-9) && close(frame.minY, 0, 1e-9))
        #expect(close(frame.width, 390, 1e-9) && close(frame.height, 340, 1e-9))
    }

    /// The dismiss mirrors the present: morph 1 − x, fade 1 − x; it ends on the grid.
    @Test func dismissIsThePresentInReverse() throws {
        let simulation = try run(MiquidoDiveDeeperDismiss.preset, frameRate: 20)
        let frame = simulation.frames[5]
        let x = Self.x(0.25)
        #expect(close(frame.layers[Self.fade].opacity, 1 - x, 1e-6))
        expectPhantom(
            frame.layers[Self.imagePhantom], from: Self.cardImage, to: Self.detailImage, x: 1 - x, tolerance: 1e-3)
        let first = simulation.frames[0]
        #expect(first.layers[Self.fade].opacity == 1)
        expectPhantom(first.layers[Self.titlePhantom], from: Self.cardTitle, to: Self.detailTitle, x: 1)
        let last = try #require(simulation.frames.last)
        #expect(last.layers[0].opacity == 1 && last.layers[1].opacity == 1 && last.layers[2].opacity == 1)
        #expect(last.layers[3...].allSatisfy { $0.opacity == 0 })
    }

    /// §15.5's finishing stream: ty = −150 in 0.3 s gives p = 150/844 = 0.1777, shown at
    /// x(0.0889 s) = 0.4955 (0.4953 at the unrounded time); finish plays the remaining (1 − p)·0.5 s.
    @Test func diveDeeperMatchesTheWorkedDrag() throws {
        let simulation = try run(MiquidoDiveDeeper.preset, samples: MiquidoDiveDeeper.exampleDrag)
        let p = 150.0 / 844
        #expect(close(p, 0.1777, 5e-5))
        // The spec evaluates x at t rounded to 0.0889 s; at the exact p·D = 0.088863 s,
        // where x′ ≈ 5.6 /s, x is 0.0002 lower.
        #expect(close(Self.x(0.0889), 0.4955, 5e-5))
        #expect(close(Self.x(p * 0.5), 0.4953, 5e-5))
        let atRelease = simulation.frames[18]
        #expect(close(atRelease.time, 0.3, 1e-12) && atRelease.phase == .interactive)
        #expect(close(atRelease.progress, p, 1e-12))
        #expect(close(atRelease.layers[Self.fade].opacity, Self.x(p * 0.5), 1e-6))
        expectPhantom(
            atRelease.layers[Self.imagePhantom], from: Self.cardImage, to: Self.detailImage, x: Self.x(p * 0.5),
            tolerance: 1e-3)
        expectPhantom(
            atRelease.layers[Self.titlePhantom], from: Self.cardTitle, to: Self.detailTitle, x: Self.x(p * 0.5),
            tolerance: 1e-3)

        let decision = try #require(simulation.decision)
        #expect(decision.outcome == .finish && decision.rule == "progressThreshold")
        #expect(close(decision.time, 19.0 / 60) && close(decision.progress, p))
        #expect(close(decision.translation.y, -150, 1e-9))
        let completed = 19.0 / 60 + (1 - p) * 0.5
        let finished = try #require(simulation.events.last)
        #expect(finished.type == .finished && close(finished.time, completed, 1e-9))
        #expect(simulation.frames.count == Int((completed * 60 - 1e-9 * 60).rounded(.up)) + 1)
        // After the release animation time runs on from p·D at speed 1.
        let later = simulation.frames[25]
        #expect(later.phase == .animating)
        let animationTime = p * 0.5 + (25.0 / 60 - 19.0 / 60)
        #expect(close(later.progress, animationTime / 0.5, 1e-9))
        #expect(close(later.layers[Self.fade].opacity, Self.x(animationTime), 1e-6))
        let last = try #require(simulation.frames.last)
        #expect(last.phase == .settled && last.progress == 1 && last.layers[Self.detail].opacity == 1)
        #expect(simulation.events.map(\.type) == [.began, .released, .finished])
    }

    /// §15.5's cancelling stream: ty = −60 gives p = 60/844 ≤ 0.1; the scrub plays back
    /// in p·0.5 s and the grid returns with the card's elements shown.
    @Test func aShortDragPlaysBack() throws {
        let simulation = try run(MiquidoDiveDeeper.preset, samples: drag(-60))
        let p = 60.0 / 844
        let decision = try #require(simulation.decision)
        #expect(decision.outcome == .cancel && decision.rule == "progressThreshold")
        #expect(close(decision.progress, p))
        // The sentence is the document's: it reads the progress and names the cancel.
        #expect(decision.explanation.contains("progress 0.07") && decision.explanation.contains("cancel"))
        #expect(close(try #require(simulation.events.last).time, 19.0 / 60 + p * 0.5, 1e-9))
        let last = try #require(simulation.frames.last)
        #expect(last.progress == 0 && last.layers[0].opacity == 1 && last.layers[1].opacity == 1)
        #expect(last.layers[3...].allSatisfy { $0.opacity == 0 })
    }

    /// The seed caps progress at 0.9, so a drag over 90 % of the screen shows x(0.45 s);
    /// maximumProgress 1 lifts the cap.
    @Test func progressIsCappedAtNinetyPercent() throws {
        let capped = try run(MiquidoDiveDeeper.preset, samples: drag(-800))
        #expect(close(capped.frames[18].progress, 0.9))
        #expect(close(capped.frames[18].layers[Self.fade].opacity, Self.x(0.45), 1e-6))
        #expect(close(try #require(capped.events.last).time, 19.0 / 60 + 0.1 * 0.5, 1e-9))
        let uncapped = try run(
            MiquidoDiveDeeper.preset, parameters: ["maximumProgress": .number(1)], samples: drag(-800))
        #expect(close(uncapped.frames[18].progress, 800.0 / 844))
    }

    /// min(ty/H, 0): a downward drag is progress 0 and cancels at once.
    @Test func aDownwardDragNeverPresents() throws {
        let simulation = try run(MiquidoDiveDeeper.preset, samples: drag(200))
        #expect(simulation.decision?.outcome == .cancel)
        #expect(simulation.decision?.progress == 0)
        for frame in simulation.frames.dropLast() {
            #expect(frame.layers[Self.fade].opacity == 0)
            #expect(frame.layers[Self.imagePhantom].presentationFrame == Self.cardImage)
        }
        #expect(close(try #require(simulation.events.last).time, 19.0 / 60))
    }

    /// The pan presents the item under the touch; off the card there is none.
    @Test func aPanOffTheCardPresentsNothing() throws {
        let samples = drag(-300, from: Point(x: 300, y: 600))
        let simulation = try run(MiquidoDiveDeeper.preset, samples: samples)
        #expect(simulation.decision?.rule == "gate")
        #expect(simulation.decision?.outcome == .cancel)
        #expect(simulation.frames.allSatisfy { $0.layers[Self.imagePhantom].opacity == 0 && $0.progress == 0 })
        let anywhere = try run(
            MiquidoDiveDeeper.preset, parameters: ["requireStartOnCard": .bool(false)], samples: samples)
        #expect(anywhere.decision?.outcome == .finish)
    }

    @Test func aCancelledPanCancels() throws {
        var samples = MiquidoDiveDeeper.exampleDrag
        let last = samples.removeLast()
        samples.append(GestureSample(time: last.time, location: last.location, phase: .cancelled))
        let simulation = try run(MiquidoDiveDeeper.preset, samples: samples)
        #expect(simulation.decision?.rule == "gestureCancelled" && simulation.decision?.outcome == .cancel)
        #expect(close(try #require(simulation.events.last).time, 19.0 / 60 + 150.0 / 844 * 0.5, 1e-9))
    }

    @Test func completionSpeedShortensThePlayBack() throws {
        let simulation = try run(
            MiquidoDiveDeeper.preset, parameters: ["completionSpeed": .number(2)],
            samples: MiquidoDiveDeeper.exampleDrag)
        #expect(close(try #require(simulation.events.last).time, 19.0 / 60 + (1 - 150.0 / 844) * 0.5 / 2, 1e-9))
    }

    @Test func framesLieOnTheGridFromTheBeganSample() throws {
        let samples = MiquidoDiveDeeper.exampleDrag.map {
            GestureSample(time: $0.time + 50, location: $0.location, phase: $0.phase)
        }
        let simulation = try run(MiquidoDiveDeeper.preset, samples: samples, frameRate: 30)
        for (index, frame) in simulation.frames.enumerated() {
            #expect(close(frame.time, 50 + Double(index) / 30, 1e-9))
        }
        #expect(simulation.frames[0].layers[Self.imagePhantom].opacity == 0)  // before the pan begins
    }

    @Test func aGestureIsRequiredAndMustEnd() throws {
        #expect(throws: SimulationError.self) { try run(MiquidoDiveDeeper.preset) }
        let open = Array(MiquidoDiveDeeper.exampleDrag.dropLast())
        #expect(throws: SimulationError.self) { try run(MiquidoDiveDeeper.preset, samples: open) }
    }

    /// detailReveal = fade shows the real detail at opacity x under the phantoms instead of
    /// cutting it in at the end.
    @Test func theDetailCanFadeInInsteadOfCuttingIn() throws {
        let simulation = try run(MiquidoDiveDeeperPresent.preset, parameters: ["detailReveal": .choice("fade")])
        let frame = simulation.frames[3]
        #expect(close(frame.layers[Self.detail].opacity, Self.x(0.05), 1e-6))
        #expect(simulation.frames.last?.layers[Self.detail].opacity == 1)
        let dismiss = try run(MiquidoDiveDeeperDismiss.preset, parameters: ["detailReveal": .choice("fade")])
        #expect(close(dismiss.frames[3].layers[Self.detail].opacity, 1 - Self.x(0.05), 1e-6))
        #expect(dismiss.frames.last?.layers[Self.detail].opacity == 0)
    }

    /// The seed decides from the last changed sample (shouldFinish is set only there); by
    /// default the release sample decides. Last change at ty = −80 (p 0.095), lift at −100 (p 0.118).
    @Test func legacyShouldFinishReadsTheLastChange() throws {
        var samples = drag(-80)
        let lift = samples.removeLast()
        samples.append(
            GestureSample(time: lift.time, location: Point(x: 100, y: 100), phase: .ended))
        let fixed = try run(MiquidoDiveDeeper.preset, samples: samples)
        #expect(fixed.decision?.outcome == .finish)
        #expect(close(fixed.decision?.progress ?? 0, 100.0 / 844))
        let legacy = try run(
            MiquidoDiveDeeper.preset, parameters: ["legacyShouldFinish": .bool(true)], samples: samples)
        #expect(legacy.decision?.outcome == .cancel)
        #expect(close(legacy.decision?.progress ?? 0, 80.0 / 844))
        #expect(close(try #require(legacy.events.last).time, lift.time + 80.0 / 844 * 0.5, 1e-9))
    }

    @Test func theFadeColourIsNamedInTheFadeLayer() throws {
        let simulation = try run(MiquidoDiveDeeperPresent.preset, parameters: ["fadeColor": .choice("black")])
        #expect(
            simulation.layers.map(\.id) == [
                "grid", "cardImage", "cardTitle", "fade", "detail", "imagePhantom", "titlePhantom",
            ])
        #expect(simulation.layers[Self.fade].role.contains("black"))
    }
}
