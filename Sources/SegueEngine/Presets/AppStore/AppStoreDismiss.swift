import SegueMath

/// `appstore.card.dismiss`, phase 5 of 5: the shrunken detail card springs back onto
/// its home cell (seed 003 "Dismissing"; S5 `DismissCardAnimator`;
/// seed-transitions.md §9.6), as the idealised visual model: the card's visible rect
/// goes from the shrunken screen to the cell's identity frame on a 0.6 s, ζ 0.7
/// UIKit spring, animating visible rects directly so the original's first-frame
/// jump is not copied (§14.20). The blur fades out on the same spring.
///
/// The card is laid out at that rect with no transform, as the original's container
/// constraints lay it out (AppStoreiOS11InteractiveTransition `DismissCardAnimator`), so
/// its content and corners are not stretched.
struct AppStoreDismiss: Preset {
    let description = PresetDescription(
        id: "appstore.card.dismiss", title: "App Store card dismiss (phase 5 of 5)",
        summary: "Phase 5 of 5: the detail card, shrunk to 0.86 of the screen, springs back onto its home cell "
            + "(0.6 s, damping 0.7) with corner radius 16 while the blur fades out. Beyond the original: visible rects "
            + "are animated directly (no first-frame jump); the scroll-to-top is not drawn.",
        source:
            "Wirawit Rueopas, “App Store Interactive Transition Revealed”, and github.com/aunnnn/AppStoreiOS11InteractiveTransition (5 Dismissing)"
    )
    let sceneFields = AppStoreScene.fields
    let parameters = [ParameterSpec](
        AppStoreParameters.Keys.shrinkScale, AppStoreParameters.Keys.dismissDuration,
        AppStoreParameters.Keys.dismissDampingRatio, AppStoreParameters.Keys.cornerRadius)
    let trigger = Trigger.tap

    /// The dismiss spring.
    static func spring(_ parameters: ParameterValues) -> TimingCurve {
        .uikitSpring(
            duration: parameters[AppStoreParameters.Keys.dismissDuration],
            dampingRatio: parameters[AppStoreParameters.Keys.dismissDampingRatio])
    }

    /// The card at spring progress `x`: laid out from `from` to the cell's frame with no
    /// transform (the original animates its container's constraints, DismissCardAnimator), so
    /// its visible rect is that frame and its radius, from `fromRadius` to the cell's, is its
    /// visible radius; the blur from 1 to 0.
    static func state(
        _ x: Double, from: Rect, fromRadius: Double, scene: AppStoreScene, radius: Double
    ) -> AppStoreState {
        AppStoreState(
            frame: Rect.interpolate(from: from, to: scene.cardFrame, fraction: x),
            cornerRadius: fromRadius + (radius - fromRadius) * x, isCell: false, backdropOpacity: 1 - x)
    }

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let scene = AppStoreScene(input.scene)
        let parameters = input.parameters
        let radius = parameters[AppStoreParameters.Keys.cornerRadius]
        let from = AppStoreScene.scaled(scene.bounds, by: parameters[AppStoreParameters.Keys.shrinkScale])
        return try TapTransition(
            presetID: description.id, layers: AppStoreState.layerDescriptions(scene, card: from),
            easing: Self.spring(parameters),
            state: { x in Self.state(x, from: from, fromRadius: radius, scene: scene, radius: radius).layers(scene) },
            settled: AppStoreState.cellAtRest(scene, radius: radius).layers(scene)
        ).simulate(input)
    }
}
