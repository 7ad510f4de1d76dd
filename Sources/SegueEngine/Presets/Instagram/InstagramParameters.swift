/// Parameters the Instagram presets share, with their seed sources.
enum InstagramParameters {
    static let duration = ParameterSpec(
        name: "duration", kind: .number(0.01...10, unit: "s"), defaultValue: .number(0.25),
        summary: "How long the animation runs; YUI's spring push and pop run 0.4 s.",
        source: "seed 000: UIView.animate(withDuration: 0.25)")

    static func curve(default value: InstagramCurve = .easeInOut) -> ParameterSpec {
        ParameterSpec(
            name: "curve", kind: .choice(InstagramCurve.choices), defaultValue: .choice(value.rawValue),
            summary: "The animation's curve: UIKit's default easeInOut (seed 000's text), the article code's "
                + "articleDefault/articleInteractive, YUI's yui curve or yuiSpring (damping 2, velocity 0.4).",
            source: "seed 000: UIView.animate(withDuration:) uses curveEaseInOut; S2/S6 SharedTransitionConfig")
    }

    static let cornerRadius = ParameterSpec(
        name: "cornerRadius", kind: .number(0...200, unit: "pt"), defaultValue: .number(39),
        summary: "The detail mask's continuous corner radius; YUI uses the display's radius (about 47.33).",
        source: "seed 000: mask.layer.cornerRadius = 39")

    static let overlayOpacity = ParameterSpec(
        name: "overlayOpacity", kind: .number(0...1, unit: ""), defaultValue: .number(0.5),
        summary: "How dark the overlay over the grid gets.",
        source: "seed 000: overlay.layer.opacity = .5")

    static let legacyAspectFit = ParameterSpec(
        name: "legacyAspectFit", kind: .bool, defaultValue: .bool(false),
        summary: "Reproduce the seeds' aspectFit bug (inverted ratio; right only for square cells).",
        source: "seed-transitions.md §2.5, §14.1")

    /// Parameters of the tap-started push and pop.
    static let animated: [ParameterSpec] = [duration, curve(), cornerRadius, overlayOpacity, legacyAspectFit]
}
