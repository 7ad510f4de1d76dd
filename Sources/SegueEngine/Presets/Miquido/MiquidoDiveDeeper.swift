import SegueMath

/// `miquido.diveDeeper`: dragging a card upward scrubs the Dive Deeper present with
/// `UIPercentDrivenInteractiveTransition` (progress = min(|min(ty/H, 0)|, 0.9));
/// released past 10 % it finishes, otherwise it plays back (Szymon Matysik, “Dive Deeper into
/// Motion Design: Advanced iOS Transitions”, Miquido: `TransitionInteractor`, `handlePanGesture`),
/// written as a transition document on the present's poses (`MiquidoTapDocument`): a percent-driven
/// scrub up the window's height from `card` to `morphed`, capped at `maximumProgress`, starting on
/// the card's rect; the grid alone at rest and after a cancel, the detail alone after a finish.
enum MiquidoDiveDeeper {
    static let preset = ParametricDocument(
        description: PresetDescription(
            id: "miquido.diveDeeper", title: "Miquido Dive Deeper (drag a card up to present)",
            summary: "An upward drag on a card scrubs the present (p = min(|min(ty/H, 0)|, 0.9), shown at the "
                + "spring's time p·0.5 s); released with p > 0.1 it finishes, otherwise it plays back. [inferred]: "
                + "update(p) on each change and cancel() on a cancelled pan (both elided in the original), "
                + "presentTransform, the fade colour; beyond the original: the decision reads the release sample, a "
                + "pan starting off the card presents nothing; detailReveal and legacyShouldFinish offer a fade-in "
                + "detail and the original's changed-only decision.",
            source:
                "Szymon Matysik, “Dive Deeper into Motion Design: Advanced iOS Transitions” (Miquido; its code is unpublished) (TransitionInteractor, handlePanGesture)"
        ),
        sceneFields: MiquidoScene.fields,
        parameters: MiquidoParameters.animated
            + [ParameterSpec](
                Keys.maximumProgress, Keys.percentThreshold, Keys.completionSpeed, Keys.requireStartOnCard,
                Keys.legacyShouldFinish, SharedKeys.velocityEstimator, SharedKeys.touchResampling),
        example: exampleDrag, build: build)

    /// §15.5: from (100, 200) on the card the finger moves up 150 pt over 0.3 s at 60 Hz,
    /// then lifts one frame later (p = 150/844 = 0.1777 → finish).
    static let exampleDrag = ExampleGestures.linearDrag(
        from: Point(x: 100, y: 200), by: Point(x: 0, y: -150), over: 0.3)

    /// The present's poses and the dismiss's `grid`, scrubbed by an upward pan. The original sets
    /// shouldFinish (and, [inferred], update(p)) on `.changed` only: `legacyShouldFinish` keeps
    /// that; by default the lift-off updates and decides too (`updatesOnRelease`).
    @Sendable static func build(_ sceneValues: ParameterValues, _ parameters: ParameterValues) -> TransitionDocument {
        let scene = MiquidoScene(sceneValues)
        var document = MiquidoTapDocument.build(presenting: true, sceneValues, parameters)
        let dismiss = MiquidoTapDocument.build(presenting: false, sceneValues, parameters)
        document.poses += dismiss.poses.filter { $0.name == "grid" }
        guard case .tap(let tap) = document.interaction else { return document }
        var scrubbing = PercentDriven(curve: tap.curve, completionSpeed: parameters[Keys.completionSpeed])
        scrubbing.updatesOnRelease = !parameters[Keys.legacyShouldFinish]
        var scrub = Scrub(from: "card", to: "morphed", axis: .y, distance: scene.window.height, sign: -1)
        scrub.percentDriven = scrubbing
        scrub.maximum = parameters[Keys.maximumProgress]
        let passed = ReleaseCondition(tests: [ReleaseTest(.progress, .gt, parameters[Keys.percentThreshold])])
        var pan = PanInteraction(
            startsIn: parameters[Keys.requireStartOnCard] ? .rect(scene.cardFrame) : nil, scrub: scrub,
            release: [
                ReleaseGuard(id: "progressThreshold", when: passed, to: "morphed", outcome: .finish),
                ReleaseGuard(id: "progressThreshold", to: "card", outcome: .cancel),
            ],
            settle: Settle(curve: nil), velocityEstimator: parameters[SharedKeys.velocityEstimator],
            touchResampling: parameters[SharedKeys.touchResampling])
        pan.idle = "grid"
        pan.settled = ["morphed": "detail", "card": "grid"]
        document.interaction = .pan(pan)
        return document
    }
}
