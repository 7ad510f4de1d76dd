import SegueMath

/// `appstore.card.present`, phases 2 and 3 of 5: the tap freezes the card at its
/// in-flight pressed scale (phase 2, before present) and grows the detail card out of
/// that frame (phase 3; seed 003 "Presenting"; seed-transitions.md §9.3–§9.4).
///
/// Two animations on two curves at once: the top edge rides a spring whose damping
/// and duration depend on where the card is (ζ = 1 − 0.3·d/extent, T = 0.5 + 0.4·d/H,
/// d = |minY|), while width, height and corner radius grow linearly over 0.6·T, the
/// card kept horizontally centred. The blur backdrop fades in over 0.5 s, easeInOut.
struct AppStorePresent: Preset {
    let description = PresetDescription(
        id: "appstore.card.present", title: "App Store card present (phases 2–3 of 5)",
        summary: "Phases 2 and 3 of 5: the tap freezes the card at its in-flight pressed frame and grows it to "
            + "full screen: its top on a spring (damping 1 − 0.3·d/extent, 0.5 + 0.4·d/H s), its size and radius "
            + "linearly over 0.6 of that, the blur fading in over 0.5 s. [inferred] The press's scale comes from "
            + "how long the finger was down (pressDuration).",
        source:
            "Wirawit Rueopas, “App Store Interactive Transition Revealed”, and github.com/aunnnn/AppStoreiOS11InteractiveTransition (2 Before presenting, 3 Presenting)"
    )
    let sceneFields = AppStoreScene.fields
    let parameters = [ParameterSpec](
        Keys.pressDuration, AppStoreParameters.Keys.highlightedScale, AppStoreParameters.Keys.highlightDuration,
        AppStoreParameters.Keys.highlightDampingRatio, AppStoreParameters.Keys.cornerRadius, Keys.topOffset)
    let trigger = Trigger.tap

    /// The present's numbers, from the frozen card's frame (window points).
    struct Plan {
        /// `fromCardFrame`: the pressed card's presentation frame.
        var from: Rect
        /// ζ = 1 − 0.3·d/extent.
        var dampingRatio: Double
        /// T = 0.5 + 0.4·d/H, seconds.
        var duration: Double
        /// The linear expansion's length, 0.6·T, seconds.
        var expandDuration: Double
        var spring: TimingCurve

        init(from: Rect, window: Size) {
            self.from = from
            let distance = abs(from.minY)
            let extent = from.minY < 0 ? from.height : window.height
            dampingRatio = 1 - AppStoreConstants.presentDampingRange * distance / extent
            duration =
                AppStoreConstants.presentBaseDuration + AppStoreConstants.presentDurationRange * distance
                / window.height
            expandDuration = AppStoreConstants.expandFraction * duration
            spring = .uikitSpring(duration: duration, dampingRatio: dampingRatio)
        }
    }

    /// The frozen card's presentation frame after `pressDuration` of the highlight spring.
    static func fromCardFrame(_ scene: AppStoreScene, _ parameters: ParameterValues) -> Rect {
        let easing = AppStoreHighlight.spring(parameters)
        let scale = AppStoreHighlight.scale(
            at: parameters[AppStorePresent.Keys.pressDuration], down: 0, up: nil,
            pressed: parameters[AppStoreParameters.Keys.highlightedScale], easing: easing)
        return AppStoreScene.scaled(scene.cardFrame, by: scale)
    }

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let scene = AppStoreScene(input.scene)
        let parameters = input.parameters
        let from = Self.fromCardFrame(scene, parameters)
        try scene.checkOnScreen(from)
        let plan = Plan(from: from, window: scene.window)
        let radius = parameters[AppStoreParameters.Keys.cornerRadius]
        let topOffset = parameters[AppStorePresent.Keys.topOffset]
        let blur = TimingCurve.cubic(.easeInEaseOut, duration: AppStoreConstants.blurDuration)
        let screenWidth = scene.window.width
        let screenHeight = scene.window.height
        // The original animates the card container's top, width and height constraints
        // (PresentCardAnimator), so the detail card is laid out at each of these frames with no
        // transform: it re-lays out as it grows rather than stretching.
        // `x`: the spring's progress (the top); `linear`: the size's, over the expand duration.
        func frame(x: Double, linear: Double) -> Rect {
            let width = plan.from.width + (screenWidth - plan.from.width) * linear
            let height = plan.from.height + (screenHeight - plan.from.height) * linear
            let top = plan.from.minY * (1 - x) + topOffset
            return Rect(x: (screenWidth - width) / 2, y: top, width: width, height: height)
        }
        func look(at time: Double) -> Look {
            let x = plan.spring.fraction(at: time)
            let linear = min(max(time / plan.expandDuration, 0), 1)
            let state = AppStoreState(
                frame: frame(x: x, linear: linear), cornerRadius: radius * (1 - linear), isCell: false,
                backdropOpacity: blur.fraction(at: time))
            return Look(layers: state.layers(scene), progress: x)
        }
        let settled = AppStoreState(
            frame: Rect(x: 0, y: topOffset, width: screenWidth, height: screenHeight), cornerRadius: 0,
            isCell: false, backdropOpacity: 1)
        return try TapTransition(
            presetID: description.id,
            layers: AppStoreState.layerDescriptions(scene, card: frame(x: plan.spring.fraction(at: 0), linear: 0)),
            duration: max(plan.duration, AppStoreConstants.blurDuration),
            animating: look, settled: settled.layers(scene)
        ).simulate(input)
    }
}
