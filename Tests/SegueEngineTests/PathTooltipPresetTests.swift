import Foundation
import SegueMath
import Testing

@testable import SegueEngine

/// `yui.pathTooltip` against seed-transitions.md §13.3 and scene L (§15.13), with the
/// expected numbers computed here from the formulas.
@Suite struct PathTooltipPresetTests {
    /// §15.13: maxTravel = 844 − 47 − (34 + 120) − 40 = 603; content 8000 in an 844 list.
    static let maxTravel = 844.0 - 47 - (34 + 120) - 40
    static let maxOffset = 8000.0 - 844

    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    /// The state of the layer `id` in `frame`; a missing layer fails the test.
    func layer(_ frame: SimulationFrame?, _ id: String) throws -> LayerState {
        try #require(frame?[layer: id])
    }

    func number(_ frame: SimulationFrame, _ name: String) -> Double? {
        for annotation in frame.annotations where annotation.name == name {
            if case .number(let value) = annotation.value { return value }
        }
        return nil
    }

    func text(_ frame: SimulationFrame, _ name: String) -> String? {
        for annotation in frame.annotations where annotation.name == name {
            if case .text(let value) = annotation.value { return value }
        }
        return nil
    }

    /// A scroll that moves the finger by `dy` in 6 frames, holds 12 frames, and lifts.
    func scroll(_ dy: Double) -> [GestureSample] {
        var samples = [GestureSample(time: 0, location: Point(x: 200, y: 600), phase: .began)]
        for step in 1...18 {
            let y = 600 + dy * Double(min(step, 6)) / 6
            samples.append(GestureSample(time: Double(step) / 60, location: Point(x: 200, y: y), phase: .changed))
        }
        samples.append(GestureSample(time: 19.0 / 60, location: Point(x: 200, y: 600 + dy), phase: .ended))
        return samples
    }

    @Test func seedConstantsAreTheDefaults() throws {
        let preset = PathTooltip()
        func value(_ name: String) -> ParameterValue? { preset.parameters.first { $0.name == name }?.defaultValue }
        #expect(value("showDuration") == .number(0.2))
        #expect(value("hideDelay") == .number(1))
        #expect(value("hideDuration") == .number(0.3))
        #expect(value("visibleTranslation") == .number(-8))
        #expect(value("hiddenTranslation") == .number(4))
        #expect(PathTooltip.tooltipSize == Size(width: 120, height: 40))
        let simulation = try run(preset, samples: scroll(-10))
        let tooltip = simulation.layers.first { $0.id == "tooltip" }
        #expect(tooltip?.frame == Rect(x: 266, y: 47, width: 120, height: 40))  // §15.13
        #expect(simulation.decision?.rule == "fadeOutAfterScrolling")
    }

    /// §15.13: offset 3578 of 7156 → progress 0.5 → ty = 0.5·603 = 301.5; the probe at
    /// midY 47 + 20 + 301.5 is content y 3946.5, post ⌊3946.5/400⌋ = 9, whose time is
    /// 9·95 min = 14 h 15 min before 9:30 PM on 01/16/12: 7:15 AM the same day.
    @Test func offsetPlacesTheTooltipAndPicksThePost() throws {
        let simulation = try run(PathTooltip(), scene: ["initialOffset": .number(3500)], samples: scroll(-78))
        let frame = try #require(simulation.frames.first { close($0.time, 12.0 / 60) })
        #expect(close(try #require(number(frame, "scrollOffset")), 3578))
        let progress = 3578 / Self.maxOffset
        #expect(close(progress, 0.5, 1e-4))
        #expect(try close(layer(frame, "tooltip").transform.ty, progress * Self.maxTravel))
        #expect(try close(layer(frame, "tooltip").transform.ty, 301.5, 0.05))
        let probe = 47 + 20 + progress * Self.maxTravel + 3578
        #expect(number(frame, "postIndex") == (probe / 400).rounded(.down))
        #expect(number(frame, "postIndex") == 9)
        #expect(text(frame, "timeLabel") == "7:15 AM\n01/16/12")
        #expect(close(try #require(number(frame, "hourHandAngle")), (7 + 15.0 / 60) / 12 * 2 * Double.pi))
        #expect(close(try #require(number(frame, "minuteHandAngle")), 0.25 * 2 * Double.pi))
    }

    /// Shown over 0.2 s easeInOut from the touch (α 0 → 1, tx 4 → −8); with no coast the
    /// fade-out starts 1.0 s after the release and takes 0.3 s (α → 0, tx → 4).
    @Test func fadesInOnScrollAndOutAfterItStops() throws {
        let samples = scroll(-60)
        let release = try #require(samples.last).time
        let simulation = try run(PathTooltip(), samples: samples)
        let mid = try #require(simulation.frames.first { close($0.time, 0.1) })
        #expect(try close(layer(mid, "tooltip").opacity, CubicBezier.easeInEaseOut.value(at: 0.5)))
        #expect(try close(layer(mid, "tooltip").transform.tx, 4 - 12 * CubicBezier.easeInEaseOut.value(at: 0.5)))
        for frame in simulation.frames where frame.time >= 0.2 && frame.time <= release + 1 {
            #expect(try layer(frame, "tooltip").opacity == 1 && layer(frame, "tooltip").transform.tx == -8)
        }
        for frame in simulation.frames.dropLast() where frame.time > release + 1 {
            let e = CubicBezier.easeInEaseOut.value(at: (frame.time - release - 1) / 0.3)
            #expect(try close(layer(frame, "tooltip").opacity, 1 - e, 1e-9))
        }
        let last = try #require(simulation.frames.last)
        #expect(last.phase == .settled && last.progress == 1)
        #expect(last.time >= release + 1.3 - 1e-9 && last.time < release + 1.3 + 1.0 / 60)
        #expect(try layer(last, "tooltip").opacity == 0 && layer(last, "tooltip").transform.tx == 4)
        #expect(simulation.decision?.outcome == .finish)
    }

    /// A fling coasts at UIScrollView's normal rate (0.998 per ms) until the speed falls to
    /// 1 pt/s, then the hide timer runs: t_stop = ln(1/|v|)/(1000·ln 0.998).
    @Test func flingCoastsBeforeTheHideTimer() throws {
        var samples = [GestureSample(time: 0, location: Point(x: 200, y: 600), phase: .began)]
        for step in 1...6 {
            samples.append(
                GestureSample(
                    time: Double(step) / 60, location: Point(x: 200, y: 600 - 20 * Double(step)), phase: .changed))
        }
        samples.append(GestureSample(time: 7.0 / 60, location: Point(x: 200, y: 460), phase: .ended))
        let simulation = try run(PathTooltip(), samples: samples)
        let decision = try #require(simulation.decision)
        let v = -decision.velocity.y
        #expect(v > 100)
        let stop = log(1 / v) / (1000 * log(0.998))
        let last = try #require(simulation.frames.last)
        #expect(last.time >= 7.0 / 60 + stop + 1.3 - 1e-6 && last.time < 7.0 / 60 + stop + 1.3 + 1.0 / 60)
        // Coasting keeps the offset rising toward the release offset plus v/|λ|.
        let offsets = simulation.frames.compactMap { number($0, "scrollOffset") }
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 + 1e-9 })
        let rest = 140 + v / (-1000 * log(0.998))
        #expect(close(offsets.last ?? 0, rest, 1.0))
    }

    @Test func civilDatesAndLabels() {
        #expect(PathTooltipClock.civil(days: 0) == (1970, 1, 1))
        #expect(PathTooltipClock.civil(days: 10957 + 59) == (2000, 2, 29))
        #expect(PathTooltipClock.label(minutes: PathTooltipClock.defaultNewestPost) == "9:30 PM\n01/16/12")
        #expect(PathTooltipClock.label(minutes: 12 * 60) == "12:00 PM\n01/01/70")
        #expect(PathTooltipClock.label(minutes: 5) == "12:05 AM\n01/01/70")
    }

    /// Property: smooth scrolls of many lengths give offsets and positions that change by
    /// at most the finger's step per frame, and the last frame is the hidden end state.
    @Test func framesAreContinuousAndEndExactly() throws {
        for distance in stride(from: -600.0, through: 600, by: 75) {
            let simulation = try run(PathTooltip(), scene: ["initialOffset": .number(3000)], samples: scroll(distance))
            for (a, b) in zip(simulation.frames, simulation.frames.dropFirst()) {
                let step = abs((number(b, "scrollOffset") ?? 0) - (number(a, "scrollOffset") ?? 0))
                #expect(step <= abs(distance) / 6 + 1e-9)
                #expect(try abs(layer(b, "tooltip").opacity - layer(a, "tooltip").opacity) <= 0.3)
            }
            let last = try #require(simulation.frames.last)
            #expect(try layer(last, "tooltip").opacity == 0 && layer(last, "tooltip").transform.tx == 4)
            #expect(try layer(last, "tooltip").transform.ty == (3000 - distance) / Self.maxOffset * Self.maxTravel)
        }
    }
}
