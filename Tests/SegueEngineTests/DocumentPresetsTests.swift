import Foundation
import SegueEngine
import SegueMath
import Testing

/// The transitions written only as documents, against the formulas their sources give:
/// Flutter's CupertinoPageRoute back gesture, UISheetPresentationController's detents with
/// UIScrollView's rubber band and deceleration, and WWDC 2018's projection.
@Suite struct DocumentPresetsTests {
    static func preset(_ id: String) throws -> any Preset {
        let preset = try #require(PresetCatalogue.builtIn.preset(id: id), "\(id) compiles into the catalogue")
        #expect(preset is DocumentPreset, "\(id) is a document, with no Swift of its own")
        return preset
    }

    /// A drag from `start`, `step` points a 60th of a second for `steps` samples, then `last`
    /// more points on the lift-off sample.
    static func run(_ id: String, from start: Point, step: Point, steps: Int, last: Point? = nil) throws -> Simulation {
        var samples = [GestureSample(time: 0, location: start, phase: .began)]
        var at = start
        for index in 1...steps {
            at = at + step
            samples.append(GestureSample(time: Double(index) / 60, location: at, phase: .changed))
        }
        samples.append(GestureSample(time: Double(steps + 1) / 60, location: at + (last ?? step), phase: .ended))
        return try preset(id).run(
            SimulationInput(
                scene: ParameterValues(), parameters: ParameterValues(), gesture: try GestureTrack(samples: samples),
                frameRate: 60))
    }

    // MARK: ios.swipeBack

    /// Flutter: the page below starts a third of the width to the left and moves with the top
    /// page: at p = tx/390 the top page is at 390p, the one below at −130·(1 − p).
    @Test func swipeBackMovesBothPagesAsFlutterDoes() throws {
        let simulation = try Self.run("ios.swipeBack", from: Point(x: 8, y: 400), step: Point(x: 2, y: 0), steps: 60)
        for frame in simulation.frames where frame.phase == .interactive {
            let p = frame.progress
            #expect(isClose(frame[layer: "current"]?.presentationFrame.x ?? .nan, 390 * p, absolute: 1e-9))
            #expect(isClose(frame[layer: "previous"]?.presentationFrame.x ?? .nan, -130 * (1 - p), absolute: 1e-9))
        }
        // 120 pt at 120 pt/s: below one screen width a second and short of half: back.
        #expect(simulation.decision?.rule == "otherwise")
        #expect(simulation.decision?.outcome == .cancel)
    }

    /// Slow past half pops; a fling back (faster than −390 pt/s) stays even past half; a
    /// touch-down 30 pt from the edge, beyond Flutter's 20 pt, starts nothing.
    @Test func swipeBackDecidesByFlingThenByHalf() throws {
        let slow = try Self.run("ios.swipeBack", from: Point(x: 8, y: 400), step: Point(x: 2, y: 0), steps: 110)
        #expect(isClose(slow.decision?.progress ?? 0, 220.0 / 390, absolute: 1e-9))
        #expect(slow.decision?.rule == "pastHalf")
        // 26 samples 12 pt right (to x = 320), then 4 samples 25 pt back left (x = 220, p = 212/390,
        // past half) and the lift 25 pt further: 1500 pt/s left for five intervals, so the release
        // velocity is below −390 pt/s whatever the estimator's blend.
        var samples = [GestureSample(time: 0, location: Point(x: 8, y: 400), phase: .began)]
        var x = 8.0
        for index in 1...31 {
            x += index <= 26 ? 12 : -25
            samples.append(
                GestureSample(
                    time: Double(index) / 60, location: Point(x: x, y: 400), phase: index == 31 ? .ended : .changed))
        }
        let back = try Self.preset("ios.swipeBack").run(
            SimulationInput(
                scene: ParameterValues(), parameters: ParameterValues(), gesture: try GestureTrack(samples: samples),
                frameRate: 60))
        #expect(back.decision?.rule == "flingBack")
        #expect(back.decision.map { $0.velocity.x < -390 && $0.progress > 0.5 } == true)
        #expect(back.decision?.outcome == .cancel)
        let far = try Self.run("ios.swipeBack", from: Point(x: 30, y: 400), step: Point(x: 10, y: 0), steps: 20)
        #expect(far.decision?.rule == "gate")
    }

    /// The settle is Flutter's fastLinearToSlowEaseIn over 0.4 s: 24 animating frames at 60 Hz.
    @Test func swipeBackSettlesIn400Milliseconds() throws {
        let simulation = try Self.run("ios.swipeBack", from: Point(x: 8, y: 400), step: Point(x: 12, y: 0), steps: 20)
        #expect(simulation.decision?.rule == "fling")
        #expect(simulation.frames.filter { $0.phase == .animating }.count == 24)
        #expect(simulation.frames.last?[layer: "current"]?.presentationFrame.x == 390)
    }

    // MARK: ios.sheetDetents

    /// Detents at 57 (large), 422 (medium), 844 (dismissed). A release settles at the detent
    /// nearest y + v/1000·0.998/0.002 (UIScrollView's normal deceleration).
    @Test func theSheetSettlesAtTheDetentNearestItsProjection() throws {
        let detents = ["large": 57.0, "medium": 422.0, "dismissed": 844.0]
        for (step, steps) in [(-4.0, 15), (-10.0, 10), (3.0, 10), (12.0, 15), (-1.0, 20)] {
            let simulation = try Self.run(
                "ios.sheetDetents", from: Point(x: 195, y: 500), step: Point(x: 0, y: step), steps: steps)
            let position = 422 + step * Double(steps)
            let velocity = step * 60
            let aim = position + velocity / 1000 * 0.998 / 0.002
            let nearest = try #require(detents.min { abs($0.value - aim) < abs($1.value - aim) })
            let decision = try #require(simulation.decision)
            #expect(isClose(decision.progress, position, absolute: 1e-9), "step \(step)")
            #expect(decision.outcome == (nearest.key == "medium" ? .cancel : .finish), "step \(step): \(nearest.key)")
            #expect(simulation.frames.last?[layer: "sheet"]?.presentationFrame.y == nearest.value, "step \(step)")
        }
    }

    /// Past the large detent the sheet resists: 80 pt above it shows (1 − 1/(80·0.55/844 + 1))·844.
    @Test func pastTheLargeDetentTheSheetRubberBands() throws {
        let simulation = try Self.run(
            "ios.sheetDetents", from: Point(x: 195, y: 500), step: Point(x: 0, y: -15), steps: 29)
        let last = try #require(simulation.frames.last { $0.phase == .interactive })
        let y = 422 - 15 * 29.0
        #expect(isClose(last.progress, y, absolute: 1e-9))
        let banded = (1 - 1 / ((57 - y) * 0.55 / 844 + 1)) * 844
        #expect(isClose(last[layer: "sheet"]?.presentationFrame.y ?? .nan, 57 - banded, absolute: 1e-9))
    }

    // MARK: photo.dragToDismiss

    /// Thrown faster than 1000 pt/s: away on the ease-out of 0.25 s (15 frames at 60 Hz). A slow
    /// short drag projects to p + (v/1000·99)/400 < 0.5 and springs back to where it began.
    @Test func thePhotoIsThrownOrSpringsBack() throws {
        let thrown = try Self.run(
            "photo.dragToDismiss", from: Point(x: 195, y: 422), step: Point(x: 3, y: 20), steps: 6)
        #expect(thrown.decision?.rule == "thrown")
        #expect(thrown.frames.filter { $0.phase == .animating }.count == 15)
        let back = try Self.run(
            "photo.dragToDismiss", from: Point(x: 195, y: 422), step: Point(x: 1, y: 2), steps: 30)
        let p = 60.0 / 400
        #expect(p + (120.0 / 1000 * 99) / 400 < 0.5, "the hand computation agrees it cannot finish")
        #expect(back.decision?.rule == "back")
        #expect(back.frames.last?[layer: "photo"]?.presentationFrame == Rect(x: 0, y: 227, width: 390, height: 390))
    }

    /// While dragged, the photo is at the finger (both axes) and scaled 1 − 0.4·p about its centre.
    @Test func thePhotoFollowsTheFingerAndShrinks() throws {
        let simulation = try Self.run(
            "photo.dragToDismiss", from: Point(x: 195, y: 422), step: Point(x: 2, y: 5), steps: 30)
        for frame in simulation.frames where frame.phase == .interactive {
            let k = (frame.time * 60).rounded()
            let photo = try #require(frame[layer: "photo"]?.presentationFrame)
            let p = min(5 * k / 400, 1)
            #expect(isClose(photo.width, 390 * (1 - 0.4 * p), absolute: 1e-9))
            #expect(
                isClose(photo.midX, 195 + 2 * k, absolute: 1e-9) && isClose(photo.midY, 422 + 5 * k, absolute: 1e-9))
        }
    }
}
