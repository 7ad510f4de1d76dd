import Glibc
import SegueMath
import SegueTestSupport
import Testing

@testable import SegueEngine

/// The [untitled] slide-over (`yui.untitled.push`, `.pop`, `.interactivePop`) against
/// seed-transitions.md §11 and scene H (§15.9), expected values computed here.
@Suite struct YUIUntitledTests {
    static let width = 390.0
    static let cell = Rect(x: 32, y: 306, width: 147, height: 147)
    static let art = Rect(x: 20, y: 125, width: 350, height: 350)

    /// The state of the layer `id` in `frame`; a missing layer fails the test.
    func layer(_ frame: SimulationFrame?, _ id: String) throws -> LayerState {
        try #require(frame?[layer: id])
    }

    /// A horizontal drag from (40, 500) by `distance` at constant `velocity` (pt/s), sampled at
    /// 120 Hz, the lift continuing the motion.
    func drag(by distance: Double, velocity: Double, lift: GesturePhase = .ended) -> [GestureSample] {
        let seconds = abs(distance / velocity)
        let steps = max(Int((seconds * 120).rounded()), 2)
        var samples = [sample(0, 40, 500, .began)]
        for step in 1...steps {
            let fraction = Double(step) / Double(steps)
            samples.append(sample(fraction * seconds, 40 + distance * fraction, 500, step == steps ? lift : .changed))
        }
        return samples
    }

    /// UIKit's ω0 for a critically damped duration spring: the root of
    /// (1 + (ω0 − V)·T)·e^(−ω0·T) = ε (motion-math.md §2.3), by bisection.
    func criticalOmega(duration: Double, velocity: Double) -> Double {
        var low = 1.0
        var high = 500.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            let envelope = (1 + (mid - velocity) * duration) * exp(-mid * duration)
            if envelope > 0.001 { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }

    @Test func seedConstantsAreTheDefaults() {
        func value(_ preset: any Preset, _ name: String) -> ParameterValue? {
            preset.parameters.first { $0.name == name }?.defaultValue
        }
        #expect(value(YUIUntitledPush.preset, "duration") == .number(0.4))  // push spring 0.4 s
        #expect(value(YUIUntitledPush.preset, "dampingRatio") == .number(2))  // ζ 2
        #expect(value(YUIUntitledPush.preset, "initialVelocity") == .number(0.4))  // v0 0.4
        #expect(value(YUIUntitledPop.preset, "dampingRatio") == .number(1))  // pop ζ 1
        #expect(value(YUIUntitledPop.preset, "initialVelocity") == .number(0))
        let pop = YUIUntitledInteractivePop.preset
        #expect(value(pop, "animationDuration") == .number(0.4))  // UIView.animate 0.4 s
        #expect(value(pop, "reportedDuration") == .number(0.35))  // SharedTransitionConfig.untitled 0.35
        #expect(value(pop, "legacyDurationMismatch") == .bool(false))
        #expect(value(pop, "finishVelocity") == .number(900))  // velocity.x > 900
        #expect(value(pop, "finishProgress") == .number(0.1))  // progress > 0.1
        #expect(YUIUntitledConstants.gridRadius == 16 && YUIUntitledConstants.detailRadius == 40)
        #expect(CubicBezier.yui == CubicBezier(x1: 0.25, y1: 0.46, x2: 0.45, y2: 0.94))
    }

    /// §15.9: the push snapshot ends at s = Fd.w/Fc.w = 2.38095, t = Fd.mid − Fc.mid = (89.5, −79.5),
    /// exactly on the detail art; its radius 16 shows as 16·s ≈ 38.1. The pop's is the inverse.
    @Test func snapshotsMapCellAndArtOntoEachOther() throws {
        let scene = YUIUntitledScene(ParameterValues(specs: YUIUntitledScene.fields, given: [:]))
        let push = try #require(YUIUntitledLayers(scene, .push).animating(1).first { $0.id == "snapshot" })
        let s = Self.art.width / Self.cell.width
        #expect(isClose(push.transform.a, s, absolute: 1e-12) && isClose(s, 2.38095, absolute: 5e-6))
        #expect(isClose(push.transform.tx, Self.art.midX - Self.cell.midX, absolute: 1e-12))
        #expect(isClose(push.transform.ty, Self.art.midY - Self.cell.midY, absolute: 1e-12))
        #expect(isClose(push.transform.tx, 89.5, absolute: 1e-12) && isClose(push.transform.ty, -79.5, absolute: 1e-12))
        #expect(
            isClose(push.presentationFrame.minX, 20, absolute: 1e-9)
                && isClose(push.presentationFrame.width, 350, absolute: 1e-9))
        #expect(isClose(push.cornerRadius * s, 38.1, absolute: 0.01))
        let pop = try #require(YUIUntitledLayers(scene, .pop).animating(1).first { $0.id == "snapshot" })
        #expect(isClose(pop.transform.a, 0.42, absolute: 1e-12))
        #expect(isClose(pop.transform.tx, -89.5, absolute: 1e-12) && isClose(pop.transform.ty, 79.5, absolute: 1e-12))
        #expect(isClose(pop.cornerRadius * 0.42, 16.8, absolute: 1e-9))
    }

    /// §11.1 at t = 0.2 s: the spring (ζ 2 clamped to 1, v0 0.4, 0.4 s) gives
    /// e = 1 − (1 + (ω0 − v0)·t)·e^(−ω0·t); the grid is at −W·e with α = 1 − e, the detail at W·(1 − e).
    @Test func pushFollowsTheCriticallyDampedSpring() throws {
        let simulation = try run(YUIUntitledPush.preset)
        let omega = criticalOmega(duration: 0.4, velocity: 0.4)
        let t = 0.2
        let e = 1 - (1 + (omega - 0.4) * t) * exp(-omega * t)
        let frame = simulation.frames[12]
        #expect(isClose(frame.time, t, absolute: 1e-12))
        #expect(try isClose(layer(frame, "grid").transform.tx, -Self.width * e, absolute: 1e-6))
        #expect(try isClose(layer(frame, "grid").opacity, 1 - e, absolute: 1e-8))
        #expect(try isClose(layer(frame, "detail").transform.tx, Self.width * (1 - e), absolute: 1e-6))
        let first = try #require(simulation.frames.first)
        #expect(
            try layer(first, "detail").transform.tx == Self.width && layer(first, "snapshot").transform == .identity)
        let last = try #require(simulation.frames.last)
        #expect(last.phase == .settled && last.time == 0.4 && simulation.frames.count == 25)
        #expect(try layer(last, "detail").transform == .identity && layer(last, "detail").opacity == 1)
        #expect(
            try layer(last, "snapshot").opacity == 0 && layer(last, "backdrop").opacity == 0
                && layer(last, "grid").opacity == 0)
    }

    @Test func popSlidesTheDetailOutAndTheGridIn() throws {
        let simulation = try run(YUIUntitledPop.preset)
        let first = try #require(simulation.frames.first)
        #expect(try layer(first, "grid").transform.tx == -Self.width && layer(first, "grid").opacity == 0)
        #expect(try layer(first, "detail").transform == .identity && layer(first, "detail").opacity == 1)
        let omega = criticalOmega(duration: 0.4, velocity: 0)
        let e = 1 - (1 + omega * 0.1) * exp(-omega * 0.1)
        #expect(try isClose(layer(simulation.frames[6], "detail").transform.tx, Self.width * e, absolute: 1e-6))
        #expect(try layer(simulation.frames[6], "detail").opacity == 1)  // the detail does not fade (§14.30)
        let last = try #require(simulation.frames.last)
        #expect(try layer(last, "grid").transform == .identity && layer(last, "grid").opacity == 1)
        #expect(try layer(last, "detail").opacity == 0 && layer(last, "snapshot").opacity == 0)
    }

    /// §15.9 tests 1 and 3: tx = 60 (p = 0.154) at +200 pt/s finishes; tx = 20 at +1000 pt/s finishes.
    /// The drag is 36 samples at 120 Hz; the last `.changed` (tx = 60·35/36) is the last update(p),
    /// so the screen and the finish start there, while the rule reads the lift-off's p = 60/W.
    @Test func sceneHReleasesThatFinish() throws {
        let dragged = try run(YUIUntitledInteractivePop.preset, samples: drag(by: 60, velocity: 200))
        #expect(dragged.decision?.outcome == .finish)
        let shown = 60 * 35 / 36 / Self.width
        #expect(isClose(dragged.decision?.progress ?? 0, shown, absolute: 1e-9))
        #expect(isClose(dragged.decision?.ruleProgress ?? 0, 60 / Self.width, absolute: 1e-9))
        #expect(isClose(60 / Self.width, 0.154, absolute: 5e-4))
        let last = try #require(dragged.frames.last)
        #expect(try last.phase == .settled && layer(last, "grid").opacity == 1 && layer(last, "detail").opacity == 0)
        // finish plays the rest of the 0.4 s animation from the last update's p·0.4.
        let release = try #require(dragged.decision?.time)
        #expect(isClose(dragged.events.last?.time ?? 0, release + 0.4 - shown * 0.4, absolute: 1e-9))
        let flung = try run(YUIUntitledInteractivePop.preset, samples: drag(by: 20, velocity: 1000))
        #expect(flung.decision?.outcome == .finish && (flung.decision?.velocity.x ?? 0) > 900)
    }

    /// §15.9 test 2: tx = 30 (p = 0.077) at +200 pt/s cancels at completionSpeed p, the lift-off's,
    /// from the last update's percent (tx = 30·17/18 over 18 samples at 120 Hz), so the cancel lasts
    /// D·(17/18)·p/p = D·17/18: 0.4 s by default, the seed's 0.35 s with the mismatch flag.
    @Test func sceneHCancelLastsTheReportedDuration() throws {
        let fixed = try run(YUIUntitledInteractivePop.preset, samples: drag(by: 30, velocity: 200))
        let decision = try #require(fixed.decision)
        #expect(decision.outcome == .cancel)
        #expect(isClose(30 / Self.width, 0.077, absolute: 5e-4))
        #expect(isClose((fixed.events.last?.time ?? 0) - decision.time, 0.4 * 17 / 18, absolute: 1e-9))
        let legacy = try run(
            YUIUntitledInteractivePop.preset, parameters: ["legacyDurationMismatch": .bool(true)],
            samples: drag(by: 30, velocity: 200))
        #expect(isClose((legacy.events.last?.time ?? 0) - decision.time, 0.35 * 17 / 18, absolute: 1e-9))
        let last = try #require(legacy.frames.last)
        #expect(
            try layer(last, "detail").transform == .identity && layer(last, "detail").opacity == 1
                && layer(last, "grid").opacity == 0)
    }

    /// §14.14: scrubbed to p = 1 the seed shows animation time 0.35 of 0.4, e = Y(0.875) < 1; fixed, e = 1.
    @Test func durationMismatchStopsShortOfTheEnd() throws {
        var samples = drag(by: 390, velocity: 780)
        samples[samples.count - 1] = sample(samples[samples.count - 1].time, 430, 500, .changed)
        samples.append(sample(samples[samples.count - 1].time + 0.5, 430, 500, .changed))
        samples.append(sample(samples[samples.count - 1].time + 0.01, 430, 500, .ended))
        let legacy = try run(
            YUIUntitledInteractivePop.preset, parameters: ["legacyDurationMismatch": .bool(true)], samples: samples)
        let held = try #require(legacy.frames.last { $0.phase == .interactive })
        let e = CubicBezier.yui.value(at: 0.35 / 0.4)
        #expect(e < 1)
        #expect(try isClose(layer(held, "detail").transform.tx, Self.width * e, absolute: 1e-9))
        let fixed = try run(YUIUntitledInteractivePop.preset, samples: samples)
        let heldFixed = try #require(fixed.frames.last { $0.phase == .interactive })
        #expect(try isClose(layer(heldFixed, "detail").transform.tx, Self.width, absolute: 1e-9))
    }

    /// A vertical pan never starts the pop (|vx| > |vy| when it begins).
    @Test func verticalPanIsIgnored() throws {
        let samples = [sample(0, 40, 500, .began), sample(0.01, 41, 510), sample(0.02, 42, 520, .ended)]
        let simulation = try run(YUIUntitledInteractivePop.preset, samples: samples)
        #expect(simulation.decision?.rule == "gate" && simulation.decision?.outcome == .cancel)
        #expect(
            try simulation.frames.allSatisfy { try layer($0, "detail").opacity == 1 && layer($0, "grid").opacity == 0 })
    }

    /// Property over seeded smooth drags: frames sit on the shared clock, the detail moves at most
    /// a finger step or a completion step per frame, and the last frame is exactly the end state.
    @Test func framesAreContinuousAndEndExactly() throws {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<40 {
            let distance = Double.random(in: -100...380, using: &generator)
            let velocity = (distance < 0 ? -1 : 1) * Double.random(in: 100...2000, using: &generator)
            let legacy = Double.random(in: 0...1, using: &generator) < 0.5
            let simulation = try run(
                YUIUntitledInteractivePop.preset, parameters: ["legacyDurationMismatch": .bool(legacy)],
                samples: drag(by: distance, velocity: velocity))
            for (index, frame) in simulation.frames.enumerated() {
                #expect(isClose(frame.time, Double(index) / 60, absolute: 1e-12))
            }
            let shifts = try simulation.frames.map { try layer($0, "detail").transform.tx }
            // The Y curve's slope is at most 1.884 (its steepest, near the start). Per frame the scrubbed
            // time moves by the finger's travel (up to two frames of it: translation holds the last sample)
            // times D/W, and the completion by 1/60 s of a 0.4 s animation.
            let limit = 1.9 * (2 * abs(velocity) / 60 + Self.width / 60 / 0.4)
            for index in 1..<shifts.count { #expect(abs(shifts[index] - shifts[index - 1]) <= limit) }
            let last = try #require(simulation.frames.last)
            let finished = simulation.decision?.outcome == .finish
            #expect(last.phase == .settled)
            #expect(
                try layer(last, "detail").opacity == (finished ? 0 : 1)
                    && layer(last, "grid").opacity == (finished ? 1 : 0))
            #expect(try layer(last, "grid").transform == .identity)
        }
    }
}
