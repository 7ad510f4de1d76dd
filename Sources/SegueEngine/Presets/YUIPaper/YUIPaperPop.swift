/// `yui.fbPaper.pop`: the reverse of the push; the strip shrinks back to cards while
/// the demo shrinks onto the selected card and fades out (seed-transitions.md §10.3).
/// Written as a transition document (`YUIPaperTapDocument`).
enum YUIPaperPop {
    static let preset = ParametricDocument(
        description: PresetDescription(
            id: "yui.fbPaper.pop", title: "YUI Facebook Paper (pop back to the strip)",
            summary: "From the full-screen pages, the strip shrinks back to 0.6 cards and its content offset returns, "
                + "the demo shrinks onto the selected card's image container and fades out (α 1 → 0, radius dcr → "
                + "dcr − 16), the header labels come down and fade in, the backdrop goes 0.5 → 0; the same 0.5 s spring. "
                + "At the end the demo leaves the window. Beyond the original by default: the page offset includes the "
                + "1.5 pt spacing (legacyPageOffset). [inferred]: the content offset returning to the scene's, the "
                + "header's frame, the number of cards.",
            source: "the YUI gallery, github.com/yihui-hu/YUI (HomeTransitionAnimationController.popAnimation)"),
        sceneFields: YUIPaperScene.fields, parameters: YUIPaperParameters.all,
        build: { scene, parameters in YUIPaperTapDocument.build(pushing: false, scene, parameters) })
}
