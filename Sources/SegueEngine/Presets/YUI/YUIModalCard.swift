import SegueMath

/// `yui.modalCard`: a card inset from the screen's edges with three stages (peek, half,
/// full); a vertical pan drags it between them with rubber-banding past the ends, and on
/// release it springs to the stage chosen from position and velocity (seed 004, YUI
/// ModalCard; seed-transitions.md §12, scene I of §15.10).
struct YUIModalCard: Preset {
    let description = PresetDescription(
        id: "yui.modalCard", title: "YUI three-stage modal card",
        summary: "A card inset 12 pt from the edges, resting at peek, half or full height, dragged between the "
            + "stages and sprung (0.4 s, damping 1, velocity 0.2) to the stage the release picks: seed 004's "
            + "thresholds by default, or the nearest stage to the projected top edge. By default the card follows "
            + "the finger 1:1 and rubber-bands past peek and full with UIScrollView's 0.55 formula [beyond the "
            + "seed]; dragMapping = seed reproduces the seed's 400 pt-per-stage mapping. Frame progress runs "
            + "from the start stage (0) to the chosen stage (1), or, when the card stays, toward the neighbour the "
            + "drag headed for [inferred]; the decision finishes when the stage "
            + "changes and cancels when it stays; the settled frame carries the stage (and projectedY) as "
            + "annotations.",
        source: "seed 004 (YUI ModalCard.swift, ModalCardView.swift; seed-transitions.md §12, §15.10)")
    let sceneFields = YUIModalCardScene.fields
    let parameters: [ParameterSpec] = [
        ParameterSpec(
            name: "startStage", kind: .choice(YUIModalCardStage.choices), defaultValue: .choice("half"),
            summary: "The stage the card rests in when the finger comes down.",
            source: "seed 004 ModalCard: starts in .half without animation"),
        ParameterSpec(
            name: "dragMapping", kind: .choice(YUIModalCardDrag.choices), defaultValue: .choice("rubberBand"),
            summary: "rubberBand: the top follows the finger, rubber-banded past peek and full [beyond the seed]; "
                + "seed: seed 004's 400 pt-per-stage mapping with its 0.2 band (§14 items 32–35, 37).",
            source: "engine (issue: UIScrollView rubber band); seed 004 handlePan for 'seed'"),
        ParameterSpec(
            name: "rubberBandCoefficient", kind: .number(0.01...2, unit: ""), defaultValue: .number(0.55),
            summary: "UIScrollView's rubber-band coefficient c in (1 − 1/(x·c/H + 1))·H (rubberBand mapping).",
            source: "motion-math.md §4.5 (c = 0.55 for touches)"),
        ParameterSpec(
            name: "dragDistance", kind: .number(1...2000, unit: "pt"), defaultValue: .number(400),
            summary: "The drag that moves the card one stage (seed mapping).",
            source: "seed 004 handlePan: abs(translation.y) / 400"),
        ParameterSpec(
            name: "bandFactor", kind: .number(0...1, unit: ""), defaultValue: .number(0.2),
            summary: "The seed's linear rubber band past the full or half height (seed mapping).",
            source: "seed 004 handlePan: 0.2 * (newHeight - maxHeight)"),
        ParameterSpec(
            name: "releaseRule", kind: .choice(YUIModalCardRelease.allCases.map(\.rawValue)),
            defaultValue: .choice("seed"),
            summary: "seed: seed 004's thresholds; projection: nearest stage to the projected top edge.",
            source: "seed 004 handlePan .ended; motion-math.md §4.4"),
        ParameterSpec(
            name: "velocityThreshold", kind: .number(0...10_000, unit: "pt/s"), defaultValue: .number(500),
            summary: "The seed rule's release speed that moves one stage.",
            source: "seed 004 handlePan: velocity.y > 500 / < -500"),
        ParameterSpec(
            name: "translationThreshold", kind: .number(0...2000, unit: "pt"), defaultValue: .number(50),
            summary: "The seed rule's drag that moves one stage.",
            source: "seed 004 handlePan: translation.y > 50 / < -50"),
        ParameterSpec(
            name: "decelerationRate", kind: .number(0.9...0.9999, unit: ""), defaultValue: .number(0.998),
            summary: "The projection rule's per-millisecond velocity factor (UIScrollView .normal 0.998, .fast 0.99).",
            source: "motion-math.md §4.4 (DecelerationRate.normal)"),
        ParameterSpec(
            name: "oneStagePerSwipe", kind: .bool, defaultValue: .bool(false),
            summary: "The projection rule moves at most one stage from the start stage.",
            source: "engine (issue option) [beyond the seed]"),
        ParameterSpec(
            name: "duration", kind: .number(0.01...10, unit: "s"), defaultValue: .number(0.4),
            summary: "The settle spring's duration (UIKit's duration + damping mapping, motion-math.md §2.3).",
            source:
                "seed 004: UIView.animate(withDuration: 0.4, usingSpringWithDamping: 1.0, initialSpringVelocity: 0.2)"),
        ParameterSpec(
            name: "dampingRatio", kind: .number(0.01...1, unit: ""), defaultValue: .number(1),
            summary: "The settle spring's damping ratio.",
            source: "seed 004: usingSpringWithDamping: 1.0"),
        ParameterSpec(
            name: "initialVelocity", kind: .number(-10...10, unit: "1/s"), defaultValue: .number(0.2),
            summary: "The settle spring's initial velocity, in whole changes per second.",
            source: "seed 004: initialSpringVelocity: 0.2"),
        ParameterSpec(
            name: "cornerRadius", kind: .number(0...200, unit: "pt"), defaultValue: .number(40),
            summary: "The content's continuous corner radius.",
            source: "seed 004 ModalCardView: layer.cornerRadius = 40, .continuous"),
        ParameterSpec(
            name: "legacyIgnoresCancel", kind: .bool, defaultValue: .bool(false),
            summary: "Reproduce the seed: a cancelled pan leaves the card where it was (§14 item 36); by default "
                + "it springs back to the start stage.",
            source: "seed-transitions.md §14.36"),
        SharedKeys.velocityEstimator.spec,
    ]
    let releaseRules = YUIModalCardRelease.rules
    var exampleSamples: [GestureSample] {
        // Scene I's first test: from half, drag up 200 pt in 0.3 s and lift.
        ExampleGestures.linearDrag(from: Point(x: 195, y: 600), by: Point(x: 0, y: -200), over: 0.3)
    }

    var trigger: Trigger {
        .gesture(
            example: exampleSamples,
            rules: DecisionRules(releaseRules[0], others: Array(releaseRules.dropFirst())))
    }

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let scene = try YUIModalCardScene.validated(input.scene)
        let parameters = input.parameters
        let gesture = try PresetGesture(input)
        let start = YUIModalCardStage(rawValue: parameters.choice("startStage")) ?? .half
        let mapping = YUIModalCardDrag(rawValue: parameters.choice("dragMapping")) ?? .rubberBand
        let began = gesture.track.began.time
        let releaseTime = gesture.release.time

        func dragShape(at time: Double) -> YUIModalCardShape {
            mapping.shape(
                translation: gesture.translation(at: time).y, from: start, scene: scene,
                dragDistance: parameters.number("dragDistance"), band: parameters.number("bandFactor"),
                coefficient: parameters.number("rubberBandCoefficient"))
        }
        let released = dragShape(at: releaseTime)
        let choice = decide(gesture: gesture, start: start, released: released, scene: scene, parameters: parameters)
        let legacyHold = choice.decision.rule == "gestureCancelled" && parameters.bool("legacyIgnoresCancel")
        let target = legacyHold ? released : scene.shape(choice.stage)

        let duration = parameters.number("duration")
        let velocity = parameters.number("initialVelocity")
        let spring =
            Spring.uikit(duration: duration, dampingRatio: parameters.number("dampingRatio"), initialVelocity: velocity)
            ?? .systemDefault
        let easing = TimingCurve.spring(spring, initialVelocity: velocity, duration: duration)
        let completed = legacyHold ? releaseTime : releaseTime + duration
        let radius = parameters.number("cornerRadius")
        let outcome = choice.decision.outcome
        let reference = choice.reference
        func progress(_ shape: YUIModalCardShape) -> Double {
            scene.progress(shape, from: start, toward: reference)
        }

        // As the App Store card does: the layer keeps one frame (the start stage's content) and the
        // constraint changes of the original are stood for by a per-axis scale and a translation about
        // its centre, so presentationFrame is the card's rect; cornerRadius is the layer's own 40.
        let restFrame = scene.contentFrame(scene.shape(start))
        func layers(_ shape: YUIModalCardShape) -> [LayerState] {
            let visible = scene.contentFrame(shape)
            let transform =
                visible == restFrame
                ? AffineTransform.identity
                : AffineTransform(
                    a: visible.width / restFrame.width, b: 0, c: 0, d: visible.height / restFrame.height,
                    tx: visible.midX - restFrame.midX, ty: visible.midY - restFrame.midY)
            return [LayerState(frame: restFrame, transform: transform, cornerRadius: radius)]
        }
        var annotations = [FrameAnnotation(name: "stage", value: .text(legacyHold ? "none" : choice.stage.rawValue))]
        if let projected = choice.projectedTop {
            annotations.append(FrameAnnotation(name: "projectedY", value: .number(projected)))
        }
        let grid = input.frameGrid(start: began, end: completed)
        let frames = try grid.frames(
            state: { time in
                let shape =
                    time < releaseTime
                    ? dragShape(at: time) : released.interpolated(to: target, easing.fraction(at: time - releaseTime))
                return SimulationFrame(
                    time: time, phase: time < releaseTime ? .interactive : .animating,
                    progress: progress(shape), layers: layers(shape))
            },
            finalState: { time in
                SimulationFrame(
                    time: time, phase: .settled, progress: outcome == .finish ? 1 : 0, layers: layers(target),
                    annotations: annotations)
            })
        return Simulation(
            presetID: description.id, frameRate: input.frameRate, duration: (frames.last?.time ?? began) - began,
            layers: [
                LayerDescription(
                    id: "card", role: "the card's content, inset from the edges, continuous corners",
                    frame: restFrame)
            ],
            decision: choice.decision, events: gesture.events(completed: completed, outcome: outcome), frames: frames)
    }

    /// The stage the release picks and the decision that reports it: finish when the stage
    /// changes, cancel when the card returns to where it started.
    private func decide(
        gesture: PresetGesture, start: YUIModalCardStage, released: YUIModalCardShape, scene: YUIModalCardScene,
        parameters: ParameterValues
    ) -> (stage: YUIModalCardStage, reference: YUIModalCardStage, projectedTop: Double?, decision: Decision) {
        let translation = gesture.translation(at: gesture.release.time)
        let velocity = gesture.releaseVelocity
        func reference(_ stage: YUIModalCardStage) -> YUIModalCardStage {
            stage != start ? stage : YUIModalCardScene.neighbour(of: start, upward: translation.y < 0)
        }
        func decision(_ stage: YUIModalCardStage, rule: String, _ reason: String) -> Decision {
            Decision(
                outcome: stage == start ? .cancel : .finish, time: gesture.release.time, rule: rule,
                translation: translation, velocity: velocity,
                progress: scene.progress(released, from: start, toward: reference(stage)),
                explanation: reason + (stage == start ? ": back to the start stage" : ": settle there"))
        }
        if gesture.release.phase == .cancelled {
            let reason =
                parameters.bool("legacyIgnoresCancel")
                ? "the gesture was cancelled and, as in the seed, the card stays where it was"
                : "the gesture was cancelled, so the card returns to \(start.rawValue)"
            return (start, reference(start), nil, decision(start, rule: "gestureCancelled", reason))
        }
        switch YUIModalCardRelease(rawValue: parameters.choice("releaseRule")) ?? .seed {
        case .seed:
            let (stage, reason) = YUIModalCardRelease.seedStage(
                from: start, ty: translation.y, vy: velocity.y, screen: scene.window.height,
                thresholds: .init(
                    velocity: parameters.number("velocityThreshold"),
                    translation: parameters.number("translationThreshold")))
            return (stage, reference(stage), nil, decision(stage, rule: "seed", reason))
        case .projection:
            let rate = DecelerationRate(factor: parameters.number("decelerationRate")) ?? .normal
            let choice = YUIModalCardRelease.projectedStage(
                from: start, top: scene.top(released), vy: velocity.y, rate: rate,
                oneStage: parameters.bool("oneStagePerSwipe"), scene: scene)
            return (
                choice.stage, reference(choice.stage), choice.projectedTop,
                decision(choice.stage, rule: "projection", choice.reason)
            )
        }
    }
}
