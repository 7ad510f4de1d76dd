import SegueMath
import SegueTestSupport
import Testing

@testable import SegueEngine

/// `yui.modalCard` against seed-transitions.md §12 and scene I (§15.10), with the expected
/// numbers computed here from the formulas.
@Suite struct YUIModalCardTests {
    static let screen = 844.0
    /// Sb = H − safe bottom 34.
    static let safeBottom = 844.0 - 34
    static let peek = Rect(
        x: 12, y: safeBottom + (0.5 * screen - 60) - 0.5 * screen, width: 390 - 24, height: 0.5 * screen)
    static let half = Rect(x: 12, y: safeBottom - 12 - 0.5 * screen, width: 366, height: 0.5 * screen)
    static let full = Rect(x: 12, y: safeBottom - 12 - 0.8 * screen, width: 366, height: 0.8 * screen)

    /// A vertical drag from (195, y0) at a constant `velocity` (pt/s, + down) sampled at
    /// `rate` Hz for `distance` points, the lift continuing the motion.
    func drag(
        from y0: Double = 600, by distance: Double, velocity: Double, rate: Double = 120,
        lift: GesturePhase = .ended
    ) -> [GestureSample] {
        let steps = max(Int((abs(distance / velocity) * rate).rounded()), 2)
        var samples = [sample(0, 195, y0, .began)]
        for step in 1...steps {
            let fraction = Double(step) / Double(steps)
            samples.append(
                sample(
                    Double(step) / Double(steps) * abs(distance / velocity), 195, y0 + distance * fraction,
                    step == steps ? lift : .changed))
        }
        return samples
    }

    func frame(_ state: LayerState?) -> Rect? { state?.presentationFrame }

    /// The state of the layer `id` in `frame`; a missing layer fails the test.
    func layer(_ frame: SimulationFrame?, _ id: String) throws -> LayerState {
        try #require(frame?[layer: id])
    }

    func same(_ a: Rect?, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return isClose(a.minX, b.minX, absolute: tolerance) && isClose(a.minY, b.minY, absolute: tolerance)
            && isClose(a.width, b.width, absolute: tolerance) && isClose(a.height, b.height, absolute: tolerance)
    }

    func annotation(_ frame: SimulationFrame?, _ name: String) -> FrameAnnotation.Value? {
        frame?.annotations.first { $0.name == name }?.value
    }

    /// From half, 72 pt up then back down past the start: the frames sent for the upward part
    /// never change when the downward samples arrive. With the default 1:1 mapping the top is 72 pt
    /// above half's, and half → full spans 0.3·H = 253.2 pt, so those frames show p = 72/253.2 =
    /// 0.284 toward full, in the open prefix and in the whole answer alike.
    @Test func framesSentForAnUpwardDragDoNotChangeWhenItTurnsBack() throws {
        var samples = [sample(0, 195, 600, .began)]
        for step in 1...6 { samples.append(sample(Double(step) / 60, 195, 600 - 12 * Double(step), .changed)) }
        for step in 1...12 { samples.append(sample(0.1 + Double(step) / 60, 195, 528 + 12 * Double(step), .changed)) }
        samples.append(sample(0.1 + 13.0 / 60, 195, 684, .ended))
        let up = Array(samples.prefix(7))
        let open = try YUIModalCard().run(
            SimulationInput(
                scene: ParameterValues(specs: YUIModalCard().sceneFields, given: [:]),
                parameters: ParameterValues(specs: YUIModalCard().parameters, given: [:]),
                gesture: try GestureTrack(samples: up), frameRate: 60))
        let whole = try run(YUIModalCard(), samples: samples)
        #expect(open.frames.count == 7)
        #expect(Array(whole.frames.prefix(7)) == open.frames)
        let top = try #require(open.frames.last)
        #expect(isClose(top.progress, 72 / (0.3 * Self.screen), absolute: 1e-12))
    }

    @Test func seedConstantsAreTheDefaults() {
        let preset = YUIModalCard()
        func value(_ name: String) -> ParameterValue? {
            (preset.parameters + preset.sceneFields).first { $0.name == name }?.defaultValue
        }
        #expect(value("startStage") == .choice("half"))  // starts in .half
        #expect(value("dragDistance") == .number(400))  // abs(translation.y) / 400
        #expect(value("bandFactor") == .number(0.2))  // 0.2 * (newHeight - maxHeight)
        #expect(value("velocityThreshold") == .number(500))  // velocity.y > 500
        #expect(value("translationThreshold") == .number(50))  // translation.y > 50
        #expect(value("duration") == .number(0.4))  // withDuration: 0.4
        #expect(value("dampingRatio") == .number(1))  // usingSpringWithDamping: 1.0
        #expect(value("initialVelocity") == .number(0.2))  // initialSpringVelocity: 0.2
        #expect(value("cornerRadius") == .number(40))  // cornerRadius = 40
        #expect(value("inset") == .number(12))  // leading/trailing 12, bottom −12
        #expect(value("peekTab") == .number(60))  // 0.5·H − 60
        #expect(value("rubberBandCoefficient") == .number(RubberBand.uiScrollViewCoefficient))
        #expect(value("decelerationRate") == .number(DecelerationRate.normal.factor))
        #expect(preset.decisionRules.map(\.id) == ["original", "projection"])
    }

    /// §15.10: peek (12, 750, 366, 422), half (12, 376, 366, 422), full (12, 122.8, 366, 675.2).
    @Test func stagesAreSceneIsRects() {
        let scene = YUIModalCardScene(ParameterValues(specs: YUIModalCardScene.fields, given: [:]))
        #expect(same(scene.contentFrame(scene.shape(.peek)), Self.peek))
        #expect(same(scene.contentFrame(scene.shape(.half)), Self.half))
        #expect(same(scene.contentFrame(scene.shape(.full)), Self.full))
        #expect(same(Self.peek, Rect(x: 12, y: 750, width: 366, height: 422)))
        #expect(same(Self.full, Rect(x: 12, y: 122.8, width: 366, height: 675.2), 1e-9))
    }

    /// §15.10: from half, up 200 gives h = 0.5H + 0.3H·0.5; up 600 overshoots 0.8H and
    /// keeps 0.2 of the excess: 0.8H + 0.2·(0.5H + 0.3H·1.5 − 0.8H).
    @Test func seedDragMatchesSceneIsWorkedNumbers() {
        let scene = YUIModalCardScene(ParameterValues(specs: YUIModalCardScene.fields, given: [:]))
        func height(_ ty: Double, from stage: YUIModalCardStage = .half) -> Double {
            YUIModalCardDrag.original.shape(
                translation: ty, from: stage, scene: scene, dragDistance: 400, band: 0.2, coefficient: 0.55
            ).height
        }
        let h = Self.screen
        #expect(isClose(height(-200), 0.5 * h + 0.3 * h * 0.5, absolute: 1e-9))
        #expect(isClose(height(-200), 548.6, absolute: 1e-9))
        #expect(isClose(height(-600), 0.8 * h + 0.2 * (0.5 * h + 0.3 * h * 1.5 - 0.8 * h), absolute: 1e-9))
        #expect(isClose(height(-600), 700.52, absolute: 1e-9))
        // Full, up 400: a permanent 0.2 band adds 0.04H.
        #expect(isClose(height(-400, from: .full), 0.8 * h + 0.04 * h, absolute: 1e-9))
        // A drag down from peek is ignored (§14.37).
        let peek = YUIModalCardDrag.original.shape(
            translation: 100, from: .peek, scene: scene, dragDistance: 400, band: 0.2, coefficient: 0.55)
        #expect(peek == scene.shape(.peek))
    }

    /// Scene I's first test through the whole simulation: up 200 at 300 pt/s from half
    /// reaches full (ty < −50), and the drag frames follow the seed mapping.
    @Test func dragUp200SettlesAtFull() throws {
        let simulation = try run(
            YUIModalCard(), parameters: ["dragMapping": .choice("original")], samples: drag(by: -200, velocity: -300))
        let decision = try #require(simulation.decision)
        #expect(decision.rule == "original" && decision.outcome == .finish)
        #expect(isClose(decision.velocity.y, -300, relative: 0.02))
        let last = try #require(simulation.frames.last)
        #expect(last.phase == .settled && last.progress == 1)
        #expect(same(frame(last[layer: "card"]), Self.full, 0))
        #expect(annotation(last, "stage") == .text("full"))
        #expect(decision.explanation.contains("full"))
        // Frame 20 (t = 1/3 s): ty = −100, so h = 0.5H + 0.3H·(100/400).
        let mid = simulation.frames[20]
        #expect(mid.phase == .interactive)
        // Progress runs from half's top (0) to full's (1): (376 − top)/(376 − 122.8), top = Sb − 12 − h.
        let midTop = Self.safeBottom - 12 - (0.5 * Self.screen + 0.3 * Self.screen * 0.25)
        #expect(isClose(mid.progress, (Self.half.minY - midTop) / (Self.half.minY - Self.full.minY), absolute: 1e-9))
        #expect(
            try isClose(
                layer(mid, "card").presentationFrame.height, 0.5 * Self.screen + 0.3 * Self.screen * 0.25,
                absolute: 1e-6))
        #expect(
            isClose(last.time, decision.time + 0.4, absolute: 1 / 60 + 1e-9) && last.time >= decision.time + 0.4 - 1e-9)
    }

    /// §15.10: down 40 at 200 pt/s stays at half; at 800 pt/s it goes to peek.
    @Test func dragDown40StaysOrPeeksByVelocity() throws {
        let slow = try run(YUIModalCard(), samples: drag(by: 40, velocity: 200))
        #expect(slow.decision?.outcome == .cancel)
        #expect(slow.frames.last?.progress == 0)
        // Staying, progress is measured toward the neighbour the drag headed for, at the last `.changed`
        // sample (24 at 120 Hz, so 40·23/24 pt), which the screen shows when the finger lifts: of
        // half→peek's 374 pt.
        #expect(
            isClose(slow.decision?.progress ?? 0, 40 * 23 / 24 / (Self.peek.minY - Self.half.minY), absolute: 1e-9))
        #expect(annotation(slow.frames.last, "stage") == .text("half"))
        #expect(same(frame(slow.frames.last?[layer: "card"]), Self.half, 0))
        let fast = try run(YUIModalCard(), samples: drag(by: 40, velocity: 800))
        #expect(isClose(fast.decision?.velocity.y ?? 0, 800, relative: 0.02))
        #expect(fast.decision?.outcome == .finish)
        #expect(same(frame(fast.frames.last?[layer: "card"]), Self.peek, 0))
    }

    /// The default mapping: 1:1 between the stages, UIScrollView's band past full:
    /// top = fullTop − x·H·c/(H + c·x) for x points of overshoot.
    @Test func rubberBandMappingFollowsTheFingerAndBandsPastFull() throws {
        let scene = YUIModalCardScene(ParameterValues(specs: YUIModalCardScene.fields, given: [:]))
        func top(_ ty: Double, from stage: YUIModalCardStage) -> Double {
            scene.top(
                YUIModalCardDrag.rubberBand.shape(
                    translation: ty, from: stage, scene: scene, dragDistance: 400, band: 0.2, coefficient: 0.55))
        }
        #expect(isClose(top(-100, from: .half), Self.half.minY - 100, absolute: 1e-9))
        #expect(isClose(top(200, from: .half), Self.half.minY + 200, absolute: 1e-9))
        let x = 100.0
        let h = Self.screen
        #expect(isClose(top(-x, from: .full), Self.full.minY - x * h * 0.55 / (h + 0.55 * x), absolute: 1e-9))
        #expect(isClose(top(x, from: .peek), Self.peek.minY + x * h * 0.55 / (h + 0.55 * x), absolute: 1e-9))
        // Above half's top the bottom stays at Sb − 12 and the card grows.
        let grown = YUIModalCardDrag.rubberBand.shape(
            translation: -100, from: .half, scene: scene, dragDistance: 400, band: 0.2, coefficient: 0.55)
        #expect(isClose(grown.bottom, -12, absolute: 1e-12) && isClose(grown.height, 0.5 * h + 100, absolute: 1e-9))
    }

    /// Projection: the top edge at release plus (vy/1000)·d/(1 − d), then the nearest stage;
    /// with one stage per swipe a hard flick from peek stops at half.
    @Test func projectionReportsThePointAndTheStage() throws {
        let samples = drag(from: 700, by: -100, velocity: -1000)
        let simulation = try run(YUIModalCard(), parameters: ["releaseRule": .choice("projection")], samples: samples)
        let decision = try #require(simulation.decision)
        let releaseTop = Self.half.minY - 100
        let projected = releaseTop + decision.velocity.y / 1000 * 0.998 / (1 - 0.998)
        guard case .number(let reported) = annotation(simulation.frames.last, "projectedY") else {
            Issue.record("no projectedY annotation")
            return
        }
        #expect(isClose(reported, projected, absolute: 1e-9))
        #expect(isClose(reported, releaseTop - 499, absolute: 15))
        #expect(annotation(simulation.frames.last, "stage") == .text("full"))
        #expect(decision.rule == "projection" && decision.explanation.contains("full"))
        #expect(decision.explanation.contains(Format.amount(projected)))

        let fromPeek = try run(
            YUIModalCard(),
            parameters: [
                "releaseRule": .choice("projection"), "startStage": .choice("peek"), "oneStagePerSwipe": .bool(true),
            ], samples: drag(from: 800, by: -60, velocity: -3000))
        #expect(annotation(fromPeek.frames.last, "stage") == .text("half"))
        #expect(same(frame(fromPeek.frames.last?[layer: "card"]), Self.half, 0))
        let unlimited = try run(
            YUIModalCard(), parameters: ["releaseRule": .choice("projection"), "startStage": .choice("peek")],
            samples: drag(from: 800, by: -60, velocity: -3000))
        #expect(annotation(unlimited.frames.last, "stage") == .text("full"))
    }

    /// §14.36: a cancelled pan springs back to the start stage, unless the seed's behaviour is asked for:
    /// then the card stays where the last `.changed` sample left it (30 samples at 120 Hz: 145 pt up).
    @Test func cancelledPanReturnsToTheStartStage() throws {
        let samples = drag(by: -150, velocity: -600, lift: .cancelled)
        let fixed = try run(YUIModalCard(), samples: samples)
        #expect(fixed.decision?.rule == "gestureCancelled" && fixed.decision?.outcome == .cancel)
        #expect(same(frame(fixed.frames.last?[layer: "card"]), Self.half, 0))
        let legacy = try run(YUIModalCard(), parameters: ["legacyIgnoresCancel": .bool(true)], samples: samples)
        #expect(
            try isClose(layer(legacy.frames.last, "card").presentationFrame.minY, Self.half.minY - 145, absolute: 1e-9))
        #expect(legacy.frames.last?.phase == .settled)
    }

    /// Property, over seeded random smooth drags in both mappings and both rules: frames are
    /// continuous (no jump larger than the finger's or the spring's step) and the last frame is
    /// exactly the chosen stage.
    @Test func framesAreContinuousAndEndExactlyAtTheStage() throws {
        var generator = SeededGenerator(seed: 4)
        let stages: [YUIModalCardStage: Rect] = [.peek: Self.peek, .half: Self.half, .full: Self.full]
        for _ in 0..<60 {
            let distance = Double.random(in: -700...700, using: &generator)
            let velocity = (distance < 0 ? -1 : 1) * Double.random(in: 100...3000, using: &generator)
            let parameters: [String: ParameterValue] = [
                "dragMapping": .choice(Double.random(in: 0...1, using: &generator) < 0.5 ? "original" : "rubberBand"),
                "releaseRule": .choice(Double.random(in: 0...1, using: &generator) < 0.5 ? "original" : "projection"),
                "startStage": .choice(YUIModalCardStage.names[Int(Double.random(in: 0...2.999, using: &generator))]),
            ]
            let simulation = try run(
                YUIModalCard(), parameters: parameters, samples: drag(by: distance, velocity: velocity))
            let tops = try simulation.frames.map { try layer($0, "card").presentationFrame.minY }
            let heights = try simulation.frames.map { try layer($0, "card").presentationFrame.height }
            // One 60 Hz frame of finger motion (every mapping moves the card at most 1:1), or one frame of a
            // 0.4 s critically damped settle (rate at most about ω0/e ≈ 8.5 changes/s, under 0.2 per frame)
            // over at most the full stage's height.
            let limit = abs(velocity) / 60 * 1.1 + 0.2 * 0.8 * Self.screen
            for index in 1..<tops.count {
                #expect(abs(tops[index] - tops[index - 1]) <= limit)
                #expect(abs(heights[index] - heights[index - 1]) <= limit)
            }
            guard case .text(let name) = annotation(simulation.frames.last, "stage"),
                let stage = YUIModalCardStage(rawValue: name), let rect = stages[stage]
            else {
                Issue.record("no stage annotation")
                continue
            }
            #expect(same(frame(simulation.frames.last?[layer: "card"]), rect, 0))
            #expect(simulation.frames.last?.phase == .settled)
        }
    }
}
