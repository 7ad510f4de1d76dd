import SegueMath
import Testing

@testable import SegueEngine

/// What every simulation owes its frames, whatever the preset: the frame grid, the phases, the
/// events and the decision against the gesture that was sent, every layer in every frame, the
/// presentation frame as the layer's frame under its transform, and values in their ranges.
///
/// Run over every preset of the built-in catalogue with its example request (its example
/// gesture, or none for a tap) at three frame rates, and over requests that reach the other
/// paths: a cancelled gesture, a pan the gate refuses, a regrab, an overshooting settle, other
/// clocks and scenes. Every expected value is derived here from the request (the grid from t0 and
/// the frame rate, phases and events from the gesture's strokes, presentation frames from the
/// corners of the layer's frame), not read from the engine's own helpers.
@Suite struct FrameInvariantTests {
    /// One request to simulate: a preset with overrides, a gesture and a frame rate.
    struct Request: CustomTestStringConvertible, Sendable {
        var name: String
        var preset: any Preset
        var scene: [String: ParameterValue] = [:]
        var parameters: [String: ParameterValue] = [:]
        var samples: [GestureSample]?
        var frameRate: Double = 60

        var testDescription: String { name }

        func simulate() throws -> Simulation {
            try run(preset, scene: scene, parameters: parameters, samples: samples, frameRate: frameRate)
        }
    }

    /// The default rate, a high one, and one whose frame interval is not a round number.
    static let frameRates: [Double] = [60, 120, 24.5]

    /// Every preset with its example request, at each of `frameRates`.
    static let exampleRequests: [Request] = PresetCatalogue.builtIn.presets.flatMap { preset in
        frameRates.map { rate in
            Request(
                name: "\(preset.description.id) at \(rate) Hz", preset: preset, samples: preset.exampleGesture,
                frameRate: rate)
        }
    }

    /// Requests beyond the examples, each reaching a path the examples do not.
    static let variedRequests: [Request] = {
        // An id the catalogue lacks falls back to its first preset, which the request's name
        // (it starts with the id) then contradicts: `variedRequestsSetOnlyWhatThePresetTakes` fails.
        func preset(_ id: String) -> any Preset {
            PresetCatalogue.builtIn.preset(id: id) ?? PresetCatalogue.builtIn.presets[0]
        }
        // A drag right and down from (60, 500) by (117, 40) over 0.2 s, then a lift where it stopped.
        let dragRight: [(Double, Double)] =
            (0...12).map { step -> (Double, Double) in (60 + 9.75 * Double(step), 500 + 40 * Double(step) / 12) }
            + [(177, 540)]
        return [
            Request(
                name: "instagram.push: a tall cell, legacy aspect fit, YUI spring, 120 Hz",
                preset: preset("instagram.push"),
                scene: ["cellFrame": .rect(Rect(x: 0, y: 97, width: 128.666667, height: 160))],
                parameters: ["legacyAspectFit": .bool(true), "curve": .choice("yuiSpring"), "duration": .number(0.4)],
                frameRate: 120),
            Request(
                name: "instagram.pop: linear over 0.1 s at 24.5 Hz", preset: preset("instagram.pop"),
                parameters: [
                    "curve": .choice("linear"), "duration": .number(0.1), "overlayOpacity": .number(1),
                    "cornerRadius": .number(0),
                ],
                frameRate: 24.5),
            Request(
                name: "instagram.pop.interactive: an overshooting spring settle, projection rule",
                preset: preset("instagram.pop.interactive"),
                parameters: [
                    "springSettle": .bool(true), "settleDampingRatio": .number(0.05),
                    "releaseRule": .choice("projection"),
                ],
                samples: stroke(dragRight)),
            Request(
                name: "instagram.pop.interactive: dragged left and cancelled, clock from 5 s, 7 Hz",
                preset: preset("instagram.pop.interactive"),
                parameters: ["progressMode": .choice("absolute"), "keepMaskOnCancel": .bool(true)],
                samples: stroke(
                    [(200, 400), (190, 400), (175, 401), (160, 402), (160, 402)], from: 5, every: 0.05,
                    last: .cancelled),
                frameRate: 7),
            Request(
                name: "instagram.pop.interactive: a downward pan the horizontal gate refuses, 7 Hz",
                preset: preset("instagram.pop.interactive"),
                samples: stroke([(100, 300), (101, 320), (102, 340), (102, 340)], from: 5, every: 0.1),
                frameRate: 7),
            Request(
                name: "instagram.pop.interactive: YUI gate and rule, least-squares velocity, a downward pull",
                preset: preset("instagram.pop.interactive"),
                parameters: [
                    "gate": .choice("yui"), "releaseRule": .choice("yui"),
                    "velocityEstimator": .choice("leastSquares"),
                ],
                samples: stroke([(100, 300), (101, 320), (102, 345), (103, 375), (103, 375)])),
            Request(
                name: "touchwonders.zoomPop: a short downward flick, panInteraction rule, Core Animation settling",
                preset: preset("touchwonders.zoomPop"),
                parameters: ["releaseRule": .choice("panInteraction"), "settlingModel": .choice("coreAnimation")],
                samples: stroke([(195, 250), (195, 270), (195, 310), (195, 310)])),
            Request(
                name: "touchwonders.shapeDrop: let go short, grabbed again during the spring back, dropped",
                preset: preset("touchwonders.shapeDrop"),
                samples: stroke([(195, 740), (195, 710), (195, 680), (195, 680)], every: 0.08)
                    + stroke([(195, 700), (195, 600), (195, 450), (195, 450)], from: 0.3, every: 0.08)),
            Request(
                name: "instagram.pop.percentDriven: scrubbed right, released moving left, completionSpeed 2",
                preset: preset("instagram.pop.percentDriven"),
                parameters: ["completionSpeed": .number(2), "curve": .choice("articleInteractive")],
                samples: stroke([(30, 420), (80, 420), (130, 421), (150, 421), (140, 421), (135, 421)])),
        ]
    }()

    static let requests = exampleRequests + variedRequests

    /// A stroke through `points`, one sample every `every` seconds from `from`: began, changed…, then `last`.
    static func stroke(
        _ points: [(Double, Double)], from start: Double = 0, every interval: Double = 1.0 / 60,
        last: GesturePhase = .ended
    ) -> [GestureSample] {
        points.enumerated().map { index, point in
            let phase: GesturePhase = index == 0 ? .began : index == points.count - 1 ? last : .changed
            return sample(start + Double(index) * interval, point.0, point.1, phase)
        }
    }

    /// Grid times are t0 + k/frameRate computed the same way here and in the engine, so they agree
    /// to the last bit; a billionth of a second still allows for another order of operations.
    static let timeTolerance = 1e-9

    // MARK: the requests themselves

    /// A varied request runs the preset its name starts with, and names only scene fields and
    /// parameters that preset has, with values they take, so that none is silently left at its default.
    @Test(arguments: variedRequests)
    func variedRequestsSetOnlyWhatThePresetTakes(request: Request) {
        #expect(request.name.hasPrefix(request.preset.description.id + ":"), "the preset its name starts with")
        for name in request.scene.keys {
            #expect(request.preset.sceneFields.contains { $0.name == name }, "scene field \(name)")
        }
        for (name, value) in request.parameters {
            let spec = request.preset.parameters.first { $0.name == name }
            #expect(spec != nil, "parameter \(name)")
            switch (spec?.kind, value) {
            case (.number(let range, _), .number(let number)): #expect(range.contains(number), "\(name)")
            case (.choice(let choices), .choice(let choice)): #expect(choices.contains(choice), "\(name)")
            case (.bool, .bool), (.rect, .rect), (.size, .size), (nil, _): break
            default: Issue.record("\(name): \(value) is not of the parameter's kind")
            }
        }
    }

    // MARK: the grid

    /// Frame k is at t0 + k/frameRate (t0 the first sample's time, or 0 for a tap); the last frame
    /// is the first grid time at or after the end, the last event; `duration` is its distance from
    /// t0; the preset and frame rate are the request's.
    @Test(arguments: requests)
    func framesLieOnTheGridThroughTheEnd(request: Request) throws {
        let simulation = try request.simulate()
        #expect(simulation.presetID == request.preset.description.id)
        #expect(simulation.frameRate == request.frameRate)
        let end = try #require(simulation.events.last?.time)
        let start = request.samples?.first?.time ?? 0
        let step = 1 / request.frameRate
        var count = 1
        while start + Double(count - 1) * step < end - Self.timeTolerance, count <= simulation.frames.count + 1 {
            count += 1
        }
        #expect(
            simulation.frames.count == count, "the first grid time at or after the end \(end) is frame \(count - 1)")
        let offGrid = simulation.frames.indices.filter {
            !isClose(simulation.frames[$0].time, start + Double($0) * step, absolute: Self.timeTolerance)
        }
        #expect(offGrid.isEmpty, "frames off the grid: \(offGrid.prefix(3))")
        let last = try #require(simulation.frames.last)
        #expect(last.time >= end - Self.timeTolerance && last.time < end + step + Self.timeTolerance)
        #expect(isClose(simulation.duration, last.time - start, absolute: Self.timeTolerance))
    }

    // MARK: phases

    /// `interactive` from each stroke's began to its release, `animating` after a release (until the
    /// next began) and throughout a tap, `settled` on the last frame and no other.
    @Test(arguments: requests)
    func phasesFollowTheStrokesAndSettleOnceAtTheEnd(request: Request) throws {
        let simulation = try request.simulate()
        let frames = simulation.frames
        #expect(frames.last?.phase == .settled)
        let early = frames.dropLast().indices.filter { frames[$0].phase == .settled }
        #expect(early.isEmpty, "settled before the last frame: \(early.prefix(3))")
        let strokes = Self.strokes(request.samples ?? [])
        let tolerance = Self.timeTolerance
        for index in frames.indices.dropLast() {
            let time = frames[index].time
            let expected: FramePhase?
            if strokes.isEmpty {
                expected = .animating
            } else if strokes.contains(where: { time >= $0.began - tolerance && time < $0.release - tolerance }) {
                expected = .interactive
            } else if strokes.contains(where: { time > $0.release + tolerance })
                && !strokes.contains(where: { abs(time - $0.began) <= tolerance || abs(time - $0.release) <= tolerance }
                )
            {
                expected = .animating
            } else {
                expected = nil  // a frame at a began or release time may show either side of it
            }
            if let expected {
                #expect(frames[index].phase == expected, "frame \(index) at \(frames[index].time)")
            }
        }
        if !request.preset.interactive {
            #expect(!frames.contains { $0.phase == .interactive }, "a tap-started preset has interactive frames")
        }
    }

    // MARK: events and the decision

    /// Events are began, then began and released for each stroke, then finished or cancelled, in
    /// time order; a gesture-driven preset decides at its last sample, by one of its rules (or
    /// `gestureCancelled`, `gate`), with the outcome the last event tells; the settled frame's
    /// progress is 1 when finished and 0 when cancelled (a pan between detents: the detent's position).
    @Test(arguments: requests)
    func eventsAndDecisionAnswerTheGesture(request: Request) throws {
        let simulation = try request.simulate()
        let events = simulation.events
        let ending = try #require(events.last?.type)
        #expect(ending == .finished || ending == .cancelled)
        let strokes = Self.strokes(request.samples ?? [])
        let start = request.samples?.first?.time ?? 0
        if request.preset.interactive {
            let expected = Array(repeating: [SimulationEvent.Kind.began, .released], count: max(strokes.count, 1))
                .flatMap { $0 }
            #expect(events.map(\.type) == expected + [ending])
            let released = events.filter { $0.type == .released }.map(\.time)
            // Sample times within the wire's resolution of a frame are moved onto it.
            let resolution = GestureTrack.timeResolution
            #expect(
                released.count == strokes.count
                    && zip(released, strokes).allSatisfy { isClose($0, $1.release, absolute: resolution) },
                "released at the strokes' ended or cancelled samples")
            let began = events.filter { $0.type == .began }.map(\.time)
            #expect(
                began.count == strokes.count
                    && zip(began, strokes).allSatisfy { isClose($0, $1.began, absolute: resolution) },
                "began at the strokes' began samples")
        } else {
            #expect(events.map(\.type) == [.began, ending])
        }
        #expect(events.first.map { isClose($0.time, start, absolute: Self.timeTolerance) } == true)
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time }, "event times in order")

        if request.preset.interactive {
            let decision = try #require(simulation.decision, "a gesture-driven preset decides")
            let lastSample = try #require(request.samples?.last)
            #expect(isClose(decision.time, lastSample.time, absolute: GestureTrack.timeResolution))
            #expect(decision.outcome == (ending == .finished ? .finish : .cancel))
            let rules = request.preset.decisionRules.map(\.id) + ["gestureCancelled", "gate"]
            #expect(rules.contains(decision.rule), "rule \(decision.rule) is none of \(rules)")
            if decision.rule == "gestureCancelled" || decision.rule == "gate" {
                #expect(decision.outcome == .cancel)
            }
            if lastSample.phase == .cancelled {
                #expect(decision.rule == "gestureCancelled" || decision.rule == "gate")
            }
            for number in [
                decision.translation.x, decision.translation.y, decision.velocity.x, decision.velocity.y,
                decision.progress,
            ] {
                #expect(number.isFinite)
            }
        } else {
            #expect(simulation.decision == nil, "a tap-started preset decides nothing")
        }
        let last = try #require(simulation.frames.last)
        if let detents = Self.detents(request.preset) {
            // Between detents progress is the tracked layer's origin along the axis, in points.
            let origin = try #require(last[layer: detents.layer]?.presentationFrame.origin)
            #expect(last.progress == detents.axis.of(origin), "settled progress \(last.progress) at the detent")
        } else {
            #expect(last.progress == (ending == .finished ? 1 : 0), "settled progress \(last.progress) for \(ending)")
        }
    }

    /// The detents of a document's pan, nil for every other preset.
    static func detents(_ preset: any Preset) -> Detents? {
        guard let document = (preset as? DocumentPreset)?.document, case .pan(let pan) = document.interaction,
            case .detents(let detents) = pan.tracking
        else { return nil }
        return detents
    }

    // MARK: layers

    /// Layer ids are unique, and every frame gives a state for exactly the simulation's layers.
    @Test(arguments: requests)
    func everyFrameHoldsEveryLayer(request: Request) throws {
        let simulation = try request.simulate()
        let ids = simulation.layers.map(\.id)
        #expect(!ids.isEmpty)
        #expect(Set(ids).count == ids.count, "layer ids repeat: \(ids)")
        let incomplete = simulation.frames.indices.filter {
            Self.layerStates(in: simulation.frames[$0], of: simulation) == nil
        }
        #expect(incomplete.isEmpty, "frames without exactly the layers \(ids): \(incomplete.prefix(3))")
    }

    /// Every presentation frame is the bounding box of the corners of the state's layout frame under
    /// its transform about the frame's centre (UIKit's default anchor point), computed here corner by
    /// corner.
    @Test(arguments: requests)
    func presentationFrameIsTheFrameUnderTheTransformAboutItsCentre(request: Request) throws {
        let simulation = try request.simulate()
        var mismatches: [String] = []
        for (index, frame) in simulation.frames.enumerated() {
            for (layer, state) in Self.layerStates(in: frame, of: simulation) ?? [] {
                let expected = Self.boundingBox(of: state.frame, under: state.transform)
                let got = state.presentationFrame
                let close = zip([got.x, got.y, got.width, got.height], expected).allSatisfy {
                    isClose($0, $1, absolute: 1e-9, relative: 1e-12)
                }
                if !close { mismatches.append("frame \(index) \(layer.id): \(got), expected \(expected)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) presentation frames differ: \(mismatches.prefix(3))")
    }

    /// Every number is finite; opacity within 0…1, radii at least 0, as Core Animation renders them.
    @Test(arguments: requests)
    func layerValuesAreFiniteAndInRange(request: Request) throws {
        let simulation = try request.simulate()
        var problems: [String] = []
        for (index, frame) in simulation.frames.enumerated() {
            if !frame.time.isFinite || !frame.progress.isFinite { problems.append("frame \(index): time or progress") }
            for (layer, state) in Self.layerStates(in: frame, of: simulation) ?? [] {
                let place = "frame \(index) \(layer.id)"
                let t = state.transform
                var numbers = [t.a, t.b, t.c, t.d, t.tx, t.ty, state.opacity, state.cornerRadius]
                numbers += Self.numbers(of: state.presentationFrame)
                if let mask = state.mask {
                    numbers += Self.numbers(of: mask.rect) + [mask.cornerRadius]
                    if mask.cornerRadius < 0 { problems.append("\(place): mask corner radius \(mask.cornerRadius)") }
                }
                if let shadow = state.shadow {
                    numbers += [shadow.opacity, shadow.radius, shadow.offset.x, shadow.offset.y]
                }
                if !numbers.allSatisfy(\.isFinite) { problems.append("\(place): a number that is not finite") }
                if !(0...1).contains(state.opacity) { problems.append("\(place): opacity \(state.opacity)") }
                if state.cornerRadius < 0 { problems.append("\(place): corner radius \(state.cornerRadius)") }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) problems: \(problems.prefix(3))")
    }

    // MARK: helpers

    /// Each layer of `simulation` with its state in `frame`, found by the layer's id, or nil
    /// unless the frame holds exactly those layers, in the simulation's order.
    static func layerStates(in frame: SimulationFrame, of simulation: Simulation) -> [(LayerDescription, LayerState)]? {
        guard frame.layers.map(\.id) == simulation.layers.map(\.id) else { return nil }
        return simulation.layers.compactMap { layer in frame[layer: layer.id].map { (layer, $0) } }
    }

    /// One stroke of a gesture: its began time and its release (ended or cancelled) time, seconds.
    struct Stroke {
        var began: Double
        var release: Double
    }

    /// The strokes of `samples`, each from a began to the next ended or cancelled.
    static func strokes(_ samples: [GestureSample]) -> [Stroke] {
        var strokes: [Stroke] = []
        var began: Double?
        for sample in samples {
            switch sample.phase {
            case .began: began = sample.time
            case .ended, .cancelled:
                if let start = began { strokes.append(Stroke(began: start, release: sample.time)) }
                began = nil
            case .changed: break
            }
        }
        return strokes
    }

    /// x, y, width and height of the bounding box of `frame`'s four corners, each moved by
    /// `transform` about the frame's centre: a corner at offset (u, v) from the centre lands at
    /// centre + (a·u + c·v + tx, b·u + d·v + ty).
    static func boundingBox(of frame: Rect, under transform: AffineTransform) -> [Double] {
        let centreX = frame.x + frame.width / 2
        let centreY = frame.y + frame.height / 2
        var xs: [Double] = []
        var ys: [Double] = []
        for u in [-frame.width / 2, frame.width / 2] {
            for v in [-frame.height / 2, frame.height / 2] {
                xs.append(centreX + transform.a * u + transform.c * v + transform.tx)
                ys.append(centreY + transform.b * u + transform.d * v + transform.ty)
            }
        }
        let minX = xs.min() ?? .nan
        let minY = ys.min() ?? .nan
        return [minX, minY, (xs.max() ?? .nan) - minX, (ys.max() ?? .nan) - minY]
    }

    static func numbers(of rect: Rect) -> [Double] { [rect.x, rect.y, rect.width, rect.height] }
}
