import SegueMath
import Testing

@testable import SegueEngine

/// The App Store card family against seed 003's constants and the worked numbers of
/// seed-transitions.md §9 and scene F (§15.7), computed here from the formulas, not
/// read back from the engine.
@Suite struct AppStorePresetTests {
    /// Scene F's presented card at `t`: its top on the spring from the pressed card's (1 pt higher
    /// than the cell at 0.96) to 0, its width and height linear from 336 × 403.2 to the screen
    /// over 0.6·`duration`, centred across.
    static func presentedCard(at t: Double, duration: Double, spring: Spring) -> Rect {
        let x = t >= duration ? 1 : spring.progress(at: t).value
        let linear = min(t / (0.6 * duration), 1)
        let width = 336 + (390 - 336) * linear
        let height = 403.2 + (844 - 403.2) * linear
        return Rect(x: (390 - width) / 2, y: 75.4 * (1 - x) - 1, width: width, height: height)
    }

    static let window = Size(width: 390, height: 844)
    /// Scene F's card 0: width W − 2·20, height 1.2·width, at (20, 67).
    static let card = Rect(x: 20, y: 67, width: 390 - 2 * 20, height: 1.2 * (390 - 2 * 20))
    /// The layers' order: home, backdrop, card.
    static let cardIndex = 2
    static let backdropIndex = 1

    /// A rect scaled about its centre.
    func scaled(_ rect: Rect, _ s: Double) -> Rect {
        Rect(
            x: rect.midX - s * rect.width / 2, y: rect.midY - s * rect.height / 2, width: s * rect.width,
            height: s * rect.height)
    }

    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    func close(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
        close(a.minX, b.minX, tolerance) && close(a.minY, b.minY, tolerance) && close(a.width, b.width, tolerance)
            && close(a.height, b.height, tolerance)
    }

    func card(_ frame: SimulationFrame) -> LayerState { frame.layers[Self.cardIndex] }

    /// A vertical or horizontal drag at 60 Hz from `start` by `by` over `steps` samples, then a lift.
    func drag(from start: Point, by: Point, steps: Int, lift: Bool = true) -> [GestureSample] {
        var samples = [GestureSample(time: 0, location: start, phase: .began)]
        for step in 1...steps {
            samples.append(
                GestureSample(
                    time: Double(step) / 60, location: start + by * (Double(step) / Double(steps)), phase: .changed))
        }
        if lift {
            samples.append(GestureSample(time: Double(steps + 1) / 60, location: start + by, phase: .ended))
        }
        return samples
    }

    // MARK: Seed constants

    @Test func seedConstantsAreTheDefaults() throws {
        #expect(AppStoreConstants.highlightedScale == 0.96)  // seed 003: .init(scaleX: 0.96, y: 0.96)
        #expect(AppStoreConstants.highlightDuration == 0.5)  // seed 003: withDuration: 0.5
        #expect(AppStoreConstants.highlightDampingRatio == 1)  // seed 003: usingSpringWithDamping: 1
        #expect(AppStoreConstants.cornerRadius == 16)  // seed 003: layer.cornerRadius = 16
        #expect(AppStoreConstants.slidesShrinkScale == 0.8)  // seed 003: .init(scaleX: 0.8, y: 0.8)
        #expect(AppStoreConstants.shrinkScale == 0.86)  // S5 targetShrinkScale (§14.16)
        #expect(AppStoreConstants.progressDistance == 100)  // seed 003: … / 100
        #expect(AppStoreConstants.expandFraction == 0.6)  // seed 003: withDuration: 0.6 * 0.8
        #expect(AppStoreConstants.dismissDuration == 0.6)  // S5 dismissalAnimationDuration
        #expect(AppStoreConstants.dismissDampingRatio == 0.7)  // S5 DismissCardAnimator
        #expect(AppStoreConstants.blurDuration == 0.5)
        #expect(AppStoreConstants.shadow == ShadowState(opacity: 0.2, radius: 12, offset: Point(x: 0, y: 4)))
        func value(_ preset: any Preset, _ name: String) -> ParameterValue? {
            preset.parameters.first { $0.name == name }?.defaultValue
        }
        #expect(value(AppStoreHighlight.preset, "highlightedScale") == .number(0.96))
        #expect(value(AppStoreHighlight.preset, "highlightDuration") == .number(0.5))
        #expect(value(AppStoreHighlight.preset, "highlightDampingRatio") == .number(1))
        #expect(value(AppStoreInteractiveDismiss(), "shrinkScale") == .number(0.86))
        #expect(value(AppStoreInteractiveDismiss(), "progressDistance") == .number(100))
        #expect(value(AppStoreInteractiveDismiss(), "edgeProgressSpace") == .choice("window"))
        #expect(value(AppStoreDismiss.preset, "dismissDuration") == .number(0.6))
        #expect(value(AppStoreDismiss.preset, "dismissDampingRatio") == .number(0.7))
        #expect(value(AppStorePresent.preset, "topOffset") == .number(-1))
        for preset in AppStorePresets.all {
            #expect(preset.description.id.hasPrefix("appstore.card."))
            #expect(preset.description.summary.contains("of 5"))
            for spec in preset.parameters + preset.sceneFields {
                #expect(!spec.source.isEmpty, "\(preset.description.id).\(spec.name) cites no source")
            }
        }
        #expect(PresetCatalogue.builtIn.ids.contains("appstore.card.interactiveDismiss"))
    }

    /// §15.0: the dismiss spring (ζ 0.7, T 0.6) is k 268.9407, c 22.9592, and its progress table.
    @Test func dismissSpringMatchesTheReferenceTable() throws {
        let spring = try #require(Spring.uikit(duration: 0.6, dampingRatio: 0.7))
        #expect(close(spring.stiffness, 268.9407, 5e-4) && close(spring.damping, 22.9592, 5e-4))
        let table: [(Double, Double)] = [(0.1, 0.2987), (0.25, 0.8609), (0.5, 1.0411), (0.75, 1.0017), (0.99, 0.9985)]
        for (fraction, expected) in table {
            #expect(close(spring.progress(at: fraction * 0.6).value, expected, 5e-5), "t/T = \(fraction)")
        }
    }

    // MARK: Phase 1: highlight

    /// §15.7: held past the spring's 0.5 s, the card shows (27, 75.4, 336, 403.2) with its shadow.
    @Test func highlightPressesTheCardToScene2sFrame() throws {
        let samples = [
            GestureSample(time: 0, location: Point(x: 195, y: 277), phase: .began),
            GestureSample(time: 0.8, location: Point(x: 195, y: 277), phase: .ended),
        ]
        let simulation = try run(AppStoreHighlight.preset, samples: samples)
        let pressed = card(simulation.frames[36])  // t = 0.6 s, finger still down
        #expect(close(pressed.presentationFrame, scaled(Self.card, 0.96), 1e-9))
        #expect(close(pressed.presentationFrame, Rect(x: 27, y: 75.4, width: 336, height: 403.2), 1e-9))
        #expect(pressed.cornerRadius == 16)
        #expect(pressed.shadow == ShadowState(opacity: 0.2, radius: 12, offset: Point(x: 0, y: 4)))
        #expect(simulation.frames[36].phase == .interactive)
        // Released at 0.8 s, it springs back for 0.5 s: the last frame is at 1.3 s, identity.
        let last = try #require(simulation.frames.last)
        #expect(close(last.time, 1.3, 1e-9) && last.phase == .settled)
        #expect(card(last).transform == .identity)
        #expect(close(card(last).presentationFrame, Self.card))
        let decision = try #require(simulation.decision)
        #expect(decision.outcome == .cancel && decision.rule == "touchUp" && close(decision.time, 0.8, 1e-12))
        #expect(close(decision.progress, 1, 1e-12))
        #expect(simulation.events.map(\.type) == [.began, .released, .cancelled])
        #expect(last.progress == 0)
    }

    /// Released mid-spring, the return is added to the press in flight (UIKit's additive
    /// animations): s = 1 − 0.04·x(t) + 0.04·x(t − up), continuous in value and velocity.
    @Test func highlightReleasedMidSpringTurnsAroundFromWhereItIs() throws {
        let up = 0.15
        let samples = [
            GestureSample(time: 0, location: Point(x: 195, y: 277), phase: .began),
            GestureSample(time: up, location: Point(x: 195, y: 277), phase: .ended),
        ]
        let simulation = try run(AppStoreHighlight.preset, samples: samples, frameRate: 120)
        let spring = try #require(Spring.uikit(duration: 0.5, dampingRatio: 1))
        func x(_ t: Double) -> Double { t <= 0 ? 0 : t >= 0.5 ? 1 : spring.progress(at: t).value }
        func expected(_ t: Double) -> Double { 1 - 0.04 * x(t) + (t >= up ? 0.04 * x(t - up) : 0) }
        for frame in simulation.frames.dropLast() {
            #expect(close(card(frame).transform.a, expected(frame.time), 1e-12), "t = \(frame.time)")
        }
        // It never reaches 0.96 and turns around without a jump: the scale is smallest after the release.
        let scales = simulation.frames.map { card($0).transform.a }
        let deepest = try #require(scales.indices.min { scales[$0] < scales[$1] })
        #expect(simulation.frames[deepest].time > up)
        #expect(scales[deepest] > 0.96)
        for index in 1..<scales.count {
            #expect(abs(scales[index] - scales[index - 1]) < 0.04 * 15 / 120)  // |ds/dt| < 15·0.04/s
        }
        #expect(close(simulation.frames.last?.time ?? 0, up + 0.5, 1e-9))
    }

    // MARK: Phases 2–3: present

    /// The present's spring, as the preset's document states it for `scene` at the default parameters.
    func presentSpring(scene: [String: ParameterValue] = [:]) -> (dampingRatio: Double, duration: Double)? {
        let preset = AppStorePresent.preset
        let document = AppStorePresent.document(
            ParameterValues(specs: preset.sceneFields, given: scene),
            ParameterValues(specs: preset.parameters, given: [:]))
        guard case .tap(let tap) = document.interaction, case .uikitSpring(let duration, let ratio, _) = tap.curve
        else { return nil }
        return (ratio, duration)
    }

    /// §15.7: from the fully pressed frame, ζ = 1 − 0.3·75.4/844, T = 0.5 + 0.4·75.4/844,
    /// expansion 0.6·T; top 74.4 → −1 on the spring, size and radius linear, blur easeInOut.
    @Test func presentMatchesSceneF() throws {
        let from = scaled(Self.card, 0.96)
        let zeta = 1 - 0.3 * from.minY / 844
        let duration = 0.5 + 0.4 * from.minY / 844
        #expect(close(zeta, 0.97320, 5e-6) && close(duration, 0.53573, 5e-6))
        #expect(close(0.6 * duration, 0.32144, 5e-6))
        let plan = try #require(presentSpring())
        #expect(close(plan.dampingRatio, zeta, 1e-12) && close(plan.duration, duration, 1e-12))
        // §15.0's row is for the rounded ζ 0.9732, T 0.5357: k 256.5494, c 31.1758.
        let reference = try #require(Spring.uikit(duration: 0.5357, dampingRatio: 0.9732))
        #expect(close(reference.stiffness, 256.5494, 5e-4) && close(reference.damping, 31.1758, 5e-4))
        let spring = try #require(Spring.uikit(duration: duration, dampingRatio: zeta))
        #expect(close(spring.stiffness, 256.5494, 0.1) && close(spring.damping, 31.1758, 0.01))

        let simulation = try run(AppStorePresent.preset)
        let first = card(simulation.frames[0])
        #expect(close(first.presentationFrame, Rect(x: 27, y: 74.4, width: 336, height: 403.2), 1e-9))
        #expect(first.cornerRadius == 16 && first.shadow == nil)
        #expect(simulation.frames[0].layers[Self.backdropIndex].opacity == 0)
        for frame in simulation.frames.dropLast() {
            let t = frame.time
            let linear = min(t / (0.6 * duration), 1)
            let expected = Self.presentedCard(at: t, duration: duration, spring: spring)
            #expect(close(card(frame).presentationFrame, expected, 1e-9), "t = \(t)")
            #expect(close(card(frame).cornerRadius, 16 * (1 - linear), 1e-9))
            let blur = t >= 0.5 ? 1 : CubicBezier.easeInEaseOut.value(at: t / 0.5)
            #expect(close(frame.layers[Self.backdropIndex].opacity, blur, 1e-12))
        }
        #expect(close(simulation.frames[15].layers[Self.backdropIndex].opacity, 0.5, 1e-9))  // t = 0.25 s
        let last = try #require(simulation.frames.last)
        #expect(close(last.time, 0.55, 1e-9) && last.phase == .settled)  // first grid time ≥ T
        #expect(card(last).presentationFrame == Rect(x: 0, y: -1, width: 390, height: 844))
        #expect(card(last).cornerRadius == 0 && last.layers[Self.backdropIndex].opacity == 1)
    }

    /// Phase 2: the frozen scale is the highlight spring's after pressDuration; a card
    /// above the screen uses its height as the extent; topOffset 0 drops the −1 pt hack.
    @Test func presentStartsFromTheInFlightPressAndThePosition() throws {
        let spring = try #require(Spring.uikit(duration: 0.5, dampingRatio: 1))
        let s = 1 - 0.04 * spring.progress(at: 0.1).value
        let quick = try run(
            AppStorePresent.preset, parameters: ["pressDuration": .number(0.1), "topOffset": .number(0)])
        #expect(close(card(quick.frames[0]).presentationFrame, scaled(Self.card, s), 1e-9))

        let high = Rect(x: 20, y: -100, width: 350, height: 420)
        let from = scaled(high, 0.96)
        let plan = try #require(presentSpring(scene: ["cardFrame": .rect(high)]))
        #expect(close(plan.dampingRatio, 1 - 0.3 * abs(from.minY) / from.height, 1e-12))
        #expect(close(plan.duration, 0.5 + 0.4 * abs(from.minY) / 844, 1e-12))
        let simulation = try run(AppStorePresent.preset, scene: ["cardFrame": .rect(high)])
        #expect(close(card(simulation.frames[0]).presentationFrame.minY, from.minY - 1, 1e-9))
    }

    // MARK: Phase 4: interactive dismiss

    /// §15.7 test 1: from (195, 300) drag to y = 360 and release: p = 0.6, scale 0.916,
    /// radius 9.6; the duration-0 (0.2 s in UIKit) linear animator reverses in 0.6·0.2 s.
    @Test func dragDownReleasedBeforeOneReverses() throws {
        let samples = drag(from: Point(x: 195, y: 300), by: Point(x: 0, y: 60), steps: 12)
        let simulation = try run(AppStoreInteractiveDismiss(), samples: samples)
        let release = 13.0 / 60
        let atRelease = try #require(simulation.frames.first { close($0.time, release, 1e-9) })
        let p = 60.0 / 100
        #expect(close(card(atRelease).presentationFrame.width, 390 * (1 - 0.14 * p), 1e-9))
        #expect(close(card(atRelease).cornerRadius, 16 * p, 1e-9))
        #expect(
            close(card(atRelease).presentationFrame, scaled(Rect(x: 0, y: 0, width: 390, height: 844), 0.916), 1e-6))
        let decision = try #require(simulation.decision)
        #expect(
            decision.outcome == .cancel && decision.rule == "progressThreshold"
                && decision.explanation.hasPrefix("source dragDown") && close(decision.progress, p, 1e-9))
        #expect(close(decision.time, release, 1e-12))
        // Three frames into the reversal it has run back 0.05 s of the 0.2 s animator, linearly.
        let reverse = p * 0.2
        let during = try #require(simulation.frames.first { close($0.time, release + 3.0 / 60, 1e-9) })
        #expect(close(during.progress, p - (3.0 / 60) / 0.2, 1e-9) && during.phase == .animating)
        let last = try #require(simulation.frames.last)
        #expect(
            last.phase == .settled && last.time >= release + reverse - 1e-9 && last.time < release + reverse + 1 / 60)
        #expect(close(card(last).presentationFrame, Rect(x: 0, y: 0, width: 390, height: 844)))
        #expect(card(last).cornerRadius == 0)
        #expect(last.layers[Self.backdropIndex].opacity == 1)  // still presented
        #expect(simulation.events.map(\.type) == [.began, .released, .cancelled])
    }

    /// §15.7 test 2: the sample at y = 400 reaches p = 1 and dismisses there, finger
    /// still down: from (27.3, 59.08, 335.4, 725.84) to the card on the ζ 0.7, 0.6 s spring.
    @Test func dragDownPastOneDismissesAtTheCrossingSample() throws {
        let samples = drag(from: Point(x: 195, y: 300), by: Point(x: 0, y: 150), steps: 15, lift: false)
        let simulation = try run(AppStoreInteractiveDismiss(), samples: samples)
        let decision = try #require(simulation.decision)
        // y = 300 + 10k crosses 400 at k = 10.
        let crossing = 10.0 / 60
        // Decided at the crossing, finger down; reported at the last sample, where the finger lets go.
        #expect(
            decision.outcome == .finish && decision.rule == "progressThreshold"
                && decision.explanation.hasPrefix("source dragDown") && close(decision.time, 15.0 / 60, 1e-12))
        #expect(decision.explanation.contains("at 0.167 s with the finger down"))
        let track = try GestureTrack(samples: samples)
        let drive = AppStoreInteractiveDismiss.drive(
            track, scene: .sceneF,
            parameters: ParameterValues(specs: AppStoreInteractiveDismiss().parameters, given: [:]))
        #expect(close(drive.crossing?.time ?? -1, crossing, 1e-12))
        // Frames stay interactive until the finger lets go, though the dismissal already runs.
        #expect(simulation.frames[14].phase == .interactive && simulation.frames[15].phase == .animating)
        #expect(decision.explanation.contains("scroll offset at 0 pt"))
        let r0 = scaled(Rect(x: 0, y: 0, width: 390, height: 844), 0.86)
        #expect(close(r0, Rect(x: 27.3, y: 59.08, width: 335.4, height: 725.84), 1e-9))
        let spring = try #require(Spring.uikit(duration: 0.6, dampingRatio: 0.7))
        for frame in simulation.frames.dropLast() where frame.time >= crossing - 1e-12 {
            let x = spring.progress(at: frame.time - crossing).value
            let expected = Rect.interpolate(from: r0, to: Self.card, fraction: x)
            #expect(close(card(frame).presentationFrame, expected, 1e-9), "t = \(frame.time)")
        }
        let crossingFrame = try #require(simulation.frames.first { close($0.time, crossing, 1e-9) })
        #expect(close(card(crossingFrame).presentationFrame, r0, 1e-9))
        let last = try #require(simulation.frames.last)
        #expect(close(last.time, crossing + 0.6, 1e-9) && last.phase == .settled)
        #expect(card(last).presentationFrame == Self.card && card(last).shadow == AppStoreConstants.shadow)
        #expect(last.layers[Self.backdropIndex].opacity == 0)
    }

    /// The slides' 0.8 is selectable: the crossing frame is the screen scaled by 0.8.
    @Test func theSlidesShrinkScaleIsSelectable() throws {
        let samples = drag(from: Point(x: 195, y: 300), by: Point(x: 0, y: 150), steps: 15)
        let simulation = try run(
            AppStoreInteractiveDismiss(), parameters: ["shrinkScale": .number(0.8)], samples: samples)
        let crossingFrame = try #require(simulation.frames.first { close($0.time, 10.0 / 60, 1e-9) })
        #expect(close(card(crossingFrame).presentationFrame, scaled(Rect(x: 0, y: 0, width: 390, height: 844), 0.8)))
    }

    /// §15.7 edge pan from x = 5: p = tx/100 in window points (the §14.18 fix), or the
    /// original's tx/(100·s) with s the card's scale when the sample arrives.
    @Test func edgePanProgressInWindowOrCardSpace() throws {
        let samples = drag(from: Point(x: 5, y: 400), by: Point(x: 120, y: 0), steps: 12)  // 10 pt per sample
        let window = try run(AppStoreInteractiveDismiss(), samples: samples)
        let windowDecision = try #require(window.decision)
        #expect(windowDecision.explanation.hasPrefix("source edge") && windowDecision.outcome == .finish)
        #expect(windowDecision.source == "edge")
        #expect(windowDecision.scrollOffset == nil)  // the edge pan is not gated by scrolling
        #expect(close(windowDecision.time, 13.0 / 60, 1e-12))  // the lift
        let track = try GestureTrack(samples: samples)
        func crossing(_ given: [String: ParameterValue]) -> Double? {
            AppStoreInteractiveDismiss.drive(
                track, scene: .sceneF,
                parameters: ParameterValues(specs: AppStoreInteractiveDismiss().parameters, given: given)
            ).crossing?.time
        }
        #expect(close(crossing([:]) ?? -1, 10.0 / 60, 1e-12))  // tx = 100 at sample 10

        // The original: recompute the accelerating progress here.
        var p = 0.0
        var crossingIndex: Int?
        for k in 1...12 {
            let s = 1 - 0.14 * min(max(p, 0.00001), 0.99999)
            p = Double(10 * k) / (100 * s)
            if p >= 1 {
                crossingIndex = k
                break
            }
        }
        let index = try #require(crossingIndex)
        #expect(index < 10)
        let card = try run(
            AppStoreInteractiveDismiss(), parameters: ["edgeProgressSpace": .choice("card")], samples: samples)
        let decision = try #require(card.decision)
        #expect(decision.explanation.hasPrefix("source edge") && decision.outcome == .finish)
        #expect(close(crossing(["edgeProgressSpace": .choice("card")]) ?? -1, Double(index) / 60, 1e-12))
        // The frames show the crossing as progress 1; the rule's unclamped travel is its own value.
        #expect(decision.progress == 1)
        #expect(close(decision.ruleProgress ?? -1, p, 1e-9))
    }

    /// With the content scrolled 50 pt down, the drag-down mode begins only once the finger
    /// has pulled it past the top, and progress counts from there.
    @Test func theScrollOffsetGatesTheDragDown() throws {
        let samples = drag(from: Point(x: 195, y: 300), by: Point(x: 0, y: 100), steps: 10)  // 10 pt per sample
        let simulation = try run(AppStoreInteractiveDismiss(), scene: ["scrollOffset": .number(50)], samples: samples)
        let decision = try #require(simulation.decision)
        // ty > 50 first at sample 6 (y = 360); released at y = 400: p = 0.4.
        #expect(decision.outcome == .cancel && close(decision.progress, 0.4, 1e-9))
        #expect(decision.explanation.contains("scroll offset at 50 pt") && decision.explanation.contains("y = 360"))
        #expect(decision.source == "dragDown" && decision.scrollOffset == 50)
        let before = try #require(simulation.frames.first { close($0.time, 5.0 / 60, 1e-9) })
        #expect(close(card(before).presentationFrame, Rect(x: 0, y: 0, width: 390, height: 844)))

        let shallow = drag(from: Point(x: 195, y: 300), by: Point(x: 0, y: 30), steps: 3)
        let ignored = try run(AppStoreInteractiveDismiss(), scene: ["scrollOffset": .number(50)], samples: shallow)
        #expect(ignored.decision?.rule == "gate" && ignored.decision?.outcome == .cancel)
        #expect(
            ignored.frames.allSatisfy { close(card($0).presentationFrame, Rect(x: 0, y: 0, width: 390, height: 844)) })
    }

    @Test func aGestureIsRequiredAndMustEndOrCross() throws {
        #expect(throws: SimulationError.self) { try run(AppStoreInteractiveDismiss()) }
        #expect(throws: SimulationError.self) { try run(AppStoreHighlight.preset) }
        let open = drag(from: Point(x: 195, y: 300), by: Point(x: 0, y: 50), steps: 5, lift: false)
        #expect(throws: SimulationError.self) { try run(AppStoreInteractiveDismiss(), samples: open) }
    }

    // MARK: Phase 5: dismiss

    /// §15.7: from (27.3, 59.08, 335.4, 725.84), radius 16, to (20, 67, 350, 420) on the
    /// ζ 0.7, 0.6 s spring; at t/T = 0.5 the spring stands at 1.0411 (§15.0).
    @Test func dismissMatchesSceneF() throws {
        let simulation = try run(AppStoreDismiss.preset, frameRate: 10)
        let r0 = Rect(x: 0.07 * 390, y: 0.07 * 844, width: 0.86 * 390, height: 0.86 * 844)
        let first = card(simulation.frames[0])
        #expect(close(first.presentationFrame, r0, 1e-9) && first.cornerRadius == 16)
        #expect(simulation.frames[0].layers[Self.backdropIndex].opacity == 1)
        let middle = simulation.frames[3]  // t = 0.3 s = T/2
        let x = try #require(Spring.uikit(duration: 0.6, dampingRatio: 0.7)).progress(at: 0.3).value
        #expect(close(x, 1.0411, 5e-5))
        #expect(close(card(middle).presentationFrame, Rect.interpolate(from: r0, to: Self.card, fraction: x), 1e-9))
        #expect(card(middle).presentationFrame.height < Self.card.height)  // overshoots past the cell
        let last = try #require(simulation.frames.last)
        #expect(close(last.time, 0.6, 1e-12) && last.phase == .settled && simulation.frames.count == 7)
        #expect(card(last).presentationFrame == Self.card && card(last).cornerRadius == 16)
        #expect(card(last).shadow == AppStoreConstants.shadow)
        #expect(last.layers[Self.backdropIndex].opacity == 0)
    }

    /// A cancelled touch undoes the press like a lift, decided as gestureCancelled.
    @Test func aCancelledTouchAlsoSpringsBack() throws {
        let samples = [
            GestureSample(time: 2, location: Point(x: 195, y: 277), phase: .began),
            GestureSample(time: 2.1, location: Point(x: 195, y: 290), phase: .cancelled),
        ]
        let simulation = try run(AppStoreHighlight.preset, samples: samples)
        #expect(simulation.decision?.rule == "gestureCancelled" && simulation.decision?.outcome == .cancel)
        #expect(close(simulation.frames.first?.time ?? 0, 2) && close(simulation.frames.last?.time ?? 0, 2.6, 1e-9))
    }

    /// A finger held down after the crossing keeps the response open until it lifts,
    /// settled on the cell: the dismissal ended long before.
    @Test func aLateLiftEndsTheResponseAtTheLift() throws {
        var samples = drag(from: Point(x: 195, y: 300), by: Point(x: 0, y: 120), steps: 12, lift: false)
        samples.append(GestureSample(time: 2, location: Point(x: 195, y: 420), phase: .ended))
        let simulation = try run(AppStoreInteractiveDismiss(), samples: samples)
        #expect(simulation.decision?.outcome == .finish && close(simulation.decision?.time ?? 0, 2))
        let last = try #require(simulation.frames.last)
        #expect(close(last.time, 2, 1e-9) && last.phase == .settled)
        #expect(card(last).presentationFrame == Self.card)
        // After 10/60 + 0.6 s the card is already exactly on the cell.
        let late = try #require(simulation.frames.first { $0.time > 10.0 / 60 + 0.6 + 1e-9 })
        #expect(close(card(late).presentationFrame, Self.card, 1e-9) && late.phase == .interactive)
    }
}

/// `touchResampling` on the App Store presets, which a touch drives.
@Suite struct AppStoreTouchResamplingTests {
    /// With `interpolate` the interactive dismiss's animator gets a touch per display frame, at the
    /// location interpolated between the samples either side (as iOS resamples touches). A drag down
    /// sampled at 30 Hz, 3 pt per sample, read at 60 fps: at the frame between two samples the
    /// animator holds the resampled touch's travel, 1.5 pt more than the sample before (p += 0.015);
    /// with `latest` it holds the sample before's.
    @Test func theInteractiveDismissScrubsResampledTouches() throws {
        var samples = [GestureSample(time: 0, location: Point(x: 200, y: 300), phase: .began)]
        for step in 1...10 {
            samples.append(
                GestureSample(
                    time: Double(step) / 30, location: Point(x: 200, y: 300 + 3 * Double(step)), phase: .changed))
        }
        samples.append(GestureSample(time: 11.0 / 30, location: Point(x: 200, y: 333), phase: .ended))
        func progress(_ mode: String) throws -> Double {
            let simulation = try run(
                AppStoreInteractiveDismiss(), scene: ["scrollOffset": .number(0)],
                parameters: ["touchResampling": .choice(mode)], samples: samples, frameRate: 60)
            // Frame 9 at 0.15 s lies between the samples at 4/30 (travel 12) and 5/30 (travel 15).
            let frame = simulation.frames[9]
            #expect(isClose(frame.time, 0.15, absolute: 1e-12))
            return frame.progress
        }
        #expect(isClose(try progress("interpolate"), 13.5 / 100, absolute: 1e-12))
        #expect(isClose(try progress("latest"), 12 / 100, absolute: 1e-12))
    }

    /// The highlight reads when the touch began and lifted, never where it was: both modes agree.
    @Test func theHighlightIsTheSameInBothModes() throws {
        let samples = [
            GestureSample(time: 0, location: Point(x: 200, y: 300), phase: .began),
            GestureSample(time: 0.1, location: Point(x: 230, y: 310), phase: .changed),
            GestureSample(time: 0.2, location: Point(x: 260, y: 320), phase: .ended),
        ]
        let latest = try run(
            AppStoreHighlight.preset, parameters: ["touchResampling": .choice("latest")], samples: samples)
        let interpolated = try run(
            AppStoreHighlight.preset, parameters: ["touchResampling": .choice("interpolate")], samples: samples)
        #expect(latest.frames == interpolated.frames)
    }
}
