import SegueMath
import Testing

@testable import SegueEngine

/// The App Store card changes size by layout, not by a stretch (issue 25). In the original
/// (Wirawit Rueopas, AppStoreiOS11InteractiveTransition) the present and the dismiss animate the
/// card container's top, width and height constraints, so the card is laid out anew at every
/// frame; only the press (`scaleX: 0.96, y: 0.96`) and the interactive shrink (the presented
/// view's transform, to 0.86) are transforms, and both scale the two axes alike. So every frame
/// lays the card out at its `frame` with a uniform scale about that frame's centre, and the rect
/// it shows, `presentationFrame`, is the one the scene and the original's formulas give (scene F:
/// a 390 × 844 window, the card at (20, 67, 350, 420)), computed here, not read back.
@Suite struct AppStoreLayoutTests {
    static let window = Size(width: 390, height: 844)
    static let screen = Rect(x: 0, y: 0, width: 390, height: 844)
    /// Scene F's card 0: width W − 2·20, height 1.2·width, at (20, 67).
    static let cell = Rect(x: 20, y: 67, width: 390 - 2 * 20, height: 1.2 * (390 - 2 * 20))
    /// The screen shrunk to 0.86 about its centre: 7 % of it in from each side.
    static let shrunk = Rect(x: 0.07 * 390, y: 0.07 * 844, width: 0.86 * 390, height: 0.86 * 844)

    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    func close(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
        close(a.minX, b.minX, tolerance) && close(a.minY, b.minY, tolerance) && close(a.width, b.width, tolerance)
            && close(a.height, b.height, tolerance)
    }

    func card(_ frame: SimulationFrame) throws -> LayerState { try #require(frame[layer: "card"]) }

    /// `rect` scaled by `s` about its centre, corner by corner.
    func scaled(_ rect: Rect, _ s: Double) -> Rect {
        Rect(
            x: rect.midX - s * rect.width / 2, y: rect.midY - s * rect.height / 2, width: s * rect.width,
            height: s * rect.height)
    }

    /// The card is laid out at `frame`, scaled by `scale` on both axes about its centre (the same
    /// number in a and d, no skew, no translation), and shows `shown`.
    func expectLaidOut(_ state: LayerState, at frame: Rect, scale: Double, shows shown: Rect, _ label: String) {
        #expect(close(state.frame, frame), "\(label): laid out at \(state.frame), expected \(frame)")
        let t = state.transform
        #expect(t.a == t.d && t.b == 0 && t.c == 0 && t.tx == 0 && t.ty == 0, "\(label): transform \(t)")
        #expect(close(t.a, scale, 1e-12), "\(label): scale \(t.a), expected \(scale)")
        #expect(close(state.presentationFrame, shown), "\(label): shows \(state.presentationFrame), expected \(shown)")
    }

    /// Phase 1: the press is a transform on the cell, which stays laid out at its frame:
    /// s = 1 − 0.04·x(t) + 0.04·x(t − up) on the 0.5 s critically damped spring.
    @Test func theHighlightScalesTheCellInPlace() throws {
        let up = 0.15
        let samples = [
            GestureSample(time: 0, location: Point(x: 195, y: 277), phase: .began),
            GestureSample(time: up, location: Point(x: 195, y: 277), phase: .ended),
        ]
        let simulation = try run(AppStoreHighlight.preset, samples: samples)
        #expect(simulation.layers.first { $0.id == "card" }?.frame == Self.cell)
        let spring = try #require(Spring.uikit(duration: 0.5, dampingRatio: 1))
        func x(_ t: Double) -> Double { t <= 0 ? 0 : t >= 0.5 ? 1 : spring.progress(at: t).value }
        for frame in simulation.frames {
            let s = 1 - 0.04 * x(frame.time) + (frame.time >= up ? 0.04 * x(frame.time - up) : 0)
            let state = try card(frame)
            #expect(state.frame == Self.cell, "t = \(frame.time)")
            expectLaidOut(state, at: Self.cell, scale: s, shows: scaled(Self.cell, s), "t = \(frame.time)")
            #expect(state.cornerRadius == 16)
        }
    }

    /// Phases 2–3: the detail card is laid out from the pressed card (the cell at 0.96, 1 pt
    /// higher) to the screen with no transform: its top on the spring ζ = 1 − 0.3·75.4/844,
    /// T = 0.5 + 0.4·75.4/844, its width and height linearly over 0.6·T, centred across.
    @Test func thePresentLaysTheCardOutAsItGrows() throws {
        let pressed = scaled(Self.cell, 0.96)
        #expect(close(pressed, Rect(x: 27, y: 75.4, width: 336, height: 403.2)))
        let zeta = 1 - 0.3 * pressed.minY / 844
        let duration = 0.5 + 0.4 * pressed.minY / 844
        let spring = try #require(Spring.uikit(duration: duration, dampingRatio: zeta))
        let simulation = try run(AppStorePresent.preset)
        let described = try #require(simulation.layers.first { $0.id == "card" }?.frame)
        #expect(close(described, Rect(x: 27, y: 74.4, width: 336, height: 403.2)))
        for frame in simulation.frames.dropLast() {
            let t = frame.time
            let expected = AppStorePresetTests.presentedCard(at: t, duration: duration, spring: spring)
            expectLaidOut(try card(frame), at: expected, scale: 1, shows: expected, "t = \(t)")
        }
        let last = try #require(simulation.frames.last)
        let full = Rect(x: 0, y: -1, width: 390, height: 844)
        expectLaidOut(try card(last), at: full, scale: 1, shows: full, "settled")
    }

    /// Phase 4 then 5: dragging down 10 pt a sample shrinks the detail, laid out over the
    /// screen, by s = 1 − 0.14·p with p = travel / 100; the sample at y = 400 (t = 10/60 s)
    /// dismisses, and from there the card is laid out from the shrunk screen to the cell on the
    /// ζ 0.7, 0.6 s spring with no transform, its radius going on from the shrink's visible 16·0.86.
    @Test func theInteractiveDismissShrinksThenLaysTheCardOutBackToTheCell() throws {
        var samples = [GestureSample(time: 0, location: Point(x: 195, y: 300), phase: .began)]
        for k in 1...15 {
            samples.append(
                GestureSample(time: Double(k) / 60, location: Point(x: 195, y: 300 + 10 * Double(k)), phase: .changed))
        }
        let simulation = try run(AppStoreInteractiveDismiss(), samples: samples)
        #expect(simulation.layers.first { $0.id == "card" }?.frame == Self.screen)
        let crossing = 10.0 / 60
        let spring = try #require(Spring.uikit(duration: 0.6, dampingRatio: 0.7))
        var shrinking = 0
        var dismissing = 0
        for frame in simulation.frames.dropLast() {
            let state = try card(frame)
            if frame.time < crossing - 1e-9 {
                // The frame at k/60 holds sample k's travel, 10·k pt, as the paused animator's
                // fractionComplete, which UIKit keeps within [0.00001, 0.99999].
                let p = min(max(10 * (frame.time * 60).rounded() / 100, 0.00001), 0.99999)
                let s = 1 - 0.14 * p
                expectLaidOut(state, at: Self.screen, scale: s, shows: scaled(Self.screen, s), "t = \(frame.time)")
                #expect(state.frame == Self.screen)
                #expect(close(state.cornerRadius, 16 * p), "t = \(frame.time)")
                shrinking += 1
            } else {
                let x = spring.progress(at: frame.time - crossing).value
                let expected = Rect.interpolate(from: Self.shrunk, to: Self.cell, fraction: x)
                expectLaidOut(state, at: expected, scale: 1, shows: expected, "t = \(frame.time)")
                #expect(close(state.cornerRadius, 16 * 0.86 + (16 - 16 * 0.86) * x), "t = \(frame.time)")
                dismissing += 1
            }
        }
        #expect(shrinking == 10 && dismissing > 10)
        let last = try #require(simulation.frames.last)
        expectLaidOut(try card(last), at: Self.cell, scale: 1, shows: Self.cell, "settled")
        #expect(try card(last).frame == Self.cell)
    }

    /// Phase 5 alone: laid out from the shrunk screen back onto the cell, no transform.
    @Test func theDismissLaysTheCardOutBackToTheCell() throws {
        let simulation = try run(AppStoreDismiss.preset, frameRate: 10)
        let described = try #require(simulation.layers.first { $0.id == "card" }?.frame)
        #expect(close(described, Self.shrunk))
        let spring = try #require(Spring.uikit(duration: 0.6, dampingRatio: 0.7))
        for frame in simulation.frames.dropLast() {
            let x = spring.progress(at: frame.time).value
            let expected = Rect.interpolate(from: Self.shrunk, to: Self.cell, fraction: x)
            expectLaidOut(try card(frame), at: expected, scale: 1, shows: expected, "t = \(frame.time)")
        }
        let last = try #require(simulation.frames.last)
        #expect(try card(last).frame == Self.cell && card(last).transform == .identity)
    }

    /// No App Store frame stretches the card: over the examples and the variants that move it
    /// elsewhere (a short press, a card above the screen, the slides' 0.8, the edge pan in either
    /// space, a reversed drag), every card transform is a scale with a == d and nothing else, and
    /// the first frame lays the card out where the layer is described.
    @Test func noAppStoreFrameStretchesTheCard() throws {
        let drag = ExampleGestures.linearDrag(from: Point(x: 195, y: 300), by: Point(x: 0, y: 60), over: 0.2)
        let edge = ExampleGestures.linearDrag(from: Point(x: 5, y: 400), by: Point(x: 130, y: 0), over: 0.2)
        let runs: [(String, Simulation)] = [
            ("highlight", try run(AppStoreHighlight.preset, samples: AppStoreExampleGestures.highlight)),
            ("present", try run(AppStorePresent.preset)),
            ("present, short press", try run(AppStorePresent.preset, parameters: ["pressDuration": .number(0.1)])),
            (
                "present, card above",
                try run(
                    AppStorePresent.preset, scene: ["cardFrame": .rect(Rect(x: 10, y: -100, width: 300, height: 420))])
            ),
            (
                "interactiveDismiss",
                try run(AppStoreInteractiveDismiss(), samples: AppStoreExampleGestures.interactiveDismiss)
            ),
            ("interactiveDismiss, reversed", try run(AppStoreInteractiveDismiss(), samples: drag)),
            (
                "interactiveDismiss, 0.8",
                try run(
                    AppStoreInteractiveDismiss(), parameters: ["shrinkScale": .number(0.8)],
                    samples: AppStoreExampleGestures.interactiveDismiss)
            ),
            ("interactiveDismiss, edge", try run(AppStoreInteractiveDismiss(), samples: edge)),
            (
                "interactiveDismiss, edge in card space",
                try run(
                    AppStoreInteractiveDismiss(), parameters: ["edgeProgressSpace": .choice("card")], samples: edge)
            ),
            ("dismiss", try run(AppStoreDismiss.preset)),
            ("dismiss, 0.8", try run(AppStoreDismiss.preset, parameters: ["shrinkScale": .number(0.8)])),
        ]
        for (name, simulation) in runs {
            let described = try #require(simulation.layers.first { $0.id == "card" }?.frame)
            #expect(try card(#require(simulation.frames.first)).frame == described, "\(name)")
            for frame in simulation.frames {
                let state = try card(frame)
                let t = state.transform
                #expect(
                    t.a == t.d && t.a > 0 && t.b == 0 && t.c == 0 && t.tx == 0 && t.ty == 0,
                    "\(name) at t = \(frame.time): \(t)")
                #expect(close(state.presentationFrame, scaled(state.frame, t.a)), "\(name) at t = \(frame.time)")
            }
        }
    }
}
