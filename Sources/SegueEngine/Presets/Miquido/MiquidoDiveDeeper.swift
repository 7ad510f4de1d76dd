import SegueMath

/// `miquido.diveDeeper`: dragging a card upward scrubs the Dive Deeper present with
/// `UIPercentDrivenInteractiveTransition` (progress = min(|min(ty/H, 0)|, 0.9));
/// released past 10 % it finishes, otherwise it plays back (seed 001's
/// `TransitionInteractor` and `handlePanGesture`; seed-transitions.md §7.4, §15.5).
struct MiquidoDiveDeeper: Preset {
    let description = PresetDescription(
        id: "miquido.diveDeeper", title: "Miquido Dive Deeper (drag a card up to present)",
        summary: "An upward drag on a card scrubs the present (p = min(|min(ty/H, 0)|, 0.9), shown at the spring's "
            + "time p·0.5 s); released with p > 0.1 it finishes, otherwise it plays back. [inferred]: update(p) "
            + "on each change and cancel() on a cancelled pan (both elided in the original), presentTransform, the "
            + "fade colour; beyond the original: the decision reads the release sample, a pan starting off the card "
            + "presents nothing; detailReveal and legacyShouldFinish offer a fade-in detail and the original's "
            + "changed-only decision.",
        source:
            "Szymon Matysik, “Dive Deeper into Motion Design: Advanced iOS Transitions” (Miquido; its code is unpublished) (TransitionInteractor, handlePanGesture)"
    )
    let sceneFields = MiquidoScene.fields
    let parameters =
        MiquidoParameters.animated
        + [ParameterSpec](
            Keys.maximumProgress, Keys.percentThreshold, Keys.completionSpeed, Keys.requireStartOnCard,
            Keys.legacyShouldFinish, SharedKeys.velocityEstimator, SharedKeys.touchResampling)
    let trigger = Trigger.gesture(
        example: Self.exampleDrag,
        rules: DecisionRules(
            DecisionRule(
                id: "progressThreshold",
                summary: "finish iff progress > percentThreshold (0.1) at release, else cancel",
                source:
                    "Miquido's Dive Deeper article (Szymon Matysik): interactor.shouldFinish = progress > percentThreshold"
            )))

    /// §15.5: from (100, 200) on the card the finger moves up 150 pt over 0.3 s at 60 Hz,
    /// then lifts one frame later (p = 150/844 = 0.1777 → finish).
    static let exampleDrag = ExampleGestures.linearDrag(
        from: Point(x: 100, y: 200), by: Point(x: 0, y: -150), over: 0.3)

    /// Seed 001's progress for a translation: upward drags only, capped.
    static func progress(translation: Point, height: Double, cap: Double) -> Double {
        min(abs(min(translation.y / height, 0)), cap)
    }

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let scene = MiquidoScene(input.scene)
        let parameters = input.parameters
        let gesture = try PresetGesture(input)
        let easing = MiquidoParameters.easing(parameters)
        let fade = parameters[MiquidoParameters.Keys.fadeOpacity]
        let releaseTime = gesture.release.time
        let layers = MiquidoState.layerDescriptions(
            scene, fadeColor: parameters[MiquidoParameters.Keys.fadeColor].rawValue)
        let cap = parameters[MiquidoDiveDeeper.Keys.maximumProgress]
        func percent(at time: Double) -> Double {
            Self.progress(translation: gesture.translation(at: time), height: scene.window.height, cap: cap)
        }
        // The seed sets shouldFinish (and, [inferred], update(p)) only on .changed samples.
        let lastChange = gesture.track.samples.last { $0.phase == .changed && $0.time <= releaseTime }
        let releasePercent =
            parameters[MiquidoDiveDeeper.Keys.legacyShouldFinish]
            ? lastChange.map { percent(at: $0.time) } ?? 0 : percent(at: releaseTime)
        let reveals = parameters[MiquidoParameters.Keys.detailReveal] == .fade
        let start = gesture.track.began.location
        let onCard = !parameters[MiquidoDiveDeeper.Keys.requireStartOnCard] || scene.cardContains(start)
        // The screen before the pan is recognised (and when it never is), the same on every frame.
        let gridAlone = MiquidoState.grid.layers(scene)
        guard onCard, let recognized = gesture.recognitionTime else {
            let reason =
                onCard
                ? "the finger never moved, so the pan never began"
                : "the pan began at (\(Format.speed(start.x)), \(Format.speed(start.y))), off the card"
            return try gesture.refused(
                reason + ": nothing presented", presetID: description.id, layers: layers, still: gridAlone, input: input
            )
        }

        // Seed 001's release: a cancelled pan cancels ([inferred]); an ended one finishes iff its
        // progress passed the threshold, read at the release sample.
        let threshold = parameters[MiquidoDiveDeeper.Keys.percentThreshold]
        let decision = gesture.decision(rule: "progressThreshold", progress: releasePercent) { _, _ in
            let passed = releasePercent > threshold
            return (
                passed ? .finish : .cancel,
                "dragged up to p = \(Format.ratio(releasePercent)) \(passed ? ">" : "≤") \(Format.amount(threshold)): "
                    + (passed ? "finish" : "cancel")
            )
        }
        let settled: MiquidoState = decision.outcome == .finish ? .detail : .grid
        return try InteractiveTransition(
            presetID: description.id, layers: layers, gesture: gesture, still: gridAlone, recognized: recognized,
            scrubbing: PercentDrivenTransition(
                reportedDuration: easing.duration, completionSpeed: parameters[MiquidoDiveDeeper.Keys.completionSpeed]),
            percent: percent(at:), releasePercent: releasePercent, decision: decision,
            look: { animationTime in
                let x = easing.fraction(at: animationTime)
                return MiquidoState.transitioning(morph: x, fade: fade * x, revealsDetail: reveals).layers(scene)
            },
            settled: settled.layers(scene)
        ).simulate(input)
    }

}
