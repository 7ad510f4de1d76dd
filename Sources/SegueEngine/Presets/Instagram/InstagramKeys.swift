/// The Instagram family's parameters, each declared once with its seed source.
enum InstagramKeys {
    static let duration = ParameterKey.number(
        "duration", default: 0.25, in: 0.01...10, unit: "s",
        summary: "How long the animation runs; YUI's spring push and pop run 0.4 s.",
        source: "Foltányi's InstagramTransition: UIView.animate(withDuration: 0.25)")
    static let curve = ParameterKey.choice(
        "curve", default: InstagramCurve.easeInOut,
        summary: "The animation's curve: UIKit's default easeInOut (the article's text), the article code's "
            + "articleDefault/articleInteractive, YUI's yui curve or yuiSpring (damping 2, velocity 0.4).",
        source:
            "Foltányi's InstagramTransition: UIView.animate(withDuration:) uses curveEaseInOut; SharedTransitionConfig in InstagramTransition and YUI"
    )
    static let cornerRadius = ParameterKey.number(
        "cornerRadius", default: 39, in: 0...200, unit: "pt",
        summary: "The detail mask's continuous corner radius; YUI uses the display's radius (about 47.33).",
        source: "Foltányi's InstagramTransition: mask.layer.cornerRadius = 39")
    static let overlayOpacity = ParameterKey.number(
        "overlayOpacity", default: 0.5, in: 0...1, summary: "How dark the overlay over the grid gets.",
        source: "Foltányi's InstagramTransition: overlay.layer.opacity = .5")
    static let legacyAspectFit = ParameterKey.flag(
        "legacyAspectFit",
        summary: "Reproduce the originals' aspectFit bug (inverted ratio; right only for square cells).",
        source: "the original code's aspect fit, whose inverted ratio Segue fixes")

    /// Parameters of the tap-started push and pop, which every member of the family has.
    static let animated = [ParameterSpec](duration, curve, cornerRadius, overlayOpacity, legacyAspectFit)

    // The percent-driven pop.
    static let completionSpeed = ParameterKey.number(
        "completionSpeed", default: 1, in: 0.1...10,
        summary: "How fast finish() and cancel() play the rest of the animation.",
        source: "UIPercentDrivenInteractiveTransition.completionSpeed default 1 (UIKit, as Segue models it)")

    // The interactive pop.
    static let minimumScale = ParameterKey.number(
        "minimumScale", default: 0.6, in: 0.05...1, summary: "The smallest the card gets while dragged.",
        source: "Foltányi's InstagramTransition: scaleFactor = min(max(scaleFactor, 0.6), 1)")
    static let scaleRate = ParameterKey.number(
        "scaleRate", default: 0.4, in: 0...5,
        summary: "How fast the card shrinks with progress: scale = 1 − scaleRate·p.",
        source: "Foltányi's InstagramTransition: var scaleFactor = 1 - progress * 0.4")
    static let releaseRule = ParameterKey.choice(
        "releaseRule", default: InstagramReleaseRule.velocitySign, summary: "How the release decides finish or cancel.",
        source: "Foltányi's InstagramTransition: if recognizer.velocity(in: window).x > 0")
    static let progressMode = ParameterKey.choice(
        "progressMode", default: InstagramProgressMode.signed,
        summary: "p = tx/W (Foltányi's article and code) or |tx|/W (YUI, so leftward drags shrink too).",
        source: "Foltányi's InstagramTransition: let progress = translation.x / window.frame.width")
    static let gate = ParameterKey.choice(
        "gate", default: InstagramGate.horizontal,
        summary:
            "Which pans start the pop: |vx| > |vy| (Foltányi's InstagramTransition), or YUI's vx > |vy| or a downward pull.",
        source: "Foltányi's InstagramTransition: guard abs(velocity.x) > abs(velocity.y)")
    static let springSettle = ParameterKey.flag(
        "springSettle",
        summary: "Beyond the originals: settle with a spring that starts at the release velocity "
            + "(duration and settleDampingRatio), instead of the curve from rest.",
        source: "beyond the original: Segue's suggestion")
    static let settleDampingRatio = ParameterKey.number(
        "settleDampingRatio", default: 0.85, in: 0.05...1,
        summary: "The settle spring's damping ratio, when springSettle is on.",
        source: "Segue's own value (beyond the original)")
    static let translationFollowsFinger = ParameterKey.flag(
        "translationFollowsFinger",
        summary: "Beyond the original: move the card by the full translation, so the grabbed point stays under "
            + "the finger, instead of by scale × translation (the original's card lags by up to 40 %).",
        source: "a flaw of the original, which Segue fixes by default")
    static let keepMaskOnCancel = ParameterKey.flag(
        "keepMaskOnCancel",
        summary: "Reproduce the original leaving the rounded mask on the detail screen after a cancel.",
        source: "a flaw of the original, which Segue fixes by default")
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
