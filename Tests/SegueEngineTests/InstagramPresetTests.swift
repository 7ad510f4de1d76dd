import SegueMath
import Testing

@testable import SegueEngine

/// The Instagram family against seed-transitions.md's worked numbers (§3, §6.7,
/// §15.1–§15.4), computed here from the formulas, not read back from the engine.
@Suite struct InstagramPresetTests {
    static let window = Size(width: 390, height: 844)
    static let cell = (390.0 - 4) / 3
    static let cellFrame = Rect(x: cell + 2, y: 97 + cell + 2, width: cell, height: cell)
    /// A.s = max(c/390, c/487.5) (seed-transitions.md §3, §15.1).
    static let cellScale = max(cell / 390, cell / 487.5)

    /// The masked detail's visible rect: the mask pushed through the transform about
    /// the screen's centre (seed-transitions.md §1.1).
    func visibleRect(_ state: LayerState) throws -> Rect {
        let mask = try #require(state.mask).rect
        let s = state.transform.a
        return Rect(
            x: 195 + state.transform.tx + s * (mask.minX - 195), y: 422 + state.transform.ty + s * (mask.minY - 422),
            width: s * mask.width, height: s * mask.height)
    }

    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    @Test func seedConstantsAreTheDefaults() throws {
        let preset = InstagramInteractivePop.preset
        func value(_ name: String) -> ParameterValue? { preset.parameters.first { $0.name == name }?.defaultValue }
        #expect(value("duration") == .number(0.25))  // seed 000: UIView.animate(withDuration: 0.25)
        #expect(value("curve") == .choice("easeInOut"))  // UIView.animate's default curve
        #expect(value("cornerRadius") == .number(39))  // mask.layer.cornerRadius = 39
        #expect(value("overlayOpacity") == .number(0.5))  // overlay.layer.opacity = .5
        #expect(value("minimumScale") == .number(0.6))  // min(max(scaleFactor, 0.6), 1)
        #expect(value("scaleRate") == .number(0.4))  // 1 - progress * 0.4
        #expect(value("releaseRule") == .choice("velocitySign"))  // velocity.x > 0
        #expect(preset.decisionRules.first?.id == "velocitySign")
        #expect(
            InstagramPercentDrivenPop.preset.parameters.first { $0.name == "completionSpeed" }?.defaultValue
                == .number(1))
    }

    /// §3: at e = 0 the visible rect is exactly the cell, with square corners.
    @Test func pushStartsExactlyOnTheCell() throws {
        let simulation = try run(InstagramPush.preset)
        let detail = try #require(simulation.frames.first?.layers.last)
        let visible = try visibleRect(detail)
        #expect(close(visible.minX, Self.cellFrame.minX) && close(visible.minY, Self.cellFrame.minY))
        #expect(close(visible.width, Self.cell) && close(visible.height, Self.cell))
        #expect(detail.mask?.cornerRadius == 0)
        #expect(close(detail.transform.a, Self.cellScale))
        #expect(simulation.frames.first?.layers[2].opacity == 0)  // overlay
    }

    /// §15.1's check at t = 0.125 s with the article's K_DEFAULT: e = 0.4327, s = 0.6198,
    /// t = (0, −70.34), visible centre (195, 345.25), size 241.74 × 363.49, radius 10.46.
    @Test func pushMatchesSceneAsMidpointCheck() throws {
        let simulation = try run(InstagramPush.preset, parameters: ["curve": .choice("articleDefault")], frameRate: 8)
        let frame = simulation.frames[1]
        #expect(frame.time == 0.125)
        let e = CubicBezier.instagramDefault.value(at: 0.5)
        #expect(close(e, 0.4327, 5e-5))
        let detail = try #require(frame.layers.last)
        #expect(close(detail.transform.a, Self.cellScale + (1 - Self.cellScale) * e, 1e-12))
        #expect(close(detail.transform.a, 0.6198, 5e-5))
        #expect(close(detail.transform.ty, -70.34, 5e-3))
        let visible = try visibleRect(detail)
        #expect(close(visible.midX, 195, 1e-9))
        #expect(close(visible.midY, 345.25, 5e-3))
        #expect(close(visible.width, 241.74, 5e-3))
        #expect(close(visible.height, 363.49, 5e-3))
        #expect(close(detail.transform.a * (detail.mask?.cornerRadius ?? 0), 10.46, 5e-3))
    }

    @Test func pushEndsFullScreenWithTheHelpersRemoved() throws {
        let simulation = try run(InstagramPush.preset)
        let last = try #require(simulation.frames.last)
        #expect(last.phase == .settled)
        #expect(last.time == 0.25)
        #expect(simulation.frames.count == 16)  // 0, 1/60, …, 15/60 = 0.25
        #expect(last.layers[3].transform == .identity)
        #expect(last.layers[3].mask == nil)
        #expect(last.layers[0].opacity == 0 && last.layers[1].opacity == 0 && last.layers[2].opacity == 0)
        #expect(simulation.decision == nil)
    }

    /// The pop mirrors the push: halfway in time on the symmetric easeInOut, the detail
    /// is halfway between full screen and the cell.
    @Test func popIsThePushInReverse() throws {
        let simulation = try run(InstagramPop.preset, frameRate: 8)
        let middle = try #require(simulation.frames[1].layers.last)
        #expect(close(middle.transform.a, (1 + Self.cellScale) / 2, 1e-8))
        #expect(close(simulation.frames[1].layers[2].opacity, 0.25, 1e-8))
        #expect(close(middle.mask?.cornerRadius ?? 0, 19.5, 1e-7))
        let first = try #require(simulation.frames.first?.layers.last)
        #expect(first.transform == .identity && first.mask?.cornerRadius == 39)
        #expect(simulation.frames.last?.layers.last?.opacity == 0)  // the detail leaves after a pop
    }

    /// §6.7: at the last drag sample, translation (117, 40): p 0.3, s 0.88, centre
    /// (297.96, 457.2), size 343.2 × 742.72, visible radius 34.32.
    @Test func interactivePopMatchesTheWorkedDrag() throws {
        let simulation = try run(InstagramInteractivePop.preset, samples: InstagramExampleGestures.interactivePop)
        let frame = simulation.frames[12]
        #expect(close(frame.time, 0.2, 1e-12))
        #expect(frame.phase == .interactive)
        #expect(close(frame.progress, 0.3))
        let detail = try #require(frame.layers.last)
        #expect(close(detail.transform.a, 0.88))
        #expect(close(detail.presentationFrame.midX, 297.96, 1e-9))
        #expect(close(detail.presentationFrame.midY, 457.2, 1e-9))
        #expect(close(detail.presentationFrame.width, 343.2, 1e-9))
        #expect(close(detail.presentationFrame.height, 742.72, 1e-9))
        #expect(close(detail.transform.a * (detail.mask?.cornerRadius ?? 0), 34.32, 1e-9))
        #expect(frame.layers[2].opacity == 0.5)
        #expect(frame.layers[1].opacity == 1)
    }

    /// The article's handler calls finish() or cancel() on `.ended` without update(recognizer), so
    /// the settle starts from the last `.changed` state. Began at x 40, changed at 100 and 160, ended
    /// at 200 (0.11 s), y 500 throughout; at 100 fps a frame falls on the release, elapsed 0.
    /// Last changed: tx = 120, p = 120/390, s = 1 − 0.4p = 0.87692, card tx = s·120 = 105.23.
    /// (The lift-off point would give s = 1 − 0.4·160/390 = 0.83590 and tx = 133.74: a 28 pt jump.)
    @Test func interactivePopSettlesFromTheLastChangedState() throws {
        let samples = [
            GestureSample(time: 0, location: Point(x: 40, y: 500), phase: .began),
            GestureSample(time: 0.05, location: Point(x: 100, y: 500), phase: .changed),
            GestureSample(time: 0.1, location: Point(x: 160, y: 500), phase: .changed),
            GestureSample(time: 0.11, location: Point(x: 200, y: 500), phase: .ended),
        ]
        let simulation = try run(InstagramInteractivePop.preset, samples: samples, frameRate: 100)
        let frame = try #require(simulation.frames.first { $0.time >= 0.11 })
        #expect(close(frame.time, 0.11, 1e-12))
        #expect(frame.phase == .animating)
        let detail = try #require(frame.layers.last)
        let scale = 1 - 0.4 * 120 / 390
        #expect(close(detail.transform.a, scale, 1e-12))
        #expect(close(detail.transform.tx, 120 * scale, 1e-9))
        #expect(close(frame.progress, 120.0 / 390, 1e-12))
        let decision = try #require(simulation.decision)
        #expect(close(decision.progress, 120.0 / 390, 1e-12))
        // The rule still reads the recognizer at `.ended`: translation 160.
        #expect(close(decision.translation.x, 160, 1e-12))
    }

    /// Released moving right (585 pt/s): finish over 0.25 s; halfway through the settle
    /// on easeInOut the scale is halfway from 0.88 to A.s.
    @Test func interactivePopFinishesOntoTheCell() throws {
        let simulation = try run(
            InstagramInteractivePop.preset, samples: InstagramExampleGestures.interactivePop, frameRate: 120)
        let decision = try #require(simulation.decision)
        #expect(decision.outcome == .finish)
        #expect(decision.rule == "velocitySign")
        #expect(close(decision.velocity.x, 585, 1e-6))
        #expect(close(decision.time, 13.0 / 60))
        let midSettle = try #require(simulation.frames.first { close($0.time, 13.0 / 60 + 0.125, 1e-9) })
        #expect(midSettle.phase == .animating)
        #expect(close(midSettle.layers[3].transform.a, (0.88 + Self.cellScale) / 2, 1e-8))
        let last = try #require(simulation.frames.last)
        #expect(last.phase == .settled)
        #expect(last.time >= 13.0 / 60 + 0.25 - 1e-9)
        #expect(last.time - 1.0 / 120 < 13.0 / 60 + 0.25)
        #expect(simulation.events.map(\.type) == [.began, .released, .finished])
    }

    /// §15.4's cancel stream: the same drag ending with a backward flick. Seed 000's rule
    /// cancels; YUI's still finishes because |tx|/W = 0.3 > 0.1.
    @Test func releaseRulesDisagreeOnABackwardFlick() throws {
        var samples = Array(InstagramExampleGestures.interactivePop.dropLast())
        let last = try #require(samples.last)
        samples.append(
            GestureSample(time: last.time + 1.0 / 60, location: last.location + Point(x: -1, y: 0), phase: .changed))
        samples.append(
            GestureSample(time: last.time + 2.0 / 60, location: last.location + Point(x: -2, y: 0), phase: .changed))
        samples.append(
            GestureSample(time: last.time + 3.0 / 60, location: last.location + Point(x: -2, y: 0), phase: .ended))
        let seed = try run(InstagramInteractivePop.preset, samples: samples)
        #expect(seed.decision?.outcome == .cancel)
        #expect(close(seed.decision?.velocity.x ?? 0, -60, 1e-6))  // 0.2·(−60) + 0.8·(−60)
        #expect(seed.frames.last?.layers[3].transform == .identity)
        #expect(seed.frames.last?.layers[3].mask == nil)  // §14.12b fixed by default
        let yui = try run(InstagramInteractivePop.preset, parameters: ["releaseRule": .choice("yui")], samples: samples)
        #expect(yui.decision?.outcome == .finish)
        // |117 − 2|/390 = 0.29 > 0.1: the guard reads the translation, 115 pt > 39 pt.
        #expect(yui.decision?.rule == "yui")
        #expect(yui.decision?.translation.x == 115)
        #expect(yui.decision?.explanation.contains("translation 115 pt") == true)
    }

    /// With translationFollowsFinger the card's centre moves by the whole translation:
    /// (195 + 117, 422 + 40) at the worked drag, the scale still 0.88.
    @Test func translationCanFollowTheFinger() throws {
        let simulation = try run(
            InstagramInteractivePop.preset, parameters: ["translationFollowsFinger": .bool(true)],
            samples: InstagramExampleGestures.interactivePop)
        let detail = try #require(simulation.frames[12].layers.last)
        #expect(close(detail.transform.a, 0.88))
        #expect(close(detail.presentationFrame.midX, 312, 1e-9))
        #expect(close(detail.presentationFrame.midY, 462, 1e-9))
    }

    @Test func aVerticalPanNeverStartsThePop() throws {
        let samples = ExampleGestures.linearDrag(
            from: Point(x: 100, y: 300), by: Point(x: 10, y: 200), over: 0.2)
        let simulation = try run(InstagramInteractivePop.preset, samples: samples)
        #expect(simulation.decision?.rule == "gate")
        #expect(simulation.decision?.outcome == .cancel)
        #expect(simulation.frames.allSatisfy { $0.layers[3].transform == .identity && $0.layers[3].mask == nil })
    }

    /// §15.3: p = 156/390 = 0.4 at release; with K_DEFAULT the visual is e = 0.2699; a
    /// finish plays (1 − 0.4)·0.25 = 0.15 s, a cancel 0.4·0.25 = 0.10 s.
    @Test func percentDrivenPopScrubsAndCompletes() throws {
        let finishing = try run(
            InstagramPercentDrivenPop.preset, parameters: ["curve": .choice("articleDefault")],
            samples: InstagramExampleGestures.percentDrivenPop)
        let decision = try #require(finishing.decision)
        #expect(decision.outcome == .finish)
        #expect(close(decision.progress, 0.4))
        let atRelease = try #require(finishing.frames.first { close($0.time, 0.25, 1e-9) })
        let e = CubicBezier.instagramDefault.value(at: 0.4)
        #expect(close(e, 0.2699, 5e-5))
        #expect(close(atRelease.layers[3].transform.a, 1 + (Self.cellScale - 1) * e, 1e-9))
        let finished = try #require(finishing.events.last)
        #expect(finished.type == .finished)
        #expect(close(finished.time, decision.time + 0.15, 1e-9))

        var samples = Array(InstagramExampleGestures.percentDrivenPop.dropLast())
        let last = try #require(samples.last)
        for step in 1...2 {
            samples.append(
                GestureSample(
                    time: last.time + Double(step) / 60, location: last.location + Point(x: -2.5 * Double(step), y: 0),
                    phase: .changed))
        }
        samples.append(
            GestureSample(time: last.time + 3.0 / 60, location: last.location + Point(x: -5, y: 0), phase: .ended))
        let cancelling = try run(InstagramPercentDrivenPop.preset, samples: samples)
        let cancel = try #require(cancelling.decision)
        #expect(cancel.outcome == .cancel)
        #expect(close(cancel.progress, 151.0 / 390))
        #expect(close(try #require(cancelling.events.last).time, cancel.time + 151.0 / 390 * 0.25, 1e-9))
    }

    @Test func framesLieOnTheGridFromTheBeganSample() throws {
        var samples = InstagramExampleGestures.interactivePop
        samples = samples.map { GestureSample(time: $0.time + 100, location: $0.location, phase: $0.phase) }
        let simulation = try run(InstagramInteractivePop.preset, samples: samples, frameRate: 30)
        for (index, frame) in simulation.frames.enumerated() {
            #expect(close(frame.time, 100 + Double(index) / 30, 1e-9))
        }
        #expect(close(simulation.duration, (simulation.frames.last?.time ?? 0) - 100, 1e-12))
    }

    @Test func aGestureIsRequiredAndMustEnd() throws {
        #expect(throws: SimulationError.self) { try run(InstagramInteractivePop.preset) }
        let open = Array(InstagramExampleGestures.interactivePop.dropLast())
        #expect(throws: SimulationError.self) { try run(InstagramInteractivePop.preset, samples: open) }
    }

    /// springSettle hands the card's velocity (s·v along its path) to the spring: the
    /// first settle frame moves at that velocity instead of from rest.
    @Test func springSettleStartsAtTheReleaseVelocity() throws {
        let plain = try run(
            InstagramInteractivePop.preset, samples: InstagramExampleGestures.interactivePop, frameRate: 240)
        let sprung = try run(
            InstagramInteractivePop.preset, parameters: ["springSettle": .bool(true)],
            samples: InstagramExampleGestures.interactivePop, frameRate: 240)
        let release = 13.0 / 60
        let plainStep = try #require(plain.frames.first { $0.time > release + 1e-9 })
        let sprungStep = try #require(sprung.frames.first { $0.time > release + 1e-9 })
        // A fling toward the cell moves the card further in the first frame than a curve from rest.
        #expect(abs(sprungStep.layers[3].transform.a - 0.88) > abs(plainStep.layers[3].transform.a - 0.88))
    }
}

@Suite struct LayerStateAndFormatTests {
    /// A spring overshooting past its model values cannot render below 0 opacity or radius.
    @Test func renderedValuesAreClampedAsCoreAnimationShowsThem() {
        let state = LayerState(
            id: "card", frame: Rect(x: 0, y: 0, width: 10, height: 10), opacity: -0.2, cornerRadius: -3,
            mask: MaskState(rect: Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: -16, cornerCurve: .continuous))
        #expect(state.opacity == 0)
        #expect(state.cornerRadius == 0)
        #expect(state.mask?.cornerRadius == 0)
        #expect(LayerState(id: "card", frame: .zero, opacity: 1.3).opacity == 1)
    }

    @Test func amountsReadAsPeopleWriteThem() {
        #expect(Format.amount(0.1 + 0.2) == "0.3")
        #expect(Format.amount(100.25) == "100.25")
        #expect(Format.amount(240) == "240")
        #expect(Format.amount(0.0625) == "0.063")  // to three decimals
        #expect(Format.amount(-1.5) == "-1.5")
        #expect(Format.ratio(0.2949) == "0.29")
    }

    @Test func theFrameCapNamesTheRateAndTheLength() {
        let grid = FrameGrid(start: 0, end: 100.25, frameRate: 240)
        #expect(throws: SimulationError.self) {
            try grid.frames(state: { _ in fatalError() }, finalState: { _ in fatalError() })
        }
        #expect(throws: SimulationError.tooManyFrames(seconds: 100.25, frameRate: 240, maxFrames: grid.maxFrames)) {
            try grid.frames(state: { _ in fatalError() }, finalState: { _ in fatalError() })
        }
    }
}
