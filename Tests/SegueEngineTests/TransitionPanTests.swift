import Foundation
import SegueEngine
import SegueMath
import Testing

/// A pan document (scrub, follow, ordered guards, settle) against values computed here by hand:
/// progress from the finger, the projection of WWDC 2018's "Designing Fluid Interfaces", the
/// rubber band of UIScrollView, a spring's closed form with the velocity handed to it.
@Suite struct TransitionPanTests {
    static let window = Size(width: 390, height: 844)
    static let photo = Rect(x: 0, y: 200, width: 390, height: 390)

    /// The photo drag of docs/transitions.md: down scrubs start → shrunk over 300 pt; the photo
    /// follows the finger; a fling or a projection past half finishes to `gone`, else cancel.
    static func document(
        overshoot: Overshoot = .clamp, settle: Settle = Settle(curve: .cubic(.linear, duration: 0.3)),
        startsIn: StartRegion? = .layer("photo")
    ) -> TransitionDocument {
        TransitionDocument(
            window: window,
            layers: [
                DocumentLayer(id: "backdrop", kind: .solid, fill: .black),
                DocumentLayer(id: "photo", kind: .image),
            ],
            poses: [
                Pose(
                    name: "start",
                    layers: [
                        "backdrop": PoseChange(frame: Rect(x: 0, y: 0, width: 390, height: 844), opacity: 1),
                        "photo": PoseChange(frame: photo),
                    ]),
                Pose(
                    name: "shrunk",
                    layers: ["backdrop": PoseChange(opacity: 0), "photo": PoseChange(scale: 0.7, cornerRadius: 24)]),
                Pose(
                    name: "gone",
                    layers: [
                        "backdrop": PoseChange(opacity: 0),
                        "photo": PoseChange(scale: 0.7, translation: Point(x: 0, y: 700)),
                    ]),
            ],
            interaction: .pan(
                PanInteraction(
                    startsIn: startsIn, direction: .down,
                    scrub: Scrub(from: "start", to: "shrunk", axis: .y, distance: 300, overshoot: overshoot),
                    follow: [Follow(layer: "photo")],
                    release: [
                        ReleaseGuard(
                            when: ReleaseCondition(tests: [ReleaseTest(.velocity, .gt, 600)]), to: "gone",
                            outcome: .finish),
                        ReleaseGuard(
                            when: ReleaseCondition(tests: [ReleaseTest(.projected, .gt, 0.5)], rate: 0.99), to: "gone",
                            outcome: .finish),
                        ReleaseGuard(to: "start", outcome: .cancel),
                    ],
                    settle: settle)))
    }

    /// A drag from the photo's centre straight down `step` points every 60th of a second for
    /// `steps` samples, lifted one step later still moving (so the release velocity is the drag's).
    static func drag(step: Double, steps: Int, from start: Point = Point(x: 195, y: 395)) -> GestureTrack? {
        var samples = [GestureSample(time: 0, location: start, phase: .began)]
        for index in 1...steps {
            samples.append(
                GestureSample(
                    time: Double(index) / 60, location: Point(x: start.x, y: start.y + step * Double(index)),
                    phase: .changed))
        }
        samples.append(
            GestureSample(
                time: Double(steps + 1) / 60, location: Point(x: start.x, y: start.y + step * Double(steps + 1)),
                phase: .ended))
        return try? GestureTrack(samples: samples)
    }

    static func run(_ document: TransitionDocument, _ gesture: GestureTrack?) throws -> Simulation {
        let preset = try #require(DocumentPreset(document))
        return try preset.run(
            SimulationInput(scene: ParameterValues(), parameters: ParameterValues(), gesture: gesture, frameRate: 60))
    }

    /// 6 pt a frame for 20 frames: 360 pt/s, p = 120/300 = 0.4 at the last changed sample.
    /// projected (rate 0.99) = 0.4 + (0.36·0.99/0.01)/300 = 0.5188 > 0.5: the second guard
    /// finishes to `gone`, the first (360 ≤ 600) having failed.
    @Test func aProjectionPastHalfFinishesByTheSecondGuard() throws {
        let simulation = try Self.run(Self.document(), Self.drag(step: 6, steps: 20))
        let decision = try #require(simulation.decision)
        #expect(decision.outcome == .finish)
        #expect(decision.rule == "release/1")
        #expect(isClose(decision.time, 21.0 / 60, absolute: 1e-12))
        #expect(isClose(decision.progress, 0.4, absolute: 1e-12))
        #expect(isClose(decision.velocity.y, 360, absolute: 1e-6))
        #expect(decision.explanation.contains("projected 0.52"), "\(decision.explanation)")

        // Interactive frames: p = 6k/300, the backdrop fades 1 − p, the photo scales 1 − 0.3p
        // about its centre, which follows the finger 6k pt down (unscaled).
        for frame in simulation.frames where frame.phase == .interactive {
            let k = (frame.time * 60).rounded()
            let p = 6 * k / 300
            #expect(isClose(frame.progress, p, absolute: 1e-12), "at \(frame.time)")
            let photo = try #require(frame[layer: "photo"])
            #expect(isClose(frame[layer: "backdrop"]?.opacity ?? .nan, 1 - p, absolute: 1e-12))
            #expect(isClose(photo.presentationFrame.width, 390 * (1 - 0.3 * p), absolute: 1e-9))
            #expect(isClose(photo.presentationFrame.midY, 395 + 6 * k, absolute: 1e-9))
        }
        // The settle: linear over 0.3 s from p = 0.4 (scale 0.88, follow offset 120) to `gone`
        // (scale 0.7, translation 700; the offset goes to 0 the same way).
        let release = 21.0 / 60
        let settling = simulation.frames.filter { $0.phase == .animating }
        #expect(settling.count == 18, "0.3 s at 60 Hz")
        for frame in settling {
            let e = (frame.time - release) / 0.3
            let photo = try #require(frame[layer: "photo"])
            #expect(isClose(photo.presentationFrame.width, 390 * (0.88 + (0.7 - 0.88) * e), absolute: 1e-6))
            #expect(isClose(photo.presentationFrame.midY, 395 + 700 * e + 120 * (1 - e), absolute: 1e-6))
            #expect(isClose(frame.progress, 0.4 + 0.6 * e, absolute: 1e-6), "progress goes to 1 for a finish")
        }
        let last = try #require(simulation.frames.last)
        #expect(last.phase == .settled)
        #expect(isClose(last[layer: "photo"]?.presentationFrame.midY ?? 0, 395 + 700, absolute: 1e-9))
    }

    /// 15 pt a frame: 900 pt/s > 600, the first guard.
    @Test func aFlingFinishesByTheFirstGuard() throws {
        let simulation = try Self.run(Self.document(), Self.drag(step: 15, steps: 4))
        #expect(simulation.decision?.rule == "release/0")
        #expect(simulation.decision?.outcome == .finish)
    }

    /// 1 pt a frame for 30 frames: p = 0.1, 60 pt/s, projected 0.1 + (0.06·99)/300 = 0.1198: the
    /// guard without `when` cancels back to `start`.
    @Test func aSlowShortDragCancelsByTheLastGuard() throws {
        let simulation = try Self.run(Self.document(), Self.drag(step: 1, steps: 30))
        let decision = try #require(simulation.decision)
        #expect(decision.rule == "release/2")
        #expect(decision.outcome == .cancel)
        #expect(simulation.frames.last?[layer: "photo"]?.presentationFrame == Self.photo)
        #expect(simulation.frames.last?.progress == 0)
    }

    /// Up when the pan goes down, or a touch-down outside the photo: the pan never starts, every
    /// frame shows the first pose, and the decision is a cancel under `gate`.
    @Test func aPanRefusedByItsDirectionOrItsStartRegionStartsNothing() throws {
        for gesture in [Self.drag(step: -6, steps: 10), Self.drag(step: 6, steps: 10, from: Point(x: 195, y: 100))] {
            let simulation = try Self.run(Self.document(), gesture)
            #expect(simulation.decision?.rule == "gate")
            #expect(simulation.decision?.outcome == .cancel)
            for frame in simulation.frames {
                #expect(frame[layer: "photo"]?.presentationFrame == Self.photo)
                #expect(frame[layer: "backdrop"]?.opacity == 1)
            }
        }
    }

    /// From the left edge: a touch-down 30 pt from it starts a 44 pt edge pan, 60 pt does not.
    @Test func anEdgeRegionAdmitsOnlyTouchesNearTheEdge() throws {
        let edge = Self.document(startsIn: .edge(.left, width: 44))
        #expect(try Self.run(edge, Self.drag(step: 6, steps: 10, from: Point(x: 30, y: 395))).decision?.rule != "gate")
        #expect(try Self.run(edge, Self.drag(step: 6, steps: 10, from: Point(x: 60, y: 395))).decision?.rule == "gate")
    }

    /// 7.5 pt a frame for 60 frames: p = 450/300 = 1.5. Past the end a rubber band turns the
    /// overshoot o = 150 pt into (1 − 1/(o·0.55/844 + 1))·844 pt; clamp holds at p = 1;
    /// extend goes on to 1.5.
    @Test func overshootPastTheEndClampsExtendsOrRubberBands() throws {
        let gesture = Self.drag(step: 7.5, steps: 60)
        let banded = (1 - 1 / (150 * 0.55 / 844 + 1)) * 844
        let expectations: [(Overshoot, Double)] = [
            (.clamp, 1), (.extend, 1.5), (.rubberBand(0.55), 1 + banded / 300),
        ]
        for (overshoot, fraction) in expectations {
            let simulation = try Self.run(Self.document(overshoot: overshoot), gesture)
            let last = try #require(simulation.frames.last { $0.phase == .interactive })
            #expect(isClose(last.progress, 1.5, absolute: 1e-12), "progress is the finger's, unclamped")
            let width = try #require(last[layer: "photo"]?.presentationFrame.width)
            #expect(isClose(width, 390 * (1 - 0.3 * fraction), absolute: 1e-9), "\(overshoot)")
        }
    }

    /// The settle to the scrub's `to` on a spring (m = 1, k = 400, c = 8) with the velocity
    /// handed off: v0 = (v / distance) / (1 − p), and the progress follows
    /// p + (1 − p)·x(t) with x(t) = 1 − e^(−ζω0t)(cos ωd t + ((ζω0 − v0)/ωd) sin ωd t).
    @Test func theReleaseVelocityIsHandedToTheSettlingSpring() throws {
        let spring = try #require(Spring(mass: 1, stiffness: 400, damping: 8))
        var document = Self.document(
            settle: Settle(curve: .spring(spring, initialVelocity: 0, duration: nil), velocityHandoff: true))
        guard case .pan(var pan) = document.interaction else { return }
        pan.release = [
            ReleaseGuard(
                when: ReleaseCondition(tests: [ReleaseTest(.progress, .gt, 0.3)]), to: "shrunk", outcome: .finish)
        ]
        document.interaction = .pan(pan)
        // 6 pt a frame for 20 frames: p = 0.4 > 0.3, v = 360 pt/s.
        let simulation = try Self.run(document, Self.drag(step: 6, steps: 20))
        #expect(simulation.decision?.rule == "release/0")
        let p = 0.4
        let v0 = (360.0 / 300) / (1 - p)
        let omega = 20.0
        let zeta = 0.2
        let damped = omega * (1 - zeta * zeta).squareRoot()
        func x(_ t: Double) -> Double {
            1 - exp(-zeta * omega * t) * (cos(damped * t) + (zeta * omega - v0) / damped * sin(damped * t))
        }
        let release = 21.0 / 60
        let settling = simulation.frames.filter { $0.phase == .animating }
        #expect(settling.count > 20)
        for frame in settling {
            #expect(isClose(frame.progress, p + (1 - p) * x(frame.time - release), absolute: 1e-6), "at \(frame.time)")
        }
    }
    /// Interruptible: stroke 1 (6 pt a frame for 10 frames, p = 0.2, projected 0.32) cancels back
    /// on a linear 0.3 s settle; stroke 2 touches down 0.1 s into it, a third of the way back,
    /// and catches p = 0.2·(2/3) with the photo's follow offset 60·(2/3) = 40 pt; 6 pt a frame for
    /// 20 frames then takes p to 0.1333 + 0.4 = 0.5333, projected 0.652: the second guard.
    @Test func anInterruptingStrokeCatchesTheSettleWhereItIs() throws {
        guard case .pan(var pan) = Self.document().interaction else { return }
        pan.interruptible = true
        var document = Self.document()
        document.interaction = .pan(pan)
        let preset = try #require(DocumentPreset(document))
        #expect(preset.acceptsRegrab)
        var samples = [GestureSample(time: 0, location: Point(x: 195, y: 395), phase: .began)]
        for k in 1...11 {
            samples.append(
                GestureSample(
                    time: Double(k) / 60, location: Point(x: 195, y: 395 + 6 * Double(k)),
                    phase: k == 11 ? .ended : .changed))
        }
        let regrab = 17.0 / 60
        for j in 0...21 {
            samples.append(
                GestureSample(
                    time: regrab + Double(j) / 60, location: Point(x: 195, y: 440 + 6 * Double(j)),
                    phase: j == 0 ? .began : j == 21 ? .ended : .changed))
        }
        let simulation = try preset.run(
            SimulationInput(
                scene: ParameterValues(), parameters: ParameterValues(),
                gesture: try GestureTrack(samples: samples, allowsMultipleStrokes: true), frameRate: 60))
        #expect(simulation.events.map(\.type) == [.began, .released, .began, .released, .finished])
        let caught = 0.2 * 2 / 3
        for frame in simulation.frames where frame.time >= regrab - 1e-9 && frame.phase == .interactive {
            let j = ((frame.time - regrab) * 60).rounded()
            let p = caught + 6 * j / 300
            #expect(isClose(frame.progress, p, absolute: 1e-6), "at \(frame.time)")
            let photo = try #require(frame[layer: "photo"]?.presentationFrame)
            #expect(isClose(photo.midY, 395 + 40 + 6 * j, absolute: 1e-6), "at \(frame.time)")
            #expect(isClose(photo.width, 390 * (1 - 0.3 * p), absolute: 1e-6))
        }
        let decision = try #require(simulation.decision)
        #expect(decision.rule == "release/1")
        #expect(isClose(decision.progress, caught + 0.4, absolute: 1e-6))
        #expect(decision.explanation.hasPrefix("stroke 2 of 2: "))

        // A stroke after the settle has ended catches nothing.
        let late =
            samples.prefix(12)
            + samples.dropFirst(12).map {
                GestureSample(time: $0.time + 1, location: $0.location, phase: $0.phase)
            }
        #expect(throws: SimulationError.self) {
            try preset.run(
                SimulationInput(
                    scene: ParameterValues(), parameters: ParameterValues(),
                    gesture: try GestureTrack(samples: Array(late), allowsMultipleStrokes: true), frameRate: 60))
        }
    }
}
