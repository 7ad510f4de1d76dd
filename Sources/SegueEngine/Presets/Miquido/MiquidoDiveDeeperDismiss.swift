/// `miquido.diveDeeper.dismiss`: the mirror of the present; the phantoms move from
/// the detail's elements back onto the card as the fade view goes 1 → 0
/// (Szymon Matysik, “Dive Deeper into Motion Design: Advanced iOS Transitions”, Miquido;
/// reconstructed from the present's symmetric code), written as a
/// transition document (`MiquidoTapDocument`).
enum MiquidoDiveDeeperDismiss {
    static let preset = ParametricDocument(
        description: PresetDescription(
            id: "miquido.diveDeeper.dismiss", title: "Miquido Dive Deeper (dismiss)",
            summary: "The detail's image and title, as phantoms, morph back onto the card while the fade view goes "
                + "1 → 0 over the grid, on the same 0.5 s spring; the detail is hidden throughout. [inferred]: the "
                + "whole dismiss branch (the original shows only its symmetric code), the fade's colour and place "
                + "above the grid.",
            source:
                "Szymon Matysik, “Dive Deeper into Motion Design: Advanced iOS Transitions” (Miquido; its code is unpublished) (presenting = false branch [inferred])"
        ),
        sceneFields: MiquidoScene.fields, parameters: MiquidoParameters.animated,
        build: { scene, parameters in MiquidoTapDocument.build(presenting: false, scene, parameters) })
}
