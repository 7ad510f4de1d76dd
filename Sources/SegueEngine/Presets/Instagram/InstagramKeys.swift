/// The Instagram family's parameters, each declared once with its seed source.
enum InstagramKeys {
    static let duration = ParameterKey.number(
        "duration", default: 0.25, in: 0.01...10, unit: "s",
        summary: "How long the animation runs; YUI's spring push and pop run 0.4 s.",
        source: "seed 000: UIView.animate(withDuration: 0.25)")
    static let curve = ParameterKey.choice(
        "curve", default: InstagramCurve.easeInOut,
        summary: "The animation's curve: UIKit's default easeInOut (seed 000's text), the article code's "
            + "articleDefault/articleInteractive, YUI's yui curve or yuiSpring (damping 2, velocity 0.4).",
        source: "seed 000: UIView.animate(withDuration:) uses curveEaseInOut; S2/S6 SharedTransitionConfig")
    static let cornerRadius = ParameterKey.number(
        "cornerRadius", default: 39, in: 0...200, unit: "pt",
        summary: "The detail mask's continuous corner radius; YUI uses the display's radius (about 47.33).",
        source: "seed 000: mask.layer.cornerRadius = 39")
    static let overlayOpacity = ParameterKey.number(
        "overlayOpacity", default: 0.5, in: 0...1, summary: "How dark the overlay over the grid gets.",
        source: "seed 000: overlay.layer.opacity = .5")
    static let legacyAspectFit = ParameterKey.flag(
        "legacyAspectFit", summary: "Reproduce the seeds' aspectFit bug (inverted ratio; right only for square cells).",
        source: "seed-transitions.md §2.5, §14.1")

    /// Parameters of the tap-started push and pop, which every member of the family has.
    static let animated = [ParameterSpec](duration, curve, cornerRadius, overlayOpacity, legacyAspectFit)

    // The percent-driven pop.
    static let completionSpeed = ParameterKey.number(
        "completionSpeed", default: 1, in: 0.1...10,
        summary: "How fast finish() and cancel() play the rest of the animation.",
        source: "UIPercentDrivenInteractiveTransition.completionSpeed default 1 (motion-math.md §3.3)")

    // The interactive pop.
    static let minimumScale = ParameterKey.number(
        "minimumScale", default: 0.6, in: 0.05...1, summary: "The smallest the card gets while dragged.",
        source: "seed 000: scaleFactor = min(max(scaleFactor, 0.6), 1)")
    static let scaleRate = ParameterKey.number(
        "scaleRate", default: 0.4, in: 0...5,
        summary: "How fast the card shrinks with progress: scale = 1 − scaleRate·p.",
        source: "seed 000: var scaleFactor = 1 - progress * 0.4")
    static let releaseRule = ParameterKey.choice(
        "releaseRule", default: InstagramReleaseRule.velocitySign, summary: "How the release decides finish or cancel.",
        source: "seed 000: if recognizer.velocity(in: window).x > 0")
    static let progressMode = ParameterKey.choice(
        "progressMode", default: InstagramProgressMode.signed,
        summary: "p = tx/W (seed 000, S2) or |tx|/W (YUI, so leftward drags shrink too).",
        source: "seed 000: let progress = translation.x / window.frame.width")
    static let gate = ParameterKey.choice(
        "gate", default: InstagramGate.horizontal,
        summary: "Which pans start the pop: |vx| > |vy| (seed 000), or YUI's vx > |vy| or a downward pull.",
        source: "seed 000: guard abs(velocity.x) > abs(velocity.y)")
    static let springSettle = ParameterKey.flag(
        "springSettle",
        summary: "Beyond the seeds: settle with a spring that starts at the release velocity "
            + "(duration and settleDampingRatio), instead of the curve from rest.",
        source: "seed-transitions.md §14.8 (suggested)")
    static let settleDampingRatio = ParameterKey.number(
        "settleDampingRatio", default: 0.85, in: 0.05...1,
        summary: "The settle spring's damping ratio, when springSettle is on.", source: "engine")
    static let translationFollowsFinger = ParameterKey.flag(
        "translationFollowsFinger",
        summary: "Beyond the seed: move the card by the full translation, so the grabbed point stays under "
            + "the finger, instead of by scale × translation (the seed's card lags by up to 40 %).",
        source: "seed-transitions.md §14.4")
    static let keepMaskOnCancel = ParameterKey.flag(
        "keepMaskOnCancel", summary: "Reproduce the seed leaving the rounded mask on the detail screen after a cancel.",
        source: "seed-transitions.md §14.12b")
}

/// How the interactive pop reads progress from the translation.
enum InstagramProgressMode: String, ParameterChoice {
    /// p = tx / W: a leftward drag grows the card (seed 000, S2).
    case signed
    /// p = |tx| / W: any horizontal drag shrinks it (YUI).
    case absolute
}

/// Which pans start the interactive pop.
enum InstagramGate: String, ParameterChoice {
    /// |vx| > |vy| when the pan begins (S1/S2).
    case horizontal
    /// vx > |vy| (rightward), or a downward pull (S6).
    case yui
}
