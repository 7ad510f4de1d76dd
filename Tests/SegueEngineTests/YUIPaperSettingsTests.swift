import Foundation
import SegueMath
import Testing

@testable import SegueEngine

/// `yui.fbPaper.settings` against seed-transitions.md §10.4 and scene G's settings pull
/// (§15.8). Springs are solved again here by motion-math.md §2.3 (Newton on the
/// envelope) and evaluated with §1.3's closed forms.
@Suite struct YUIPaperSettingsTests {
    static let (W, H) = (390.0, 844.0)
    static let maxT = 0.5 * H
    /// Layer order: settings, home.
    static let (settings, home) = (0, 1)

    /// ω0 by motion-math.md §2.3 for ζ ≤ 1: the envelope equals ε = 0.001 at T (Newton,
    /// numeric derivative).
    static func omega(duration: Double, zeta: Double, velocity: Double) -> Double {
        let (T, V) = (duration, velocity)
        func envelope(_ w: Double) -> Double {
            if zeta < 1 {
                return (zeta * w - V) / (w * (1 - zeta * zeta).squareRoot()) * exp(-zeta * w * T) - 0.001
            }
            return (1 + (w - V) * T) * exp(-w * T) - 0.001
        }
        var w = 5 / T
        for _ in 0..<40 {
            let h = 1e-6 * w
            w -= envelope(w) / ((envelope(w + h) - envelope(w - h)) / (2 * h))
        }
        return w
    }

    /// Spring progress x(t) from 0 to 1 with x′(0) = V (§1.3's closed forms, y0 = −1).
    static func x(_ t: Double, duration: Double, zeta: Double, velocity: Double) -> Double {
        let w = omega(duration: duration, zeta: zeta, velocity: velocity)
        if zeta < 1 {
            let wd = w * (1 - zeta * zeta).squareRoot()
            return 1 + exp(-zeta * w * t) * (-cos(wd * t) + (velocity - zeta * w) / wd * sin(wd * t))
        }
        return 1 + (-1 + (velocity - w) * t) * exp(-w * t)
    }

    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    /// The home's visual scale and downward shift of its centre; the settings' scale and α.
    func look(_ frame: SimulationFrame) -> (scale: Double, shift: Double, settingsScale: Double, alpha: Double) {
        let home = frame.layers[Self.home].presentationFrame
        let settings = frame.layers[Self.settings]
        return (
            home.width / Self.W, home.midY - Self.H / 2, settings.presentationFrame.width / Self.W, settings.opacity
        )
    }

    func drag(_ dy: Double, dx: Double = 0, over seconds: Double, from y: Double = 200) -> [GestureSample] {
        ExampleGestures.linearDrag(from: Point(x: 195, y: y), by: Point(x: dx, y: dy), over: seconds)
    }

    @Test func seedConstantsAreTheDefaults() {
        let preset = YUIPaperSettings.preset
        func value(_ name: String) -> ParameterValue? { preset.parameters.first { $0.name == name }?.defaultValue }
        #expect(value("maxTranslation") == .number(0.5))  // maxT = 0.5·H
        #expect(value("visibleScale") == .number(0.96))  // sVisible = 0.96
        #expect(value("settingsHiddenScale") == .number(0.9))  // settings start at scale 0.9
        #expect(value("flickVelocity") == .number(500))  // |vy| > 500
        #expect(value("progressThreshold") == .number(0.5))  // ty/maxT > 0.5
        #expect(value("gateRatio") == .number(1.5))  // |vy| > 1.5·|vx|
        #expect(value("toggleDuration") == .number(0.6))  // spring 0.6 s
        #expect(value("toggleDampingRatio") == .number(0.8))  // ζ 0.8
        #expect(value("toggleInitialVelocity") == .number(0.6))  // v0 0.6
        #expect(value("snapBackDuration") == .number(0.4))  // spring 0.4 s, ζ 1, v0 0
        #expect(preset.sceneFields.first { $0.name == "settingsShown" }?.defaultValue == .bool(false))
        #expect(preset.interactive && preset.decisionRules.map(\.id) == ["flickOrHalf"])
        #expect(preset.description.summary.contains("[inferred]"))
        #expect(preset.parameters.allSatisfy { !$0.source.isEmpty })
    }

    /// §15.8: maxT = 422; a drag down 211 (p = 0.5) scales the container 0.98 and shifts
    /// it 0.98·211 = 206.8; the settings are at 0.95, α 0.5. Released slowly at p = 0.5
    /// (not > 0.5) it snaps back on the 0.4 s critically damped spring.
    @Test func sceneGPullSnapsBack() throws {
        let simulation = try run(YUIPaperSettings.preset, samples: YUIPaperSettings.exampleDrag)
        #expect(close(Self.maxT, 422))
        let atHalf = look(simulation.frames[30])
        #expect(close(atHalf.scale, 1 - 0.04 * 0.5) && close(atHalf.scale, 0.98))
        #expect(close(atHalf.shift, 0.98 * 211, 1e-9) && close(atHalf.shift, 206.78, 1e-9))
        #expect(close(atHalf.settingsScale, 0.9 + 0.1 * 0.5) && close(atHalf.alpha, 0.5))
        #expect(close(simulation.frames[30].progress, 0.5))
        let decision = try #require(simulation.decision)
        #expect(decision.outcome == .cancel && decision.rule == "flickOrHalf")
        #expect(abs(decision.velocity.y) < 500 && close(decision.progress, 0.5))
        let release = 43.0 / 60
        for k in [45, 50, 60] {
            let frame = simulation.frames[k]
            let x = Self.x(frame.time - release, duration: 0.4, zeta: 1, velocity: 0)
            let seen = look(frame)
            #expect(frame.phase == .animating)
            #expect(close(seen.scale, 0.98 + (1 - 0.98) * x, 1e-6))
            #expect(close(seen.shift, 206.78 * (1 - x), 1e-4))
            #expect(close(seen.alpha, 0.5 * (1 - x), 1e-6))
        }
        let last = try #require(simulation.frames.last)
        #expect(last.phase == .settled && last.progress == 0 && last.time >= release + 0.4 - 1e-9)
        #expect(last.layers[Self.home].transform == .identity && last.layers[Self.settings].opacity == 0)
        #expect(close(look(last).settingsScale, 0.9))
        #expect(simulation.events.map(\.type) == [.began, .released, .cancelled])
    }

    /// A quick downward flick (100 pt in 0.1 s, |vy| > 500) opens the settings on the
    /// 0.6 s spring (ζ 0.8, v0 0.6): the home ends at translate(0, 422) then scale 0.96
    /// (a shift of 0.96·422 = 405.12), the settings at identity, α 1.
    @Test func flickOpensOnTheToggleSpring() throws {
        let simulation = try run(YUIPaperSettings.preset, samples: drag(100, over: 0.1))
        let decision = try #require(simulation.decision)
        #expect(decision.outcome == .finish && decision.velocity.y > 500)
        let release = 7.0 / 60
        let p = 100 / Self.maxT
        let (s0, shift0) = (1 - 0.04 * p, (1 - 0.04 * p) * 100)
        for k in [9, 20, 30] {
            let frame = simulation.frames[k]
            let x = Self.x(frame.time - release, duration: 0.6, zeta: 0.8, velocity: 0.6)
            let seen = look(frame)
            #expect(close(seen.scale, s0 + (0.96 - s0) * x, 1e-6))
            #expect(close(seen.shift, shift0 + (0.96 * Self.maxT - shift0) * x, 1e-4))
            #expect(close(frame.layers[Self.settings].transform.a, 0.9 + 0.1 * p + (1 - 0.9 - 0.1 * p) * x, 1e-6))
        }
        let last = try #require(simulation.frames.last)
        #expect(last.progress == 1 && close(look(last).shift, 405.12, 1e-9) && close(look(last).scale, 0.96))
        #expect(last.layers[Self.settings].transform == .identity && last.layers[Self.settings].opacity == 1)
    }

    /// From shown, a slow drag up 211 (p = 0.5) reads ty/maxT = −0.5 ≤ 0.5, so the settings
    /// hide (a toggle). Mid-drag the home is the shown transform, then translate(0, −211)
    /// and scale 1.02: scale 1.02·0.96, shift 1.02·(405.12 − 211); the settings 0.95, α 0.5.
    @Test func closingFromShown() throws {
        let simulation = try run(
            YUIPaperSettings.preset, scene: ["settingsShown": .bool(true)], samples: drag(-211, over: 0.5, from: 600))
        let seen = look(simulation.frames[30])
        #expect(close(seen.scale, 1.02 * 0.96, 1e-9))
        #expect(close(seen.shift, 1.02 * (0.96 * 422 - 211), 1e-9))
        #expect(close(seen.settingsScale, 0.95) && close(seen.alpha, 0.5))
        let decision = try #require(simulation.decision)
        #expect(decision.outcome == .finish)
        let last = try #require(simulation.frames.last)
        #expect(last.layers[Self.home].transform == .identity && last.layers[Self.settings].opacity == 0)
    }

    /// A sideways pan fails the gate (|vy| ≤ 1.5·|vx|): nothing moves.
    @Test func sidewaysPanIsIgnored() throws {
        let simulation = try run(YUIPaperSettings.preset, samples: drag(30, dx: 200, over: 0.3))
        #expect(simulation.decision?.rule == "gate")
        #expect(simulation.frames.allSatisfy { $0.progress == 0 && $0.layers[Self.home].transform == .identity })
    }

    /// Property: smooth pulls of many lengths and speeds, from hidden and shown, move the
    /// home by at most what the finger or the spring can in one frame, and end exactly
    /// at the shown or hidden state.
    @Test func framesAreContinuousAndEndExactly() throws {
        for shown in [false, true] {
            for dy in stride(from: 30.0, through: 600, by: 95) {
                for seconds in [0.1, 0.4, 0.9] {
                    let simulation = try run(
                        YUIPaperSettings.preset, scene: ["settingsShown": .bool(shown)],
                        samples: drag(shown ? -dy : dy, over: seconds, from: shown ? 700 : 150))
                    let frames = simulation.frames.dropLast()
                    // The finger's step, or the springs' (|x′| < 12/s for both) over the range left to travel.
                    let bound = max(dy / seconds / 60 + 1e-9, 12 * (0.96 * 422 + dy) / 60)
                    for (a, b) in zip(frames, frames.dropFirst()) {
                        #expect(abs(look(b).shift - look(a).shift) <= bound)
                    }
                    let last = try #require(simulation.frames.last)
                    let endsShown = (last.progress == 1) != shown
                    #expect(close(look(last).shift, endsShown ? 0.96 * 422 : 0, 1e-9))
                    #expect(last.layers[Self.settings].opacity == (endsShown ? 1 : 0))
                }
            }
        }
    }
}
