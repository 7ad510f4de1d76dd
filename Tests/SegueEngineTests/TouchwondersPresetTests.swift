import Foundation
import SegueMath
import Testing

@testable import SegueEngine

/// The Touchwonders family against seed-transitions.md §8, §15.0 and scene E (§15.6), with the
/// expected numbers computed here from the formulas, and the interruption (a grab during the settle).
@Suite struct TouchwondersPresetTests {
    static let window = Size(width: 390, height: 844)
    static let header = Rect(x: 10, y: 57, width: 370, height: 493.33)
    static let cell = Rect(x: 16, y: 300, width: 171, height: 228)
    static let shape = Rect(x: 155, y: 700, width: 80, height: 80)
    static let dt = 1.0 / 60

    func run(
        _ preset: any Preset, parameters: [String: ParameterValue] = [:], samples: [GestureSample]? = nil
    ) throws -> Simulation {
        let track = try GestureTrack(samples: samples ?? preset.exampleGesture ?? [], allowsMultipleStrokes: true)
        return try preset.simulate(
            SimulationInput(
                scene: ParameterValues(specs: preset.sceneFields, given: [:]),
                parameters: ParameterValues(specs: preset.parameters, given: parameters), gesture: track,
                frameRate: 60))
    }

    /// `ln(1000)/(ζ·ω0)` with ζ = c/(2√(km)), ω0 = √(k/m) (§1.3).
    static func seedSettle(m: Double, k: Double, c: Double) -> Double {
        let zeta = c / (2 * (k * m).squareRoot())
        return log(1000) / (zeta * (k / m).squareRoot())
    }

    static func distance(_ a: Point, _ b: Point) -> Double { hypot(a.x - b.x, a.y - b.y) }

    func element(_ frame: SimulationFrame) -> Rect { frame[layer: "element"]?.presentationFrame ?? .zero }

    func close(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance }

    // MARK: Seed constants

    @Test func seedConstantsAreTheDefaults() throws {
        func value(_ preset: any Preset, _ name: String) -> ParameterValue? {
            (preset.parameters + preset.sceneFields).first { $0.name == name }?.defaultValue
        }
        let zoom = TouchwondersZoomPop()
        #expect(value(zoom, "duration") == .number(0.8))  // Transition(duration: 0.8)
        #expect(value(zoom, "springMass") == .number(0.1))  // mass 0.1
        #expect(value(zoom, "springStiffness") == .number(15))  // stiffness 15
        #expect(value(zoom, "springDamping") == .number(2))  // damping 2
        #expect(value(zoom, "completionThreshold") == .number(0.33))  // fractionComplete > 0.33
        #expect(value(zoom, "flickVelocity") == .number(1200))  // minimumFlickVelocity
        #expect(value(zoom, "fadeOutStart") == .number(0) && value(zoom, "fadeOutEnd") == .number(0.2))  // [0, 0.2]
        #expect(value(zoom, "fadeInStart") == .number(0.1) && value(zoom, "fadeInEnd") == .number(0.4))  // [0.1, 0.4]
        #expect(value(zoom, "headerImageFrame") == .rect(Self.header))
        #expect(value(zoom, "cellImageFrame") == .rect(Self.cell))
        #expect(zoom.decisionRules.map(\.id) == ["zoomCompletion", "panInteraction"])
        let shape = TouchwondersShapeDrop()
        #expect(value(shape, "duration") == .number(0.3))  // Transition(duration: 0.3)
        #expect(value(shape, "springMass") == .number(2))
        #expect(value(shape, "springStiffness") == .number(1500))
        #expect(value(shape, "springDamping") == .number(98))
        #expect(value(shape, "completionThreshold") == .number(1.0 / 3))  // completionThreshold = 1/3
        #expect(value(shape, "flickVelocity") == .number(1200))
        #expect(value(shape, "velocityClip") == .number(35))  // clip(…, −35, 35)
        #expect(value(shape, "dropPointFraction") == .number(0.55))  // dropPoint y = 0.55·H
        #expect(value(shape, "shapeFrame") == .rect(Self.shape))
        #expect(zoom.acceptsRegrab && shape.acceptsRegrab)
        #expect(!InstagramInteractivePop.preset.acceptsRegrab)
    }

    /// §8.3/§8.4 and §15.0: ζ and ω0 of both springs, and their settling times ≈ 0.691 s and ≈ 0.282 s.
    @Test func springsSettleInTheSeedsTimes() throws {
        let zoom = try #require(Spring(mass: 0.1, stiffness: 15, damping: 2))
        #expect(close(zoom.dampingRatio, 2 / (2 * 1.5.squareRoot()), 1e-12))
        #expect(close(zoom.dampingRatio, 0.8165, 5e-5) && close(zoom.naturalFrequency, 12.247, 5e-4))
        #expect(close(TouchwondersSpring.seedSettlingDuration(zoom), 0.691, 5e-4))
        let shape = try #require(Spring(mass: 2, stiffness: 1500, damping: 98))
        #expect(close(shape.dampingRatio, 0.8946, 5e-5) && close(shape.naturalFrequency, 27.39, 5e-3))
        #expect(close(TouchwondersSpring.seedSettlingDuration(shape), 0.282, 5e-4))
        // Core Animation's settlingDuration also counts the sine term, so it is longer (motion-math §2.7).
        #expect(zoom.settlingDuration() > TouchwondersSpring.seedSettlingDuration(zoom))
    }

    // MARK: touchwonders.zoomPop

    /// §15.6: drag from (195, 250) to (215, 480) and release slowly: f = 1 − √(20² + 364²)/594 ≈ 0.386
    /// > 0.33, so the pop finishes; the settle lasts ln(1000)/(ζω0) after the release.
    @Test func zoomWorkedExampleFinishes() throws {
        let simulation = try run(TouchwondersZoomPop())
        let goal = Point(x: 195, y: 844)
        let f = 1 - Self.distance(goal, Point(x: 215, y: 480)) / Self.distance(goal, Point(x: 195, y: 250))
        let hand: Double = 1 - (20.0 * 20 + 364.0 * 364).squareRoot() / 594
        #expect(close(f, hand, 1e-12))
        #expect(close(f, 0.386, 5e-4))
        let decision = try #require(simulation.decision)
        #expect(decision.outcome == .finish && decision.rule == "zoomCompletion")
        #expect(close(decision.progress, f, 1e-9))
        let completed = 0.4 + Self.seedSettle(m: 0.1, k: 15, c: 2)
        #expect(close(try #require(simulation.events.last).time, completed, 1e-9))
        #expect(simulation.events.map(\.type) == [.began, .released, .finished])
        // The last frame is the first grid time at or after the end, settled on the cell.
        let last = try #require(simulation.frames.last)
        #expect(last.phase == .settled && last.time >= completed && last.time - completed < Self.dt)
        #expect(close(element(last).minX, Self.cell.minX, 1e-9) && close(element(last).width, Self.cell.width, 1e-9))
        #expect(last[layer: "detail"]?.opacity == 0 && last[layer: "grid"]?.opacity == 1)
        #expect(last[layer: "headerImage"]?.opacity == 0, "finished: the detail and its image are gone")
    }

    /// A cancelled pop returns to the detail screen with its header image: the image, hidden while
    /// its snapshot moved, is shown again at its own frame (the detail at rest), not lost.
    @Test func aCancelledZoomKeepsTheDetailsImage() throws {
        // A 12 pt pull over 0.3 s, released at rest: f ≈ 0.02 < 0.33 and slow, so it cancels.
        let samples =
            [sample(0, 195, 250, .began)] + (1...18).map { sample(Double($0) / 60, 195, 250 + Double($0) * 12 / 18) }
            + [sample(0.4, 195, 262, .ended)]
        let simulation = try run(TouchwondersZoomPop(), samples: samples)
        #expect(simulation.decision?.outcome == .cancel)
        let last = try #require(simulation.frames.last)
        let image = try #require(last[layer: "headerImage"])
        #expect(image.opacity == 1 && last[layer: "detail"]?.opacity == 1 && last[layer: "element"]?.opacity == 0)
        #expect(
            close(image.presentationFrame.minX, Self.header.minX, 1e-9)
                && close(image.presentationFrame.minY, Self.header.minY, 1e-9)
                && close(image.presentationFrame.width, Self.header.width, 1e-9))
    }

    /// §8.3: while dragged the element is centred at I.mid + t with size lerp(I, T, f), and the
    /// detail screen follows the finger down only.
    @Test func zoomDragMovesTheElementWithTheFinger() throws {
        let simulation = try run(TouchwondersZoomPop())
        let frame = simulation.frames[18]  // t = 0.3 s: the last changed sample, (215, 480)
        let goal = Point(x: 195, y: 844)
        let f = 1 - Self.distance(goal, Point(x: 215, y: 480)) / 594
        let rect = element(frame)
        #expect(close(rect.midX, Self.header.midX + 20, 1e-9) && close(rect.midY, Self.header.midY + 230, 1e-9))
        #expect(close(rect.width, 370 + (171 - 370) * f, 1e-9))
        let detail = try #require(frame[layer: "detail"])
        #expect(close(detail.transform.ty, 230, 1e-9) && detail.transform.a == 1)
        #expect(frame[layer: "headerImage"]?.opacity == 0, "hidden while its snapshot moves")
        // Fades: earlyFadeOut [0, 0.2] is over at f ≈ 0.386; delayedFadeIn [0.1, 0.4] is at (f − 0.1)/0.3.
        #expect(detail.opacity == 0)
        #expect(close(frame[layer: "grid"]?.opacity ?? -1, (f - 0.1) / 0.3, 1e-9))
    }

    /// §8.3 set-up: Ffrom = scale k, then translate τ = (T.o − I.o) + (1 − k)(I.o − m) maps I onto T.
    @Test func zoomFromTransformMapsTheHeaderOntoTheCell() throws {
        let model = TouchwondersZoomPop.Model(
            scene: ParameterValues(specs: TouchwondersZoomPop().sceneFields, given: [:]),
            parameters: ParameterValues(specs: TouchwondersZoomPop().parameters, given: [:]), id: "",
            input: SimulationInput(scene: .init(), parameters: .init(), gesture: nil, frameRate: 60))
        let transform = TouchwondersZoomPop.Model.fromTransform(
            header: Self.header, cell: Self.cell, window: Self.window)
        let k = 171.0 / 370
        let mid = Point(x: 195, y: 422)
        #expect(close(transform.a, k, 1e-12))
        #expect(close(transform.tx, (16 - 10) + (1 - k) * (10 - 195), 1e-9))
        #expect(close(transform.ty, (300 - 57) + (1 - k) * (57 - 422), 1e-9))
        let origin = Point(x: mid.x + k * (Self.header.minX - mid.x), y: mid.y + k * (Self.header.minY - mid.y))
        #expect(close(origin.x + transform.tx, 16, 1e-9) && close(origin.y + transform.ty, 300, 1e-9))
        #expect(close(k * Self.header.height, 228, 0.01))  // 3:4 images
        // The grid starts at Ffrom⁻¹ and ends at identity.
        let start = model.toTransform(0)
        #expect(close(start.a, 1 / k, 1e-9) && close(start.tx, -transform.tx / k, 1e-9))
        #expect(model.toTransform(1) == AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
    }

    @Test func zoomFlicksDecideByDirection() throws {
        // A fast short drag down (40 pt in 1/60 s ≈ 2400 pt/s): f < 0.33 but a downward flick finishes.
        let down = [
            GestureSample(time: 0, location: Point(x: 195, y: 250), phase: .began),
            GestureSample(time: Self.dt, location: Point(x: 195, y: 270), phase: .changed),
            GestureSample(time: 2 * Self.dt, location: Point(x: 195, y: 310), phase: .changed),
            GestureSample(time: 3 * Self.dt, location: Point(x: 195, y: 310), phase: .ended),
        ]
        let flick = try #require(try run(TouchwondersZoomPop(), samples: down).decision)
        #expect(flick.outcome == .finish && flick.progress < 0.33 && flick.velocity.y > 1200)
        // A slow short drag cancels.
        let slow = down.enumerated().map { index, sample in
            GestureSample(time: Double(index) * 0.2, location: sample.location, phase: sample.phase)
        }
        #expect(try run(TouchwondersZoomPop(), samples: slow).decision?.outcome == .cancel)
        // A sideways pan never starts the pop.
        let sideways = down.map {
            GestureSample(time: $0.time, location: Point(x: 195 + ($0.location.y - 250), y: 250), phase: $0.phase)
        }
        #expect(try run(TouchwondersZoomPop(), samples: sideways).decision?.rule == "gate")
    }

    @Test func theLegacyCentreOffsetShiftsTheDraggedElement() throws {
        let plain = try run(TouchwondersZoomPop())
        let legacy = try run(TouchwondersZoomPop(), parameters: ["legacyCentreOffset": .bool(true)])
        #expect(close(element(legacy.frames[5]).midX - element(plain.frames[5]).midX, 10, 1e-9))
        #expect(close(element(legacy.frames[5]).midY - element(plain.frames[5]).midY, 10, 1e-9))
    }

    // MARK: touchwonders.shapeDrop

    /// §15.6 variant: the target is (155, 424.2, 80, 80); dragging 200 pt up gives
    /// f = 1 − (d'.y − y)/(d'.y − touchDown.y) = 200/(740 − 464.2) > 1/3, so the shape drops.
    @Test func shapeWorkedExampleDrops() throws {
        let simulation = try run(TouchwondersShapeDrop())
        let dropY = 0.55 * 844
        #expect(close(dropY, 464.2, 1e-9))
        let f = 200 / (740 - dropY)
        let decision = try #require(simulation.decision)
        #expect(decision.outcome == .finish && decision.rule == "shapeCompletion")
        #expect(close(decision.progress, f, 1e-9))
        let last = try #require(simulation.frames.last)
        let target = Rect(x: 155, y: 424.2, width: 80, height: 80)
        #expect(close(element(last).minX, target.minX, 1e-9) && close(element(last).minY, target.minY, 1e-9))
        let completed = decision.time + Self.seedSettle(m: 2, k: 1500, c: 98)
        #expect(close(try #require(simulation.events.last).time, completed, 1e-9))
    }

    /// §8.4: the spring starts at v/distance per axis, clipped to ±35 (here the x distance is 0, so 0).
    @Test func shapeSpringStartsAtTheClippedRelativeVelocity() throws {
        let model = TouchwondersShapeDrop.Model(
            scene: ParameterValues(specs: TouchwondersShapeDrop().sceneFields, given: [:]),
            parameters: ParameterValues(specs: TouchwondersShapeDrop().parameters, given: [:]), id: "")
        var start = model.initial
        start.element = Rect(x: 145, y: 600, width: 80, height: 80)
        let end = model.target(.finish)
        let relative = model.relativeVelocity(from: start, to: end, velocity: Point(x: 100, y: -500))
        #expect(close(relative.x, 100 / (195 - 185), 1e-12))
        #expect(close(relative.y, -500 / (464.2 - 640), 1e-12))
        let fast = model.relativeVelocity(from: start, to: end, velocity: Point(x: 1000, y: -9000))
        #expect(fast == Point(x: 35, y: 35))
        start.element = Rect(x: 155, y: 600, width: 80, height: 80)
        #expect(model.relativeVelocity(from: start, to: end, velocity: Point(x: 0, y: -500)) == .zero)
    }

    // MARK: Interruption

    /// Stroke 1 drags a little and lets go (cancel); stroke 2 touches the element where it is
    /// `grabAfter` frames into the settle, with the finger moving at the element's velocity, and
    /// drags on. Returns both simulations and the grab's frame index.
    func regrab(
        _ preset: any Preset, first: Point, drag: Point, grabAfter: Int, then further: Point
    ) throws -> (single: Simulation, grabbed: Simulation, grab: Int) {
        var samples = [GestureSample(time: 0, location: first, phase: .began)]
        for step in 1...12 {
            samples.append(
                GestureSample(
                    time: Double(step) * Self.dt, location: first + drag * (Double(step) / 12), phase: .changed))
        }
        samples.append(GestureSample(time: 20 * Self.dt, location: first + drag, phase: .ended))
        let single = try run(preset, samples: samples)
        #expect(single.decision?.outcome == .cancel)
        let grab = 20 + grabAfter
        let at = element(single.frames[grab]).center
        let velocity = (at - element(single.frames[grab - 1]).center) * (1 / Self.dt)
        samples.append(GestureSample(time: Double(grab) * Self.dt, location: at, phase: .began))
        for step in 1...16 {
            // Catch the element moving at its velocity for four frames, then drag further.
            let extra = further * (Double(max(step - 4, 0)) / 12)
            let location = at + velocity * (Double(min(step, 4)) * Self.dt) + extra
            samples.append(GestureSample(time: Double(grab + step) * Self.dt, location: location, phase: .changed))
        }
        let lift = samples[samples.count - 1].location
        samples.append(GestureSample(time: Double(grab + 24) * Self.dt, location: lift, phase: .ended))
        return (single, try run(preset, samples: samples), grab)
    }

    /// Position and velocity continuous across the grab, each to within one frame's motion; the
    /// state at the grab is exactly the settle's; the second release decides afresh.
    func expectContinuousGrab(_ single: Simulation, _ grabbed: Simulation, grab: Int) throws {
        // No jump: up to and at the grab, the element is exactly where the uninterrupted settle has it.
        for index in 0...grab {
            let a = element(grabbed.frames[index])
            let b = element(single.frames[index])
            #expect(Self.distance(a.center, b.center) < 1e-9 && abs(a.width - b.width) < 1e-9)
        }
        #expect(close(grabbed.frames[grab].progress, single.frames[grab].progress, 1e-12))
        let p = (grab - 2...grab + 1).map { element(grabbed.frames[$0]).center }
        let motion = Self.distance(p[2], p[1])  // one frame's motion, into the grab
        #expect(motion > 0.5)
        let before = p[2] - p[1]
        let after = p[3] - p[2]
        #expect(Self.distance(after, before) <= motion)  // velocity change within one frame's motion
        #expect(grabbed.frames[grab].phase == .interactive && grabbed.frames[grab - 1].phase == .animating)
        #expect(grabbed.events.map(\.type) == [.began, .released, .began, .released, .finished])
        let decision = try #require(grabbed.decision)
        #expect(decision.outcome == .finish && decision.explanation.hasPrefix("stroke 2 of 2: "))
    }

    @Test func grabbingTheZoomDuringItsSettleIsContinuous() throws {
        let run = try regrab(
            TouchwondersZoomPop(), first: Point(x: 195, y: 250), drag: Point(x: 0, y: 60), grabAfter: 6,
            then: Point(x: 0, y: 260))
        try expectContinuousGrab(run.single, run.grabbed, grab: run.grab)
    }

    @Test func grabbingTheShapeDuringItsSettleIsContinuous() throws {
        let run = try regrab(
            TouchwondersShapeDrop(), first: Point(x: 195, y: 740), drag: Point(x: 0, y: -60), grabAfter: 3,
            then: Point(x: 0, y: -220))
        try expectContinuousGrab(run.single, run.grabbed, grab: run.grab)
    }

    @Test func aStrokeAfterTheTransitionCompletedOrOffTheElementIsRefused() throws {
        let lift = GestureSample(time: 0.2, location: Point(x: 195, y: 740), phase: .ended)
        let base = [
            GestureSample(time: 0, location: Point(x: 195, y: 740), phase: .began),
            GestureSample(time: 0.1, location: Point(x: 195, y: 730), phase: .changed), lift,
        ]
        let late =
            base + [
                GestureSample(time: 3, location: Point(x: 195, y: 740), phase: .began),
                GestureSample(time: 3.1, location: Point(x: 195, y: 700), phase: .ended),
            ]
        #expect(throws: SimulationError.self) { try run(TouchwondersShapeDrop(), samples: late) }
        let drag = [
            GestureSample(time: 0, location: Point(x: 195, y: 740), phase: .began),
            GestureSample(time: 0.1, location: Point(x: 195, y: 700), phase: .changed),
            GestureSample(time: 0.2, location: Point(x: 195, y: 700), phase: .ended),
            GestureSample(time: 0.25, location: Point(x: 20, y: 20), phase: .began),
            GestureSample(time: 0.3, location: Point(x: 20, y: 10), phase: .ended),
        ]
        do {
            _ = try run(TouchwondersShapeDrop(), samples: drag)
            Issue.record("expected the off-element grab to be refused")
        } catch let error as SimulationError {
            guard case .sampleRefused(index: 3, _) = error else {
                Issue.record("expected sample 3 refused, got \(error)")
                return
            }
        }
    }
}
