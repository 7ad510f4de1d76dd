import SegueMath

/// `yui.fbPaper.interactivePop`, beyond seed 004: dragging the open demo down shrinks
/// it back into the strip along the pop's path (p = clamp(ty / (0.5·H), 0, 1)); on
/// release it finishes or cancels by the settings pull-down's policy (§10.4: a flick
/// over 500 pt/s decides by its direction, otherwise p > 0.5), then springs the rest
/// of the way with the finger's velocity handed off. The seed's README lists this
/// drag as not done (seed-transitions.md §10.3, §14.29).
struct YUIPaperInteractivePop: Preset {
    let description = PresetDescription(
        id: "yui.fbPaper.interactivePop", title: "YUI Facebook Paper (drag the open card down to pop)",
        summary: "Beyond the original: YUI's README lists the interactive drag on Paper cards as not done, so this "
            + "drag is Segue's. A downward pan (vy > 1.5·|vx| when it begins, the settings pull-down's gate) scrubs the pop: "
            + "p = clamp(ty / (0.5·H), 0, 1) and every layer shows the pop at e = p (the demo shrinking onto the "
            + "card, the strip shrinking back). On release: |vy| > 500 pt/s finishes iff vy > 0, otherwise it "
            + "finishes iff p > 0.5 (the settings pull-down's policy); the rest runs on YUI's 0.5 s "
            + "spring (damping 2 → 1) with the finger's velocity handed off. [inferred]: the drag distance 0.5·H, "
            + "the gate and the release policy borrowed from the Paper settings pan; the header's frame and card count.",
        source:
            "beyond the YUI gallery, github.com/yihui-hu/YUI (README TODO: \"Add interactive gesture to Facebook Paper cards\"; "
            + "Segue's reading of the original)")
    let sceneFields = YUIPaperScene.fields
    let parameters =
        YUIPaperParameters.all
        + [ParameterSpec](
            Keys.dragDistance, Keys.flickVelocity, Keys.progressThreshold, Keys.gateRatio,
            SharedKeys.velocityEstimator, SharedKeys.touchResampling)
    let trigger = Trigger.gesture(
        example: Self.exampleDrag,
        rules: DecisionRules(
            DecisionRule(
                id: "flickOrHalf",
                summary: "if |vy| > 500 pt/s finish iff vy > 0, else finish iff p > 0.5 (beyond the original)",
                source:
                    "YUI (yihui-hu/YUI) HomeView settings pull-down release (Segue's reading of the original), reused"))
    )

    /// From the middle of the screen the finger moves down 260 pt over 0.3 s at 60 Hz,
    /// then lifts one frame later (p = 260/422 ≈ 0.616, vy ≈ 867 pt/s → finish).
    static let exampleDrag = ExampleGestures.linearDrag(
        from: Point(x: 195, y: 300), by: Point(x: 0, y: 260), over: 0.3)

    /// The pop's progress for a translation: downward drags only, clamped to [0, 1].
    static func progress(translation: Point, distance: Double) -> Double {
        min(max(translation.y / distance, 0), 1)
    }

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let parameters = input.parameters
        let geometry = YUIPaperGeometry(scene: YUIPaperScene(input.scene), parameters: parameters)
        let gesture = try PresetGesture(input)
        let backdrop = parameters[YUIPaperParameters.Keys.backdropOpacity]
        let distance = parameters[YUIPaperInteractivePop.Keys.dragDistance] * geometry.scene.window.height
        let releaseTime = gesture.release.time
        let translation = gesture.translation(at: releaseTime)
        let velocity = gesture.releaseVelocity
        // The rule reads the recognizer on `.ended`; the spring starts from the last `.changed` screen.
        let ruleProgress = Self.progress(translation: translation, distance: distance)
        let releaseProgress = Self.progress(translation: gesture.shownAtRelease, distance: distance)
        let layers = YUIPaperState.layerDescriptions(geometry)
        let ratio = parameters[YUIPaperInteractivePop.Keys.gateRatio]
        let gate = gesture.gate(
            accepting: { $0.y > ratio * abs($0.x) },
            refusal: ", not a downward pull (vy > \(Format.amount(ratio))·|vx|)")
        guard let recognized = gate.recognized else {
            return try gesture.refused(
                gate.refusal + ": the demo stays open", presetID: description.id, layers: layers,
                still: YUIPaperState.demo(geometry).layers(geometry), input: input)
        }
        let decision = Self.decision(
            gesture: gesture, progress: releaseProgress, ruleProgress: ruleProgress,
            flick: parameters[YUIPaperInteractivePop.Keys.flickVelocity],
            threshold: parameters[YUIPaperInteractivePop.Keys.progressThreshold])
        let target = decision.outcome == .finish ? 1.0 : 0
        // The finger's dp/dt = vy / distance, handed to the spring as a relative velocity (motion-math.md §2.8).
        let handoff = SpringVelocityHandoff.relativeVelocity(
            velocity.y / distance, from: releaseProgress, to: target)
        let settleDuration = parameters[YUIPaperParameters.Keys.duration]
        let settle = TimingCurve.uikitSpring(
            duration: settleDuration, dampingRatio: parameters[YUIPaperParameters.Keys.dampingRatio],
            initialVelocity: handoff)
        let completed = releaseTime + settleDuration
        let settled: YUIPaperState = decision.outcome == .finish ? .home(geometry) : .demo(geometry)

        func look(_ p: Double) -> Look {
            Look(layers: YUIPaperState.pop(geometry, e: p, backdrop: backdrop).layers(geometry), progress: p)
        }
        return try InteractiveTransition(
            presetID: description.id, layers: layers, gesture: gesture,
            still: YUIPaperState.demo(geometry).layers(geometry), recognized: recognized,
            dragging: { time in look(Self.progress(translation: gesture.followed(at: time), distance: distance)) },
            decision: decision, completed: completed,
            settling: { time in
                look(releaseProgress + (target - releaseProgress) * settle.fraction(at: time - releaseTime))
            },
            settled: Look(layers: settled.layers(geometry), progress: target)
        ).simulate(input)
    }

    /// The release: a cancelled pan cancels; a flick faster than `flick` finishes iff it
    /// points down; otherwise the pop finishes iff `ruleProgress` (the lift-off's) > `threshold`.
    /// `progress` is the screen's at the release.
    static func decision(
        gesture: PresetGesture, progress: Double, ruleProgress: Double, flick: Double, threshold: Double
    ) -> Decision {
        gesture.decision(
            rule: "flickOrHalf", progress: progress, ruleProgress: ruleProgress == progress ? nil : ruleProgress
        ) { _, velocity in
            let vy = velocity.y
            let released = "released at vy = \(Format.speed(vy)) pt/s, |vy|"
            if abs(vy) > flick {
                return (
                    vy > 0 ? .finish : .cancel,
                    "\(released) > \(Format.amount(flick)): " + (vy > 0 ? "moving down, finish" : "moving up, cancel")
                )
            }
            let finishes = ruleProgress > threshold
            return (
                finishes ? .finish : .cancel,
                "\(released) ≤ \(Format.amount(flick)), with p = \(Format.ratio(ruleProgress)) "
                    + (finishes ? "> \(Format.amount(threshold)): finish" : "≤ \(Format.amount(threshold)): cancel")
            )
        }
    }
}
