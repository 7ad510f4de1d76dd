/// `miquido.diveDeeper.present`: tapping a card morphs snapshots of its image and
/// title into the detail screen's over a white fade, on seed 001's spring
/// (Szymon Matysik, “Dive Deeper into Motion Design: Advanced iOS Transitions”, Miquido), written as a transition document (`MiquidoTapDocument`).
enum MiquidoDiveDeeperPresent {
    static let preset = ParametricDocument(
        description: PresetDescription(
            id: "miquido.diveDeeper.present", title: "Miquido Dive Deeper (tap to present)",
            summary: "Tapping a card morphs snapshots (phantoms) of its image and title into the detail's over a fade "
                + "view going 0 → 1, on a 0.5 s UIView spring (damping 1, velocity 0.5); the real detail cuts in at "
                + "the end. [inferred]: presentTransform as a non-uniform scale, the fade colour (white), the grid "
                + "leaving the hierarchy at the end.",
            source:
                "Szymon Matysik, “Dive Deeper into Motion Design: Advanced iOS Transitions” (Miquido; its code is unpublished) (TransformTransition.animateTransition)"
        ),
        sceneFields: MiquidoScene.fields, parameters: MiquidoParameters.animated,
        build: { scene, parameters in MiquidoTapDocument.build(presenting: true, scene, parameters) })
}
