/// `yui.fbPaper.push`: tapping a card in the Facebook Paper strip grows the card and
/// the demo screen together to fill the screen while the strip's content offset
/// moves the card to the centre, on seed 004's 0.5 s spring (seed-transitions.md
/// §10.2, scene G §15.8).
/// Written as a transition document (`YUIPaperTapDocument`).
enum YUIPaperPush {
    static let preset = ParametricDocument(
        description: PresetDescription(
            id: "yui.fbPaper.push", title: "YUI Facebook Paper (tap a card to push)",
            summary:
                "The strip (cards 0.6 of the screen) grows to full-screen pages while its content offset brings the "
                + "tapped card to the centre; the demo screen, transformed onto the card, grows with it to identity and "
                + "fades in (α = e), radius dcr − 12 → dcr, the header labels rise 0.4·H and fade, a black backdrop "
                + "goes to 0.5; a 0.5 s UIView spring (damping 2, clamped to 1 as UIKit does; velocity 0.2). Beyond the "
                + "original by default: the target offset includes the 1.5 pt spacing (legacyPageOffset reproduces the "
                + "original's i·W). [inferred]: the header's frame, the number of cards, the home leaving the window at "
                + "the end.",
            source: "the YUI gallery, github.com/yihui-hu/YUI (HomeTransitionAnimationController.pushAnimation)"),
        sceneFields: YUIPaperScene.fields, parameters: YUIPaperParameters.all,
        build: { scene, parameters in YUIPaperTapDocument.build(pushing: true, scene, parameters) })
}
