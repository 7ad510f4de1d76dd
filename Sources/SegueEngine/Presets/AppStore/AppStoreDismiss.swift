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
/// its content and corners are not stretched. Written as a transition document: the card's
/// frame goes from `shrunk` to `cell`, and the settled `cell` pose gives it back the cell's
/// shadow (the detail card has none).
enum AppStoreDismiss {
    static let preset = ParametricDocument(
        description: PresetDescription(
            id: "appstore.card.dismiss", title: "App Store card dismiss (phase 5 of 5)",
            summary: "Phase 5 of 5: the detail card, shrunk to 0.86 of the screen, springs back onto its home cell "
                + "(0.6 s, damping 0.7) with corner radius 16 while the blur fades out. Beyond the original: visible "
                + "rects are animated directly (no first-frame jump); the scroll-to-top is not drawn.",
            source:
                "Wirawit Rueopas, “App Store Interactive Transition Revealed”, and github.com/aunnnn/AppStoreiOS11InteractiveTransition (5 Dismissing)"
        ),
        sceneFields: AppStoreScene.fields,
        parameters: [ParameterSpec](
            AppStoreParameters.Keys.shrinkScale, AppStoreParameters.Keys.dismissDuration,
            AppStoreParameters.Keys.dismissDampingRatio, AppStoreParameters.Keys.cornerRadius),
        build: document)

    /// Poses `shrunk` (the detail card laid out over the shrunk screen, the full blur), `landed`
    /// (laid out at the cell, the blur gone) and `cell` (the home cell at rest, with its shadow).
    static func document(_ sceneValues: ParameterValues, _ parameters: ParameterValues) -> TransitionDocument {
        let scene = AppStoreScene(sceneValues)
        let radius = parameters[AppStoreParameters.Keys.cornerRadius]
        let shrunk = AppStoreScene.scaled(scene.bounds, by: parameters[AppStoreParameters.Keys.shrinkScale])
        let shadow = AppStoreConstants.shadow
        return TransitionDocument(
            window: scene.window,
            layers: [
                DocumentLayer(id: "home", role: "the Today list; it stays under the detail"),
                DocumentLayer(
                    id: "backdrop", kind: .solid, fill: .white,
                    role: "the light blur over the home screen (its effect as opacity)"),
                DocumentLayer(
                    id: "card",
                    role: "the tapped card: the home cell with its shadow, or the detail card presented from it; laid "
                        + "out as the original's constraints put it, its transform only the press's or the shrink's "
                        + "scale; cornerRadius is the layer's own"),
            ],
            poses: [
                Pose(
                    name: "shrunk",
                    layers: [
                        "home": PoseChange(frame: scene.bounds),
                        "backdrop": PoseChange(frame: scene.bounds, opacity: 1),
                        "card": PoseChange(frame: shrunk, cornerRadius: radius),
                    ]),
                Pose(
                    name: "landed",
                    layers: ["backdrop": PoseChange(opacity: 0), "card": PoseChange(frame: scene.cardFrame)]),
                Pose(
                    name: "cell",
                    layers: [
                        "backdrop": PoseChange(opacity: 0),
                        "card": PoseChange(
                            frame: scene.cardFrame,
                            shadow: .set(
                                PoseShadow(opacity: shadow.opacity, radius: shadow.radius, offset: shadow.offset))),
                    ]),
            ],
            interaction: .tap(
                TapInteraction(
                    from: "shrunk", to: "landed",
                    curve: .uikitSpring(
                        duration: parameters[AppStoreParameters.Keys.dismissDuration],
                        dampingRatio: parameters[AppStoreParameters.Keys.dismissDampingRatio], initialVelocity: 0),
                    settled: "cell")))
    }

    /// The dismiss spring (the interactive dismiss settles on it too).
    static func spring(_ parameters: ParameterValues) -> TimingCurve {
        .uikitSpring(
            duration: parameters[AppStoreParameters.Keys.dismissDuration],
            dampingRatio: parameters[AppStoreParameters.Keys.dismissDampingRatio])
    }

    /// The card at spring progress `x`: laid out from `from` to the cell's frame with no
    /// transform (the original animates its container's constraints, DismissCardAnimator), so
    /// its visible rect is that frame and its radius, from `fromRadius` to the cell's, is its
    /// visible radius; the blur from 1 to 0. The interactive dismiss's settle.
    static func state(
        _ x: Double, from: Rect, fromRadius: Double, scene: AppStoreScene, radius: Double
    ) -> AppStoreState {
        AppStoreState(
            frame: Rect.interpolate(from: from, to: scene.cardFrame, fraction: x),
            cornerRadius: fromRadius + (radius - fromRadius) * x, isCell: false, backdropOpacity: 1 - x)
    }
}
