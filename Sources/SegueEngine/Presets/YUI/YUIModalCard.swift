import SegueMath

/// `yui.modalCard`: a card inset from the screen's edges with three stages (peek, half,
/// full); a vertical pan drags it between them with rubber-banding past the ends, and on
/// release it springs to the stage chosen from position and velocity (seed 004, YUI
/// ModalCard; seed-transitions.md §12, scene I of §15.10).
struct YUIModalCard: Preset {
    let description = PresetDescription(
        id: "yui.modalCard", title: "YUI three-stage modal card",
        summary: "A card inset 12 pt from the edges, resting at peek, half or full height, dragged between the "
            + "stages and sprung (0.4 s, damping 1, velocity 0.2) to the stage the release picks: YUI's "
            + "thresholds by default, or the nearest stage to the projected top edge. By default the card follows "
            + "the finger 1:1 and rubber-bands past peek and full with UIScrollView's 0.55 formula [beyond the "
            + "original]; dragMapping = original reproduces the original's 400 pt-per-stage mapping. Frame progress runs "
            + "from the start stage (0) toward the neighbour the drag heads for while the finger is down (the stage "
            + "the release will choose is not known yet), and from the release toward the chosen stage (1), or, "
            + "when the card stays, toward the neighbour the drag headed for [inferred]; the decision finishes when the stage "
            + "changes and cancels when it stays; the settled frame carries the stage (and projectedY) as "
            + "annotations.",
        source: "the YUI gallery, github.com/yihui-hu/YUI (YUI ModalCard.swift, ModalCardView.swift)")
    /// The parameters, each declared once with its seed source.
    enum Keys {
        static let startStage = ParameterKey.choice(
            "startStage", default: YUIModalCardStage.half,
            summary: "The stage the card rests in when the finger comes down.",
            source: "YUI (yihui-hu/YUI) ModalCard: starts in .half without animation")
        static let dragMapping = ParameterKey.choice(
            "dragMapping", default: YUIModalCardDrag.rubberBand,
            summary: "rubberBand: the top follows the finger, rubber-banded past peek and full [beyond the original]; "
                + "original: YUI's 400 pt-per-stage mapping with its 0.2 band.",
            source:
                "UIScrollView's rubber band (Segue's default, beyond the original); YUI (yihui-hu/YUI) handlePan for 'original'"
        )
        static let rubberBandCoefficient = ParameterKey.number(
            "rubberBandCoefficient", default: 0.55, in: 0.01...2,
            summary: "UIScrollView's rubber-band coefficient c in (1 − 1/(x·c/H + 1))·H (rubberBand mapping).",
            source: "UIScrollView rubber band (c = 0.55 for touches)")
        static let dragDistance = ParameterKey.number(
            "dragDistance", default: 400, in: 1...2000, unit: "pt",
            summary: "The drag that moves the card one stage (original mapping).",
            source: "YUI (yihui-hu/YUI) handlePan: abs(translation.y) / 400")
        static let bandFactor = ParameterKey.number(
            "bandFactor", default: 0.2, in: 0...1,
            summary: "The original's linear rubber band past the full or half height (original mapping).",
            source: "YUI (yihui-hu/YUI) handlePan: 0.2 * (newHeight - maxHeight)")
        static let releaseRule = ParameterKey.choice(
            "releaseRule", default: YUIModalCardRelease.original,
            summary: "original: YUI's thresholds; projection: nearest stage to the projected top edge.",
            source: "YUI (yihui-hu/YUI) handlePan .ended; UIScrollView deceleration")
        static let velocityThreshold = ParameterKey.number(
            "velocityThreshold", default: 500, in: 0...10_000, unit: "pt/s",
            summary: "The original rule's release speed that moves one stage.",
            source: "YUI (yihui-hu/YUI) handlePan: velocity.y > 500 / < -500")
        static let translationThreshold = ParameterKey.number(
            "translationThreshold", default: 50, in: 0...2000, unit: "pt",
            summary: "The original rule's drag that moves one stage.",
            source: "YUI (yihui-hu/YUI) handlePan: translation.y > 50 / < -50")
        static let decelerationRate = ParameterKey.number(
            "decelerationRate", default: 0.998, in: 0.9...0.9999,
            summary: "The projection rule's per-millisecond velocity factor (UIScrollView .normal 0.998, .fast 0.99).",
            source: "UIScrollView deceleration (DecelerationRate.normal)")
        static let oneStagePerSwipe = ParameterKey.flag(
            "oneStagePerSwipe", summary: "The projection rule moves at most one stage from the start stage.",
            source: "Segue's option [beyond the original]")
        static let duration = ParameterKey.number(
            "duration", default: 0.4, in: 0.01...10, unit: "s",
            summary:
                "The settle spring's duration (UIKit's duration + damping mapping).",
            source:
                "YUI (yihui-hu/YUI): UIView.animate(withDuration: 0.4, usingSpringWithDamping: 1.0, initialSpringVelocity: 0.2)"
        )
        static let dampingRatio = ParameterKey.number(
            "dampingRatio", default: 1, in: 0.01...1, summary: "The settle spring's damping ratio.",
            source: "YUI (yihui-hu/YUI): usingSpringWithDamping: 1.0")
        static let initialVelocity = ParameterKey.number(
            "initialVelocity", default: 0.2, in: -10...10, unit: "1/s",
            summary: "The settle spring's initial velocity, in whole changes per second.",
            source: "YUI (yihui-hu/YUI): initialSpringVelocity: 0.2")
        static let cornerRadius = ParameterKey.number(
            "cornerRadius", default: 40, in: 0...200, unit: "pt", summary: "The content's continuous corner radius.",
            source: "YUI (yihui-hu/YUI) ModalCardView: layer.cornerRadius = 40, .continuous")
        static let legacyIgnoresCancel = ParameterKey.flag(
            "legacyIgnoresCancel",
            summary: "Reproduce the original: a cancelled pan leaves the card where it was; by default "
                + "it springs back to the start stage.",
            source: "a flaw of the original, which Segue fixes by default")
    }
    let sceneFields = YUIModalCardScene.fields
    let parameters = [ParameterSpec](
        Keys.startStage, Keys.dragMapping, Keys.rubberBandCoefficient, Keys.dragDistance, Keys.bandFactor,
        Keys.releaseRule, Keys.velocityThreshold, Keys.translationThreshold, Keys.decelerationRate,
        Keys.oneStagePerSwipe, Keys.duration, Keys.dampingRatio, Keys.initialVelocity, Keys.cornerRadius,
        Keys.legacyIgnoresCancel, SharedKeys.velocityEstimator, SharedKeys.touchResampling)
    /// Scene I's first test: from half, drag up 200 pt in 0.3 s and lift.
    let trigger = Trigger.gesture(
        example: ExampleGestures.linearDrag(from: Point(x: 195, y: 600), by: Point(x: 0, y: -200), over: 0.3),
        rules: YUIModalCardRelease.rules)

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let scene = try YUIModalCardScene.validated(input.scene)
        let parameters = input.parameters
        let gesture = try PresetGesture(input)
        let start = parameters[Keys.startStage]
        let mapping = parameters[Keys.dragMapping]
        let releaseTime = gesture.release.time

        func shape(_ ty: Double) -> YUIModalCardShape {
            mapping.shape(
                translation: ty, from: start, scene: scene, dragDistance: parameters[Keys.dragDistance],
                band: parameters[Keys.bandFactor], coefficient: parameters[Keys.rubberBandCoefficient])
        }
        // The handler sets the constants on `.changed`; on `.ended` it reads ty and vy for its rule and
        // animates from the card as the last `.changed` left it.
        let released = shape(gesture.shownAtRelease.y)
        let lifted = shape(gesture.translation(at: releaseTime).y)
        let choice = decide(
            gesture: gesture, start: start, released: released, lifted: lifted, scene: scene, parameters: parameters)
        let legacyHold = gesture.release.phase == .cancelled && parameters[Keys.legacyIgnoresCancel]
        let target = legacyHold ? released : scene.shape(choice.stage)
        let easing = TimingCurve.uikitSpring(
            duration: parameters[Keys.duration], dampingRatio: parameters[Keys.dampingRatio],
            initialVelocity: parameters[Keys.initialVelocity])

        // The original sets the card's height and bottom constraint constants (YUI ModalCard.swift,
        // animated with UIView.animate), so Auto Layout lays the card out anew at every stage and
        // in between: its frame is the content's rect and its transform the identity, and nothing
        // stretches its label or its 40 pt corners. The layer is described at the start stage's rect.
        let card = LayerDescription(
            id: "card", role: "the card's content, inset from the edges, continuous corners",
            frame: scene.contentFrame(scene.shape(start)))
        let radius = parameters[Keys.cornerRadius]
        func layers(_ shape: YUIModalCardShape) -> [LayerState] {
            [card.state(frame: scene.contentFrame(shape), cornerRadius: radius)]
        }
        // While the finger is down progress runs toward the neighbour the drag heads for (the samples
        // so far say no more, and a frame once sent must not change); from the release, toward the
        // stage the release chose (or the neighbour the drag headed for, when the card stays).
        func look(_ shape: YUIModalCardShape, toward reference: YUIModalCardStage) -> Look {
            Look(layers: layers(shape), progress: scene.progress(shape, from: start, toward: reference))
        }
        var annotations = [FrameAnnotation(name: "stage", value: .text(legacyHold ? "none" : choice.stage.rawValue))]
        if let projected = choice.projectedTop {
            annotations.append(FrameAnnotation(name: "projectedY", value: .number(projected)))
        }
        return try InteractiveTransition(
            presetID: description.id, layers: [card], gesture: gesture,
            dragging: { time in
                let ty = gesture.followed(at: time).y
                return look(shape(ty), toward: YUIModalCardScene.neighbour(of: start, upward: ty < 0))
            },
            decision: choice.decision, completed: legacyHold ? releaseTime : releaseTime + easing.duration,
            settling: { time in
                look(
                    released.interpolated(to: target, easing.fraction(at: time - releaseTime)), toward: choice.reference
                )
            },
            settled: Look(
                layers: layers(target), progress: choice.decision.outcome == .finish ? 1 : 0, annotations: annotations)
        ).simulate(input)
    }

    /// The stage the release picks and the decision that reports it: finish when the stage
    /// changes, cancel when the card returns to where it started.
    /// `released` is the card on screen when the finger lifts; `lifted`, its shape at the lift-off
    /// sample, is what the projection rule projects.
    private func decide(
        gesture: PresetGesture, start: YUIModalCardStage, released: YUIModalCardShape, lifted: YUIModalCardShape,
        scene: YUIModalCardScene,
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
                parameters[Keys.legacyIgnoresCancel]
                ? "the gesture was cancelled and, as in the original, the card stays where it was"
                : "the gesture was cancelled, so the card returns to \(start.rawValue)"
            return (start, reference(start), nil, decision(start, rule: "gestureCancelled", reason))
        }
        switch parameters[Keys.releaseRule] {
        case .original:
            let (stage, reason) = YUIModalCardRelease.seedStage(
                from: start, ty: translation.y, vy: velocity.y, screen: scene.window.height,
                velocityThreshold: parameters[Keys.velocityThreshold],
                translationThreshold: parameters[Keys.translationThreshold])
            return (stage, reference(stage), nil, decision(stage, rule: "original", reason))
        case .projection:
            let rate = DecelerationRate(factor: parameters[Keys.decelerationRate]) ?? .normal
            let choice = YUIModalCardRelease.projectedStage(
                from: start, top: scene.top(lifted), vy: velocity.y, rate: rate,
                oneStage: parameters[Keys.oneStagePerSwipe], scene: scene)
            return (
                choice.stage, reference(choice.stage), choice.projectedTop,
                decision(choice.stage, rule: "projection", choice.reason)
            )
        }
    }
}
