import SegueMath

/// `appstore.card.highlight`, phase 1 of 5: touching a card presses it to 0.96 with a
/// critically damped 0.5 s spring; lifting the finger springs it back (Wirawit Rueopas, “App
/// Store Interactive Transition Revealed”, 1 Highlighting).
///
/// Written as a transition document, a `press` from `rest` to `pressed`: each UIView animation
/// since iOS 8 is additive, so the return animation is added on top of the press still in flight
/// and the scale is 1 − Δ·x(t − down) + Δ·x(t − up), x the spring's progress: a touch released
/// mid-spring turns around from where it is, without a jump in position or velocity.
enum AppStoreHighlight {
    static let preset = ParametricDocument(
        description: PresetDescription(
            id: "appstore.card.highlight", title: "App Store card highlight (phase 1 of 5)",
            summary: "Phase 1 of 5: touch down presses the card to 0.96 with a 0.5 s spring (damping 1), touch up "
                + "springs it back; a touch released mid-spring turns around from where it is. [inferred] The "
                + "turn-around is UIKit's additive animation; changed samples are ignored; the touch up is reported "
                + "as a cancel (progress is how far pressed, back to 0). touchResampling is accepted as for every "
                + "touch-driven preset, and both modes give the same frames: the press reads when the finger "
                + "touched down and lifted, never where it was.",
            source:
                "Wirawit Rueopas, “App Store Interactive Transition Revealed”, and github.com/aunnnn/AppStoreiOS11InteractiveTransition (1 Highlighting)"
        ),
        sceneFields: AppStoreScene.fields,
        parameters: [ParameterSpec](
            AppStoreParameters.Keys.highlightedScale, AppStoreParameters.Keys.highlightDuration,
            AppStoreParameters.Keys.highlightDampingRatio, SharedKeys.touchResampling),
        example: AppStoreExampleGestures.highlight, build: document)

    /// Poses `rest` (the home cell with its radius and shadow, no blur) and `pressed` (the cell
    /// scaled by `highlightedScale` about its centre: the original's `transform = .init(scaleX:
    /// 0.96, y: 0.96)` on the laid-out cell), pressed on the highlight spring.
    static func document(_ sceneValues: ParameterValues, _ parameters: ParameterValues) -> TransitionDocument {
        let scene = AppStoreScene(sceneValues)
        let shadow = AppStoreConstants.shadow
        return TransitionDocument(
            window: scene.window,
            layers: AppStoreHighlight.layers,
            poses: [
                Pose(
                    name: "rest",
                    layers: [
                        "home": PoseChange(frame: scene.bounds),
                        "backdrop": PoseChange(frame: scene.bounds, opacity: 0),
                        "card": PoseChange(
                            frame: scene.cardFrame, cornerRadius: AppStoreConstants.cornerRadius,
                            shadow: .set(
                                PoseShadow(opacity: shadow.opacity, radius: shadow.radius, offset: shadow.offset))),
                    ]),
                Pose(
                    name: "pressed",
                    layers: ["card": PoseChange(scale: PoseScale(parameters[AppStoreParameters.Keys.highlightedScale]))]
                ),
            ],
            interaction: .press(PressInteraction(from: "rest", to: "pressed", curve: curve(parameters))))
    }

    /// The App Store family's layers as a document declares them: home, the blur, the card.
    static let layers = [
        DocumentLayer(id: "home", role: "the Today list; it stays under the detail"),
        DocumentLayer(
            id: "backdrop", kind: .solid, fill: .white,
            role: "the light blur over the home screen (its effect as opacity)"
        ),
        DocumentLayer(
            id: "card",
            role: "the tapped card: the home cell with its shadow, or the detail card presented from it; laid out as "
                + "the original's constraints put it, its transform only the press's or the shrink's scale; "
                + "cornerRadius is the layer's own"),
    ]

    /// The spring both highlight animations use, as the document states it.
    static func curve(_ parameters: ParameterValues) -> CurveSpec {
        .uikitSpring(
            duration: parameters[AppStoreParameters.Keys.highlightDuration],
            dampingRatio: parameters[AppStoreParameters.Keys.highlightDampingRatio], initialVelocity: 0)
    }

    /// The spring both highlight animations use (the present freezes the card on it).
    static func spring(_ parameters: ParameterValues) -> TimingCurve {
        .uikitSpring(
            duration: parameters[AppStoreParameters.Keys.highlightDuration],
            dampingRatio: parameters[AppStoreParameters.Keys.highlightDampingRatio])
    }

    /// The pressed card's scale at `time` for a touch down at `down` and, if given, up at `up`.
    static func scale(at time: Double, down: Double, up: Double?, pressed: Double, easing: TimingCurve) -> Double {
        let change = 1 - pressed
        var scale = 1 - change * easing.fraction(at: time - down)
        if let up, time >= up {
            scale += change * easing.fraction(at: time - up)
        }
        return scale
    }
}
