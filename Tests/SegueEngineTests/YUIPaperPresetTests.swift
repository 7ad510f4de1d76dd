import Foundation
import SegueMath
import Testing

@testable import SegueEngine

/// The YUI Facebook Paper family against seed-transitions.md §10 and scene G (§15.8).
/// Expected values are computed here from the formulas (the layouts of §10.1–§10.2,
/// UIKit's spring mapping of motion-math.md §2.3 solved again below, the lerps of
/// §1.2), or quoted from the spec's tables with the spec's decimals.
@Suite struct YUIPaperPresetTests {
    static let (W, H) = (390.0, 844.0)
    static let dcr = 47.33
    /// Layer order: home, backdrop, previousCard, selectedCard, nextCard, selectedTitle, labels, demo.
    static let (home, backdrop, previous, selected, next, title, labels, demo) = (0, 1, 2, 3, 4, 5, 6, 7)

    /// ω0 of seed 004's spring by motion-math.md §2.3, solved independently of SegueMath:
    /// ζ = 2 is clamped to 1, so (1 + (ω − V)·T)·e^(−ωT) = ε with ε = 0.001; Newton from 5/T.
    static func omega(duration: Double = 0.5, velocity: Double = 0.2) -> Double {
        let (T, V) = (duration, velocity)
        var w = 5 / T
        for _ in 0..<12 {
            let f = (1 + (w - V) * T) * exp(-w * T) - 0.001
            let df = T * exp(-w * T) - T * (1 + (w - V) * T) * exp(-w * T)
            w -= f / df
        }
        return w
    }

    /// e(t) for ζ = 1: y = (−1 + (V − ω)·t)·e^(−ωt), e = 1 + y (§1.3's critical closed form).
    static func e(_ t: Double, duration: Double = 0.5, velocity: Double = 0.2) -> Double {
        let (V, w) = (velocity, omega(duration: duration, velocity: velocity))
        return 1 + (-1 + (V - w) * t) * exp(-w * t)
    }

    /// §10.1: the selected card's image container with the small layout, item i at offset 0.
    static func smallContainer(_ i: Int, scale s: Double = 0.6) -> Rect {
        let itemHeight = s * H + 40
        return Rect(x: Double(i) * (s * W + 1.5), y: H - itemHeight + 40, width: s * W, height: s * H)
    }

    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    func expectRect(
        _ rect: Rect, _ expected: Rect, _ tolerance: Double = 1e-9, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(close(rect.minX, expected.minX, tolerance), sourceLocation: sourceLocation)
        #expect(close(rect.minY, expected.minY, tolerance), sourceLocation: sourceLocation)
        #expect(close(rect.width, expected.width, tolerance), sourceLocation: sourceLocation)
        #expect(close(rect.height, expected.height, tolerance), sourceLocation: sourceLocation)
    }

    func lerp(_ a: Rect, _ b: Rect, _ x: Double) -> Rect {
        Rect(
            x: a.minX + (b.minX - a.minX) * x, y: a.minY + (b.minY - a.minY) * x,
            width: a.width + (b.width - a.width) * x, height: a.height + (b.height - a.height) * x)
    }

    /// The tap-started push and pop.
    static let tapPresets: [any Preset] = [YUIPaperPush.preset, YUIPaperPop.preset]

    /// The layers in the pose `pose` of `preset`'s document for a scene and parameters: the
    /// animation's end (`pages` for the push, `home` for the pop) as its frames draw it.
    static func pose(
        _ preset: ParametricDocument, _ pose: String, scene: [String: ParameterValue] = [:],
        parameters: [String: ParameterValue] = [:]
    ) throws -> [LayerState] {
        let document = preset.build(
            ParameterValues(specs: preset.sceneFields, given: scene),
            ParameterValues(specs: preset.parameters, given: parameters))
        let compiled = try #require(DocumentPreset(document))
        let states = try #require(document.resolved(pose))
        return render(compiled.layerDescriptions, states, states, 0)
    }

    /// The push's spring as its document states it, for `parameters`.
    static func pushCurve(_ parameters: [String: ParameterValue]) throws -> TimingCurve {
        let document = YUIPaperPush.preset.build(
            ParameterValues(specs: YUIPaperScene.fields, given: [:]),
            ParameterValues(specs: YUIPaperParameters.all, given: parameters))
        guard case .tap(let tap) = document.interaction else { throw CancellationError() }
        return try #require(tap.curve.timingCurve())
    }

    @Test func seedConstantsAreTheDefaults() {
        for preset in Self.tapPresets {
            func value(_ name: String) -> ParameterValue? {
                preset.parameters.first { $0.name == name }?.defaultValue
            }
            #expect(value("scaleFactor") == .number(0.6))  // HomeView scaleFactor 0.6 (README: 0.4)
            #expect(value("duration") == .number(0.5))  // UIView.animate(withDuration: 0.5, …)
            #expect(value("dampingRatio") == .number(2))  // usingSpringWithDamping: 2
            #expect(value("initialVelocity") == .number(0.2))  // initialSpringVelocity: 0.2
            #expect(value("itemSpacing") == .number(1.5))  // minimumLineSpacing 1.5
            #expect(value("titleHeight") == .number(40))  // the cell's 40 pt title label
            #expect(value("backdropOpacity") == .number(0.5))  // backdrop.alpha = 0.5
            #expect(value("legacyPageOffset") == .bool(false))  // §14.25 fixed by default
            #expect(preset.sceneFields.first { $0.name == "displayCornerRadius" }?.defaultValue == .number(47.33))
            #expect(preset.parameters.allSatisfy { $0.source.contains("YUI") })
            #expect(preset.description.summary.contains("[inferred]"))
            #expect(preset.description.summary.contains("Beyond the original"))
            #expect(!preset.interactive && preset.decisionRules.isEmpty)
        }
        #expect(YUIPaperConstants.cardRadiusInset == 32)  // max(0, dcr − 32)
        #expect(YUIPaperConstants.pushDemoRadiusInset == 12)  // max(0, dcr − 12)
        #expect(YUIPaperConstants.popDemoRadiusInset == 16)  // max(0, dcr − 16)
        #expect(YUIPaperConstants.labelsLiftFraction == 0.4)  // translateY −0.4·H
    }

    /// §15.0's row "2 → clamped to 1, 0.4, 0.4 (YUI)": k 530.8320, c 46.0796 and its table,
    /// through the preset's own easing with those parameters.
    @Test func theSpringIsUIKitsMappingWithTheRatioClamped() throws {
        let w = Self.omega(duration: 0.4, velocity: 0.4)
        #expect(close(w * w, 530.8320, 5e-5))
        #expect(close(2 * w, 46.0796, 5e-5))
        let easing = try Self.pushCurve(["duration": .number(0.4), "initialVelocity": .number(0.4)])
        for (fraction, table) in [(0.1, 0.2418), (0.25, 0.6741), (0.5, 0.9449), (0.75, 0.9922), (0.99, 0.9989)] {
            #expect(close(Self.e(0.4 * fraction, duration: 0.4, velocity: 0.4), table, 5e-5))
            #expect(close(easing.fraction(at: 0.4 * fraction), table, 5e-5))
        }
        let seed = try Self.pushCurve([:])
        for t in [0.05, 0.1, 0.25, 0.4] {
            #expect(close(seed.fraction(at: t), Self.e(t), 1e-6))
        }
        #expect(seed.fraction(at: 0.5) == 1)  // UIKit ends the animation at T
    }

    /// §15.8's home: cards 234 × 546.4 in a strip at y = 297.6, item 0's container
    /// (0, 337.6, 234, 506.4) with radius dcr − 32 = 15.33, item 1 at x = 235.5.
    @Test func sceneGHomeLayout() throws {
        let first = try #require(try run(YUIPaperPush.preset).frames.first)
        #expect(close(Self.H - (0.6 * Self.H + 40), 297.6, 1e-9))
        expectRect(first.layers[Self.selected].presentationFrame, Self.smallContainer(0))
        expectRect(first.layers[Self.selected].presentationFrame, Rect(x: 0, y: 337.6, width: 234, height: 506.4))
        expectRect(first.layers[Self.next].presentationFrame, Self.smallContainer(1))
        #expect(close(first.layers[Self.next].presentationFrame.minX, 235.5))
        #expect(close(first.layers[Self.selected].cornerRadius, Self.dcr - 32))
        #expect(first.layers[Self.previous].opacity == 0)  // there is no card −1
        expectRect(first.layers[Self.title].presentationFrame, Rect(x: 0, y: 297.6, width: 234, height: 40))
    }

    /// §15.8's push of item 0: D's transform s = 0.6, t = Fc.mid − (W/2, H/2) = (−78, 168.8),
    /// α 0, radius dcr − 12 = 35.33, backdrop 0.
    @Test func pushStartsWithTheDemoOnTheCard() throws {
        let first = try #require(try run(YUIPaperPush.preset).frames.first)
        let demo = first.layers[Self.demo]
        let fc = Self.smallContainer(0)
        #expect(close(demo.transform.a, fc.width / Self.W) && close(demo.transform.a, 0.6))
        #expect(close(demo.transform.d, 0.6))
        #expect(close(demo.transform.tx, fc.midX - Self.W / 2) && close(demo.transform.tx, -78))
        #expect(close(demo.transform.ty, fc.midY - Self.H / 2) && close(demo.transform.ty, 168.8))
        #expect(demo.opacity == 0 && close(demo.cornerRadius, Self.dcr - 12))
        #expect(first.layers[Self.backdrop].opacity == 0 && first.progress == 0)
    }

    /// §10.2's per-frame rule: D's rect = lerp(Fc, screen, e), α = e; each card's container
    /// = lerp(small, big) with the big page at i·(W + 1.5) − offset; labels −0.4·H·e;
    /// backdrop 0.5·e; radii lerped.
    @Test func pushGrowsTheCardAndTheDemoTogether() throws {
        let simulation = try run(YUIPaperPush.preset, scene: ["selectedIndex": .number(2)], frameRate: 60)
        #expect(simulation.frames.count == 31)  // 0.5 s at 60 Hz: t = 0 … 0.5
        let screen = Rect(x: 0, y: 0, width: Self.W, height: Self.H)
        for index in [3, 6, 12, 20] {
            let frame = simulation.frames[index]
            let e = Self.e(frame.time)
            #expect(close(frame.progress, e, 1e-6))
            let fc = Self.smallContainer(2)
            expectRect(frame.layers[Self.demo].presentationFrame, lerp(fc, screen, e), 1e-4)
            #expect(close(frame.layers[Self.demo].opacity, e, 1e-6))
            #expect(close(frame.layers[Self.demo].cornerRadius, (Self.dcr - 12) + 12 * e, 1e-5))
            for (layer, card) in [(Self.previous, 1), (Self.selected, 2), (Self.next, 3)] {
                let big = Rect(
                    x: Double(card) * (Self.W + 1.5) - 2 * (Self.W + 1.5), y: 0, width: Self.W, height: Self.H)
                expectRect(frame.layers[layer].presentationFrame, lerp(Self.smallContainer(card), big, e), 1e-4)
                #expect(close(frame.layers[layer].cornerRadius, (Self.dcr - 32) + 32 * e, 1e-5))
            }
            #expect(close(frame.layers[Self.labels].transform.ty, -0.4 * Self.H * e, 1e-4))
            #expect(close(frame.layers[Self.labels].opacity, 1 - e, 1e-6))
            #expect(close(frame.layers[Self.backdrop].opacity, 0.5 * e, 1e-6))
            #expect(close(frame.layers[Self.title].opacity, 1 - e, 1e-6))
        }
        let last = try #require(simulation.frames.last)
        #expect(last.phase == .settled && last.time == 0.5 && last.progress == 1)
        #expect(last.layers[Self.demo].transform == .identity && last.layers[Self.demo].opacity == 1)
        #expect(close(last.layers[Self.demo].cornerRadius, Self.dcr))
        #expect(last.layers.enumerated().allSatisfy { $0.offset == Self.demo || $0.element.opacity == 0 })
        #expect(simulation.events.map(\.type) == [.began, .finished] && simulation.decision == nil)
    }

    /// §15.8's push of item 1 (spacing bug, §14.25): the seed's offset i·W = 390 leaves the
    /// page at 391.5 − 390 = 1.5 pt; the default offset i·(W + 1.5) lands it at 0.
    @Test func pushItemOneShowsTheSpacingBugOnlyWhenAskedFor() throws {
        for (legacy, expectedX) in [(true, 391.5 - 390), (false, 0.0)] {
            let end = try Self.pose(
                YUIPaperPush.preset, "pages", scene: ["selectedIndex": .number(1)],
                parameters: ["legacyPageOffset": .bool(legacy)])
            expectRect(
                end[Self.selected].presentationFrame, Rect(x: expectedX, y: 0, width: Self.W, height: Self.H), 1e-9)
            expectRect(end[Self.demo].presentationFrame, Rect(x: 0, y: 0, width: Self.W, height: Self.H), 1e-9)
        }
    }

    /// The README's 0.4 (§14.24) is one parameter away: items (0.4·W, 0.4·H + 40).
    @Test func readmeScaleFactorIsSelectable() throws {
        let first = try #require(try run(YUIPaperPush.preset, parameters: ["scaleFactor": .number(0.4)]).frames.first)
        expectRect(first.layers[Self.selected].presentationFrame, Self.smallContainer(0, scale: 0.4))
        #expect(close(first.layers[Self.demo].transform.a, 0.4))
    }

    /// §15.8's pop of item 0: the reverse of the push; D α 1 → 0 and radius dcr → dcr − 16
    /// = 31.33, landing on Fc; the home ends at rest, the demo out of the window.
    @Test func popShrinksTheDemoBackOntoTheCard() throws {
        let simulation = try run(YUIPaperPop.preset, frameRate: 60)
        let first = try #require(simulation.frames.first)
        expectRect(first.layers[Self.demo].presentationFrame, Rect(x: 0, y: 0, width: Self.W, height: Self.H))
        #expect(first.layers[Self.demo].opacity == 1 && close(first.layers[Self.demo].cornerRadius, Self.dcr))
        expectRect(first.layers[Self.selected].presentationFrame, Rect(x: 0, y: 0, width: Self.W, height: Self.H))
        #expect(close(first.layers[Self.backdrop].opacity, 0.5) && first.layers[Self.labels].opacity == 0)
        #expect(close(first.layers[Self.labels].transform.ty, -0.4 * Self.H))
        let fc = Self.smallContainer(0)
        let screen = Rect(x: 0, y: 0, width: Self.W, height: Self.H)
        for index in [4, 10, 18] {
            let frame = simulation.frames[index]
            let e = Self.e(frame.time)
            expectRect(frame.layers[Self.demo].presentationFrame, lerp(screen, fc, e), 1e-4)
            #expect(close(frame.layers[Self.demo].opacity, 1 - e, 1e-6))
            #expect(close(frame.layers[Self.demo].cornerRadius, Self.dcr - 16 * e, 1e-5))
            #expect(close(frame.layers[Self.backdrop].opacity, 0.5 * (1 - e), 1e-6))
        }
        // At e = 1 (the animation's end, before the completion removes it) D lies on Fc with radius 31.33.
        let end = try Self.pose(YUIPaperPop.preset, "home")
        expectRect(end[Self.demo].presentationFrame, fc)
        #expect(close(end[Self.demo].cornerRadius, Self.dcr - 16) && close(Self.dcr - 16, 31.33))
        #expect(end[Self.demo].opacity == 0)
        let last = try #require(simulation.frames.last)
        #expect(last.phase == .settled && last.progress == 1)
        #expect(last.layers[Self.demo].opacity == 0 && last.layers[Self.demo].transform == .identity)
        expectRect(last.layers[Self.selected].presentationFrame, fc)
        #expect(close(last.layers[Self.selected].cornerRadius, Self.dcr - 32))
        #expect(last.layers[Self.backdrop].opacity == 0 && last.layers[Self.labels].transform == .identity)
        #expect(last.layers[Self.home].opacity == 1)
    }

    /// The pop starts exactly where the push's animation ends (apart from the titles,
    /// which the pop's set-up leaves visible above the screen, and the demo's radius).
    @Test func popStartsWherePushEnds() throws {
        for index in [0, 3] {
            let scene: [String: ParameterValue] = ["selectedIndex": .number(Double(index))]
            let pushed = try Self.pose(YUIPaperPush.preset, "pages", scene: scene)
            let popping = try Self.pose(YUIPaperPop.preset, "pages", scene: scene)
            for layer in [Self.home, Self.backdrop, Self.previous, Self.selected, Self.next, Self.labels, Self.demo] {
                #expect(pushed[layer] == popping[layer])
            }
        }
    }

    /// Properties over several scenes and frame rates: the last frame is the first grid
    /// time at or after 0.5 s and shows the exact settled state; between frames no layer
    /// jumps more than the spring can move it in one frame.
    @Test(arguments: [7.0, 24, 60, 120])
    func framesFollowTheGridAndMoveSmoothly(frameRate: Double) throws {
        for preset in Self.tapPresets {
            for index in [0, 1, 5] {
                let simulation = try run(
                    preset, scene: ["selectedIndex": .number(Double(index)), "contentOffset": .number(100)],
                    frameRate: frameRate)
                let count = Int((0.5 * frameRate - 1e-9 * frameRate).rounded(.up)) + 1
                #expect(simulation.frames.count == count)
                for (k, frame) in simulation.frames.enumerated() {
                    #expect(close(frame.time, Double(k) / frameRate, 1e-12))
                }
                let last = try #require(simulation.frames.last)
                #expect(last.phase == .settled && last.time >= 0.5)
                // Largest step of the eased progress between two frames, bounded by the spring's speed.
                let animating = simulation.frames.dropLast()
                let maxSpeed = Self.omega() * 1.0  // |e′| ≤ ω for this critically damped spring
                for (a, b) in zip(animating, animating.dropFirst()) {
                    #expect(b.progress >= a.progress - 1e-12)
                    #expect(b.progress - a.progress <= maxSpeed / frameRate + 1e-9)
                    let da = a.layers[Self.demo].presentationFrame
                    let db = b.layers[Self.demo].presentationFrame
                    #expect(abs(db.width - da.width) <= Self.W * maxSpeed / frameRate + 1e-6)
                }
            }
        }
    }

    // MARK: - yui.fbPaper.interactivePop (beyond the seed)

    /// A linear drag from (195, 300) by `dy` down (and `dx` across) over `seconds`, lifted a frame later.
    func drag(_ dy: Double, dx: Double = 0, over seconds: Double) -> [GestureSample] {
        ExampleGestures.linearDrag(from: Point(x: 195, y: 300), by: Point(x: dx, y: dy), over: seconds)
    }

    @Test func interactivePopSaysItGoesBeyondTheSeed() {
        let preset = YUIPaperInteractivePop.preset
        func value(_ name: String) -> ParameterValue? { preset.parameters.first { $0.name == name }?.defaultValue }
        #expect(value("dragDistance") == .number(0.5))  // §10.4 maxT = 0.5·H, reused
        #expect(value("flickVelocity") == .number(500))  // §10.4 |vy| > 500, reused
        #expect(value("progressThreshold") == .number(0.5))  // §10.4 ty/maxT > 0.5, reused
        #expect(value("gateRatio") == .number(1.5))  // §10.4 |vy| > 1.5·|vx|, reused
        #expect(value("duration") == .number(0.5) && value("dampingRatio") == .number(2))
        #expect(preset.interactive && preset.decisionRules.map(\.id) == ["flickOrHalf"])
        #expect(preset.description.summary.hasPrefix("Beyond the original"))
        #expect(preset.description.source.hasPrefix("beyond the YUI gallery"))
    }

    /// The example: 260 pt down in 0.3 s. While the finger moves every layer shows the pop
    /// at p = ty/422; released at p = 260/422 > 0.5 and vy > 500 it finishes, springing
    /// the rest with V = (vy/422)/(1 − p) (motion-math.md §2.8), and ends on the home.
    @Test func interactivePopScrubsThePopAndFinishes() throws {
        let simulation = try run(YUIPaperInteractivePop.preset, samples: YUIPaperInteractivePop.exampleDrag)
        let decision = try #require(simulation.decision)
        let p0 = 260 / (0.5 * Self.H)
        #expect(decision.outcome == .finish && decision.rule == "flickOrHalf")
        #expect(close(decision.progress, p0, 1e-9) && close(decision.translation.y, 260, 1e-6))
        let fc = Self.smallContainer(0)
        let screen = Rect(x: 0, y: 0, width: Self.W, height: Self.H)
        // Frame 0 is before the pan begins: the demo alone.
        #expect(simulation.frames[0].layers[Self.home].opacity == 0)
        for k in [1, 9, 18] {
            let frame = simulation.frames[k]
            let p = 260 * Double(k) / 18 / 422
            #expect(frame.phase == .interactive && close(frame.progress, p, 1e-6))
            expectRect(frame.layers[Self.demo].presentationFrame, lerp(screen, fc, p), 1e-4)
            #expect(close(frame.layers[Self.demo].opacity, 1 - p, 1e-6))
            #expect(close(frame.layers[Self.backdrop].opacity, 0.5 * (1 - p), 1e-6))
        }
        let release = 19.0 / 60
        let handoff = decision.velocity.y / 422 / (1 - p0)
        for k in [20, 25, 35] {
            let frame = simulation.frames[k]
            let p = p0 + (1 - p0) * Self.e(frame.time - release, duration: 0.5, velocity: handoff)
            #expect(frame.phase == .animating && close(frame.progress, p, 1e-6))
            expectRect(frame.layers[Self.demo].presentationFrame, lerp(screen, fc, p), 1e-3)
        }
        #expect(simulation.frames.count == 50)  // (19/60 + 0.5)·60 = 49 → frames 0 … 49
        let last = try #require(simulation.frames.last)
        #expect(last.phase == .settled && last.progress == 1 && close(last.time, release + 0.5, 1e-9))
        #expect(last.layers[Self.demo].opacity == 0 && last.layers[Self.home].opacity == 1)
        expectRect(last.layers[Self.selected].presentationFrame, fc)
        #expect(simulation.events.map(\.type) == [.began, .released, .finished])
    }

    /// A slow short drag (100 pt in 0.5 s: vy ≈ 200 ≤ 500, p = 100/422 ≤ 0.5) cancels and
    /// ends on the open demo; a quick 60 pt flick (≈ 1200 pt/s) finishes though p is small.
    @Test func interactivePopReleasePolicy() throws {
        let slow = try run(YUIPaperInteractivePop.preset, samples: drag(100, over: 0.5))
        let slowDecision = try #require(slow.decision)
        #expect(slowDecision.outcome == .cancel && close(slowDecision.progress, 100 / 422.0, 1e-9))
        #expect(abs(slowDecision.velocity.y) <= 500)
        let last = try #require(slow.frames.last)
        #expect(last.progress == 0 && last.layers[Self.demo].transform == .identity)
        #expect(last.layers[Self.demo].opacity == 1 && last.layers[Self.home].opacity == 0)
        #expect(slow.events.last?.type == .cancelled)

        let flick = try run(YUIPaperInteractivePop.preset, samples: drag(60, over: 0.05))
        let flickDecision = try #require(flick.decision)
        #expect(flickDecision.velocity.y > 500 && flickDecision.progress < 0.5)
        #expect(flickDecision.outcome == .finish && flickDecision.rule == "flickOrHalf")
    }

    /// A sideways pan fails §10.4's gate (vy ≤ 1.5·|vx|): nothing moves, the demo stays open.
    @Test func interactivePopIgnoresASidewaysPan() throws {
        let simulation = try run(YUIPaperInteractivePop.preset, samples: drag(20, dx: 200, over: 0.3))
        let decision = try #require(simulation.decision)
        #expect(decision.rule == "gate" && decision.outcome == .cancel)
        // The open demo: full-screen at identity, α 1, with the home out of the window (α 0).
        let open = simulation.frames[0].layers
        #expect(open[Self.demo].transform == .identity && open[Self.demo].opacity == 1)
        #expect(open.filter { $0.id != "demo" }.allSatisfy { $0.opacity == 0 })
        #expect(simulation.frames.allSatisfy { $0.progress == 0 && $0.layers == open })
        #expect(simulation.frames.last?.phase == .settled)
    }

    /// Property: for smooth downward drags of many lengths and speeds, the progress never
    /// jumps more than the finger or the spring can move it in one frame, and the
    /// last frame is the exact settled state of the outcome.
    @Test func interactivePopFramesAreContinuous() throws {
        for dy in stride(from: 40.0, through: 700, by: 110) {
            for seconds in [0.1, 0.35, 0.8] {
                let simulation = try run(YUIPaperInteractivePop.preset, samples: drag(dy, over: seconds))
                let decision = try #require(simulation.decision)
                let fingerStep = dy / seconds / 60 / 422
                let handoff = abs(
                    decision.velocity.y / 422
                        / max(abs((decision.outcome == .finish ? 1 : 0) - decision.progress), 1e-9))
                let springStep = (Self.omega(velocity: min(handoff, 40)) + handoff) / 60
                let frames = simulation.frames.dropLast()
                for (a, b) in zip(frames, frames.dropFirst()) {
                    #expect(abs(b.progress - a.progress) <= max(fingerStep, springStep) + 1e-6)
                }
                let last = try #require(simulation.frames.last)
                #expect(last.phase == .settled)
                #expect(last.progress == (decision.outcome == .finish ? 1 : 0))
            }
        }
    }
}
