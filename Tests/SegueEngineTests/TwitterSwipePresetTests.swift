import SegueMath
import Testing

@testable import SegueEngine

/// `yui.twitterSwipe` against seed-transitions.md §13.1 and scene J (§15.11), with
/// the expected numbers computed here from the formulas.
@Suite struct TwitterSwipePresetTests {
    static let width = 390.0
    static let threshold = 0.24 * width
    static let pannedHeight = 130.0
    static let pannedMidY = 157.0 + 130 / 2

    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    /// The state of the layer `id` in `frame`; a missing layer fails the test.
    func layer(_ frame: SimulationFrame?, _ id: String) throws -> LayerState {
        try #require(frame?[layer: id])
    }

    /// A pan from (300, 222) that moves to each x in `xs`, one sample a frame, then lifts.
    func pan(_ xs: [Double], y: Double = 222, endedPhase: GesturePhase = .ended) -> [GestureSample] {
        var samples = [GestureSample(time: 0, location: Point(x: 300, y: y), phase: .began)]
        for (index, x) in xs.enumerated() {
            samples.append(GestureSample(time: Double(index + 1) / 60, location: Point(x: x, y: y), phase: .changed))
        }
        samples.append(
            GestureSample(
                time: Double(xs.count + 1) / 60, location: Point(x: xs.last ?? 300, y: y), phase: endedPhase))
        return samples
    }

    /// Moves to 300 + dx in 6 frames, then holds it for 12 frames.
    func panAndHold(_ dx: Double) -> [GestureSample] {
        pan((1...6).map { 300 + dx * Double($0) / 6 } + Array(repeating: 300 + dx, count: 12))
    }

    @Test func seedConstantsAreTheDefaults() {
        let preset = TwitterSwipe()
        func value(_ name: String) -> ParameterValue? { preset.parameters.first { $0.name == name }?.defaultValue }
        #expect(value("threshold") == .number(0.24))  // bounds.width * 0.24
        #expect(value("gateRatio") == .number(1.5))  // abs(vx) > abs(vy) * 1.5
        #expect(value("deleteDuration") == .number(0.2))  // UIView.animate(withDuration: 0.2)
        #expect(value("snapBackDuration") == .number(0.4))  // spring 0.4 s
        #expect(value("snapBackDampingRatio") == .number(1))  // usingSpringWithDamping: 1
        #expect(preset.decisionRules.first?.id == "distance")
        #expect(TwitterSwipeState.deleteButtonSide == 44)
        #expect(TwitterSwipeScene.sceneJ.deleteButton == Rect(x: 368, y: 200, width: 44, height: 44))
    }

    /// §15.11 at dx = −60: p = 60/93.6 = 0.641, right corners h/5·p = 16.67, shadow (4 + p)·2
    /// = 9.28 at opacity p, neighbours h/3·p = 27.78, × centre (W + dx/2, 222) = (360, 222).
    @Test func dragMatchesSceneJAtMinusSixty() throws {
        let simulation = try run(TwitterSwipe(), samples: panAndHold(-60))
        let frame = try #require(simulation.frames.first { close($0.time, 10.0 / 60) })
        #expect(frame.phase == .interactive)
        let p = 60 / Self.threshold
        #expect(close(p, 0.641, 5e-4))
        #expect(close(frame.progress, p))
        let above = try layer(frame, "aboveCell")
        let below = try layer(frame, "belowCell")
        let button = try layer(frame, "deleteButton")
        let row = try layer(frame, "pannedCell")
        #expect(row.transform == AffineTransform(translationX: -60, y: 0))
        #expect(close(row.presentationFrame.minX, -60))
        #expect(close(row.cornerRadius, Self.pannedHeight / 5 * p))
        #expect(close(row.cornerRadius, 16.67, 5e-3))
        let shadow = try #require(row.shadow)
        #expect(close(shadow.radius, (4 + p) * 2))
        #expect(close(shadow.radius, 9.28, 5e-3))
        #expect(close(shadow.opacity, p))
        #expect(shadow.offset == Point(x: 0, y: 1))
        #expect(close(above.cornerRadius, Self.pannedHeight / 3 * p) && close(below.cornerRadius, above.cornerRadius))
        #expect(close(above.cornerRadius, 27.78, 5e-3))
        #expect(close(button.presentationFrame.midX, Self.width - 60.0 / 2))
        #expect(close(button.presentationFrame.midY, Self.pannedMidY))
        #expect(close(button.opacity, p))
        #expect(frame.annotations.last == FrameAnnotation(name: "deleteMarkColor", value: .text("black")))
        #expect(
            frame.annotations.first == FrameAnnotation(name: "pannedCellCorners", value: .text("topRight bottomRight")))
    }

    /// Released at −60 (p < 1): cancel, a 0.4 s UIKit spring (ζ 1) back to rest.
    @Test func shortDragSpringsBack() throws {
        let samples = panAndHold(-60)
        let simulation = try run(TwitterSwipe(), samples: samples)
        let decision = try #require(simulation.decision)
        let release = try #require(samples.last).time
        #expect(decision.outcome == .cancel && decision.rule == "distance")
        let last = try #require(simulation.frames.last)
        #expect(last.phase == .settled && last.progress == 0)
        #expect(last.time >= release + 0.4 - 1e-9 && last.time < release + 0.4 + 1.0 / 60)
        #expect(last.layers == TwitterSwipeState.rest.layers(TwitterSwipeScene.sceneJ.layers))
        // Mid-spring the row is at −60·(1 − e), e from UIKit's ζ = 1 mapping (motion-math.md §2.3).
        let spring = try #require(Spring.uikit(duration: 0.4, dampingRatio: 1, initialVelocity: 0))
        let frame = try #require(simulation.frames.first { $0.phase == .animating && $0.time - release > 0.1 })
        let e = spring.progress(at: frame.time - release).value
        #expect(try close(layer(frame, "pannedCell").transform.tx, -60 * (1 - e), 1e-9))
        #expect(frame.annotations.last == FrameAnnotation(name: "deleteMarkColor", value: .text("black")))
    }

    /// §15.11 at dx = −100 (p = 1): red ×; release slides the row to −W and fades it over
    /// 0.2 s easeInOut, the × and neighbours back to rest.
    @Test func pastTheThresholdDeletes() throws {
        let samples = panAndHold(-100)
        let simulation = try run(TwitterSwipe(), samples: samples)
        let release = try #require(samples.last).time
        let dragged = try #require(simulation.frames.first { close($0.time, 10.0 / 60) })
        #expect(dragged.progress == 1)
        #expect(dragged.annotations.last == FrameAnnotation(name: "deleteMarkColor", value: .text("red")))
        let decision = try #require(simulation.decision)
        #expect(decision.outcome == .finish && decision.rule == "distance")
        let last = try #require(simulation.frames.last)
        #expect(last.phase == .settled && last.progress == 1)
        #expect(last.time >= release + 0.2 - 1e-9 && last.time < release + 0.2 + 1.0 / 60)
        #expect(try layer(last, "pannedCell").transform == AffineTransform(translationX: -Self.width, y: 0))
        #expect(try layer(last, "pannedCell").opacity == 0)
        #expect(try layer(last, "deleteButton").opacity == 0 && layer(last, "deleteButton").transform == .identity)
        #expect(try layer(last, "aboveCell").cornerRadius == 0 && layer(last, "belowCell").cornerRadius == 0)
        for frame in simulation.frames where frame.phase == .animating {
            let e = CubicBezier.easeInEaseOut.value(at: (frame.time - release) / 0.2)
            #expect(try close(layer(frame, "pannedCell").transform.tx, -100 + (100 - Self.width) * e, 1e-9))
            #expect(try close(layer(frame, "pannedCell").opacity, 1 - e, 1e-12))
        }
        #expect(simulation.events.map(\.type) == [.began, .released, .finished])
    }

    /// §14.38 fixed: left to −60, then back right past the start and released: the row
    /// shows rest from the moment dx ≥ 0 and settles at rest.
    @Test func dragBackPastTheStartResets() throws {
        let xs = (1...6).map { 300 - 10 * Double($0) } + (1...8).map { 240 + 10 * Double($0) }
        let simulation = try run(TwitterSwipe(), samples: pan(xs))
        let rest = TwitterSwipeState.rest.layers(TwitterSwipeScene.sceneJ.layers)
        for frame in simulation.frames where frame.time >= 12.0 / 60 - 1e-9 {
            #expect(frame.layers == rest)
        }
        #expect(simulation.decision?.outcome == .cancel)
        #expect(simulation.frames.last?.layers == rest)
    }

    @Test func verticalPanIsRefusedByTheGate() throws {
        let samples = [
            GestureSample(time: 0, location: Point(x: 300, y: 222), phase: .began),
            GestureSample(time: 1.0 / 60, location: Point(x: 298, y: 232), phase: .changed),
            GestureSample(time: 2.0 / 60, location: Point(x: 296, y: 242), phase: .changed),
            GestureSample(time: 3.0 / 60, location: Point(x: 296, y: 242), phase: .ended),
        ]
        let simulation = try run(TwitterSwipe(), samples: samples)
        #expect(simulation.decision?.rule == "gate")
        #expect(
            simulation.frames.allSatisfy { $0.layers == TwitterSwipeState.rest.layers(TwitterSwipeScene.sceneJ.layers) }
        )
    }

    /// Property: for smooth leftward pans of many lengths, consecutive frames move the row
    /// by at most the finger's step (or the settle's bounded step), and the last frame is
    /// exactly the end state.
    @Test func framesAreContinuousAndEndExactly() throws {
        for distance in stride(from: 10.0, through: 200, by: 7.5) {
            let samples = pan((1...20).map { 300 - distance * Double($0) / 20 })
            let simulation = try run(TwitterSwipe(), samples: samples)
            for (a, b) in zip(simulation.frames, simulation.frames.dropFirst()) {
                #expect(
                    try abs(layer(b, "pannedCell").transform.tx - layer(a, "pannedCell").transform.tx) <= max(
                        distance / 20, 60) + 1e-9)
                #expect(try abs(layer(b, "pannedCell").opacity - layer(a, "pannedCell").opacity) <= 0.35)
            }
            let deletes = distance >= Self.threshold
            let last = try #require(simulation.frames.last)
            #expect(try layer(last, "pannedCell").transform.tx == (deletes ? -Self.width : 0))
            #expect(try layer(last, "pannedCell").opacity == (deletes ? 0 : 1))
            #expect(last.progress == (deletes ? 1 : 0))
        }
    }
}
