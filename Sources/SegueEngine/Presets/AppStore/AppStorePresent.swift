import SegueMath

/// `appstore.card.present`, phases 2 and 3 of 5: the tap freezes the card at its in-flight
/// pressed scale (phase 2, before present) and grows the detail card out of that frame (phase 3),
/// as AppStoreiOS11InteractiveTransition's `PresentCardAnimator` does (Wirawit Rueopas, “App Store
/// Interactive Transition Revealed”).
///
/// Two animations on two curves at once: the top edge rides a spring whose damping and duration
/// depend on where the card is (ζ = 1 − 0.3·d/extent, T = 0.5 + 0.4·d/H, d = |minY|), while width,
/// height and corner radius grow linearly over 0.6·T, the card kept horizontally centred (the
/// original animates its container's top, width and height constraints, so the detail card
/// re-lays out at each frame with no transform). The blur backdrop fades in over 0.5 s,
/// easeInOut. Written as a transition document: the tap's spring moves `pressed` to `presented`,
/// and two tracks put the card's x, width, height and radius on the linear curve and the blur on
/// its easeInOut.
enum AppStorePresent {
    static let preset = ParametricDocument(
        description: PresetDescription(
            id: "appstore.card.present", title: "App Store card present (phases 2–3 of 5)",
            summary: "Phases 2 and 3 of 5: the tap freezes the card at its in-flight pressed frame and grows it to "
                + "full screen: its top on a spring (damping 1 − 0.3·d/extent, 0.5 + 0.4·d/H s), its size and radius "
                + "linearly over 0.6 of that, the blur fading in over 0.5 s. [inferred] The press's scale comes from "
                + "how long the finger was down (pressDuration).",
            source:
                "Wirawit Rueopas, “App Store Interactive Transition Revealed”, and github.com/aunnnn/AppStoreiOS11InteractiveTransition (2 Before presenting, 3 Presenting)"
        ),
        sceneFields: AppStoreScene.fields,
        parameters: [ParameterSpec](
            Keys.pressDuration, AppStoreParameters.Keys.highlightedScale, AppStoreParameters.Keys.highlightDuration,
            AppStoreParameters.Keys.highlightDampingRatio, AppStoreParameters.Keys.cornerRadius, Keys.topOffset),
        check: { scene, parameters throws(SimulationError) in
            let scene = AppStoreScene(scene)
            try scene.checkOnScreen(fromCardFrame(scene, parameters))
        },
        build: document)

    /// Poses `pressed` (the detail card laid out at the pressed card's size and top, centred across,
    /// with the cell's radius; no blur) and `presented` (the screen, radius 0, the full blur).
    static func document(_ sceneValues: ParameterValues, _ parameters: ParameterValues) -> TransitionDocument {
        let scene = AppStoreScene(sceneValues)
        let from = fromCardFrame(scene, parameters)
        let topOffset = parameters[Keys.topOffset]
        let window = scene.window
        // S5 `PresentCardAnimator`: the spring reads the card's distance from the top.
        let distance = abs(from.minY)
        let extent = from.minY < 0 ? from.height : window.height
        let dampingRatio = 1 - AppStoreConstants.presentDampingRange * distance / extent
        let duration =
            AppStoreConstants.presentBaseDuration + AppStoreConstants.presentDurationRange * distance / window.height
        let pressed = Rect(
            x: (window.width - from.width) / 2, y: from.minY + topOffset, width: from.width, height: from.height)
        return TransitionDocument(
            window: window,
            layers: AppStoreState.layerDescriptions(scene, card: pressed).map {
                DocumentLayer(id: $0.id, kind: $0.kind, fill: $0.fill, role: $0.role)
            },
            poses: [
                Pose(
                    name: "pressed",
                    layers: [
                        "home": PoseChange(frame: scene.bounds),
                        "backdrop": PoseChange(frame: scene.bounds, opacity: 0),
                        "card": PoseChange(
                            frame: pressed, cornerRadius: parameters[AppStoreParameters.Keys.cornerRadius]),
                    ]),
                Pose(
                    name: "presented",
                    layers: [
                        "backdrop": PoseChange(opacity: 1),
                        "card": PoseChange(
                            frame: Rect(x: 0, y: topOffset, width: window.width, height: window.height),
                            cornerRadius: 0),
                    ]),
            ],
            interaction: .tap(
                {
                    var tap = TapInteraction(
                        from: "pressed", to: "presented",
                        curve: .uikitSpring(duration: duration, dampingRatio: dampingRatio, initialVelocity: 0))
                    tap.tracks = [
                        TapTrack(
                            layers: ["card"], properties: [.frameX, .frameWidth, .frameHeight, .cornerRadius],
                            curve: .cubic(.linear, duration: AppStoreConstants.expandFraction * duration)),
                        TapTrack(
                            layers: ["backdrop"], properties: [.opacity],
                            curve: .cubic(.easeInEaseOut, duration: AppStoreConstants.blurDuration)),
                    ]
                    return tap
                }()))
    }

    /// The frozen card's presentation frame after `pressDuration` of the highlight spring.
    static func fromCardFrame(_ scene: AppStoreScene, _ parameters: ParameterValues) -> Rect {
        let easing = AppStoreHighlight.spring(parameters)
        let scale = AppStoreHighlight.scale(
            at: parameters[Keys.pressDuration], down: 0, up: nil,
            pressed: parameters[AppStoreParameters.Keys.highlightedScale], easing: easing)
        return AppStoreScene.scaled(scene.cardFrame, by: scale)
    }
}
