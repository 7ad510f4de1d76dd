import SegueMath

/// `yui.twitterSplash`: Twitter's launch reveal (seed 004's YUI
/// `TwitterSplashScreenView`; seed-transitions.md §13.2, scene K of §15.12). A white
/// container on the blue background is masked by the bird; after a 0.8 s hold the
/// bird shrinks (mask 0.7, container 1.16, 0.4 s easeInOut), then springs up to 60×
/// while the container returns to 1 and the screenshot fades in; the mask is removed
/// at the end.
struct TwitterSplash: Preset {
    let description = PresetDescription(
        id: "yui.twitterSplash", title: "YUI Twitter splash (bird mask zoom)",
        summary: "Hold 0.8 s; the bird mask shrinks to 0.7 while the container grows to 1.16 (0.4 s easeInOut); "
            + "then, on UIKit springs (damping 0.8, velocity 0.6), the mask grows to 60× and the container returns "
            + "to 1 over 0.8 s while the screenshot fades in over 0.4 s; the mask is removed at 2.0 s. The mask is "
            + "sent as an SVG path beside its bounding rect; the bird's outline is a stand-in [inferred], since "
            + "the original's logo is an image. Reproduced as in the original: the easeInOut option on the springs is "
            + "ignored and the apparent first-stage shrink is 0.7·1.16 = 0.812.",
        source: "the YUI gallery, github.com/yihui-hu/YUI (YUI TwitterSplashScreenView)")
    /// The scene's fields, as clients set them.
    enum SceneKeys {
        static let window = ParameterKey.size(
            "window", default: Size(width: 390, height: 844),
            summary: "The window; the background and the container fill it.",
            source: "Segue's default scene: an iPhone window (390 × 844)")
        static let logoSize = ParameterKey.size(
            "logoSize", default: Size(width: 72.88, height: 60),
            summary: "The bird mask's size, points, centred on the screen.",
            source: "YUI (yihui-hu/YUI): logo image 72.88 × 60 at (W/2 − 36.44, H/2 − 30)")
    }

    /// The parameters, each declared once with its seed source.
    enum Keys {
        static let holdDuration = ParameterKey.number(
            "holdDuration", default: 0.8, in: 0...10, unit: "s", summary: "How long the bird holds before it shrinks.",
            source: "YUI (yihui-hu/YUI): delay 0.8")
        static let shrinkDuration = ParameterKey.number(
            "shrinkDuration", default: 0.4, in: 0.01...10, unit: "s",
            summary: "The first stage's length (UIView easeInOut).",
            source: "YUI (yihui-hu/YUI): UIView.animate(withDuration: 0.4, options: .curveEaseInOut)")
        static let shrinkMaskScale = ParameterKey.number(
            "shrinkMaskScale", default: 0.7, in: 0.01...10, summary: "The bird mask's scale after the first stage.",
            source: "YUI (yihui-hu/YUI): scaleX: 0.7, y: 0.7")
        static let shrinkContainerScale = ParameterKey.number(
            "shrinkContainerScale", default: 1.16, in: 0.01...10,
            summary: "The container's scale after the first stage (about the screen's centre).",
            source: "YUI (yihui-hu/YUI): scaleX: 1.16, y: 1.16")
        static let revealDuration = ParameterKey.number(
            "revealDuration", default: 0.8, in: 0.01...10, unit: "s",
            summary: "The reveal spring's duration: mask to revealMaskScale, container back to 1.",
            source: "YUI (yihui-hu/YUI): UIView.animate(withDuration: 0.8, usingSpringWithDamping: 0.8, "
                + "initialSpringVelocity: 0.6)")
        static let revealMaskScale = ParameterKey.number(
            "revealMaskScale", default: 60, in: 1...1000, summary: "The bird mask's scale at the end of the reveal.",
            source: "YUI (yihui-hu/YUI): scaleX: 60, y: 60")
        static let fadeDuration = ParameterKey.number(
            "fadeDuration", default: 0.4, in: 0.01...10, unit: "s",
            summary: "The screenshot's fade-in spring's duration, starting with the reveal.",
            source: "YUI (yihui-hu/YUI): UIView.animate(withDuration: 0.4, usingSpringWithDamping: 0.8, "
                + "initialSpringVelocity: 0.6)")
        static let dampingRatio = ParameterKey.number(
            "dampingRatio", default: 0.8, in: 0.05...1, summary: "Both springs' damping ratio.",
            source: "YUI (yihui-hu/YUI): usingSpringWithDamping: 0.8")
        static let initialVelocity = ParameterKey.number(
            "initialVelocity", default: 0.6, in: -10...10,
            summary: "Both springs' relative initial velocity (whole changes per second).",
            source: "YUI (yihui-hu/YUI): initialSpringVelocity: 0.6")
    }
    let sceneFields = [ParameterSpec](SceneKeys.window, SceneKeys.logoSize)
    let parameters = [ParameterSpec](
        Keys.holdDuration, Keys.shrinkDuration, Keys.shrinkMaskScale, Keys.shrinkContainerScale, Keys.revealDuration,
        Keys.revealMaskScale, Keys.fadeDuration, Keys.dampingRatio, Keys.initialVelocity)
    let trigger = Trigger.tap

    /// The timeline's numbers, read once from the parameters.
    struct Timeline {
        var hold: Double
        var shrink: TimingCurve
        var reveal: TimingCurve
        var fade: TimingCurve
        var shrinkMaskScale: Double
        var shrinkContainerScale: Double
        var revealMaskScale: Double

        init(_ parameters: ParameterValues) {
            hold = parameters[Keys.holdDuration]
            shrink = .cubic(.easeInEaseOut, duration: parameters[Keys.shrinkDuration])
            let zeta = parameters[Keys.dampingRatio]
            let velocity = parameters[Keys.initialVelocity]
            reveal = .uikitSpring(
                duration: parameters[Keys.revealDuration], dampingRatio: zeta, initialVelocity: velocity)
            fade = .uikitSpring(duration: parameters[Keys.fadeDuration], dampingRatio: zeta, initialVelocity: velocity)
            shrinkMaskScale = parameters[Keys.shrinkMaskScale]
            shrinkContainerScale = parameters[Keys.shrinkContainerScale]
            revealMaskScale = parameters[Keys.revealMaskScale]
        }

        /// When the reveal starts, seconds.
        var revealStart: Double { hold + shrink.duration }
        /// When the last animation ends and the mask is removed, seconds.
        var end: Double { revealStart + max(reveal.duration, fade.duration) }

        /// Mask scale, container scale, screenshot opacity and the reveal's progress at `time`.
        func values(at time: Double) -> (mask: Double, container: Double, screenshot: Double, progress: Double) {
            let first = shrink.fraction(at: time - hold)
            let mask1 = 1 + (shrinkMaskScale - 1) * first
            let container1 = 1 + (shrinkContainerScale - 1) * first
            guard time >= revealStart else { return (mask1, container1, 0, 0) }
            let e = reveal.fraction(at: time - revealStart)
            return (
                mask1 + (revealMaskScale - mask1) * e, container1 + (1 - container1) * e,
                fade.fraction(at: time - revealStart), e
            )
        }
    }

    /// The splash's layers, each declared once, bottom to top, and their states.
    struct Layers {
        let background: LayerDescription
        let container: LayerDescription
        let screenshot: LayerDescription
        /// The bird mask's unscaled size, centred in the window.
        let logo: Size

        init(_ scene: ParameterValues) {
            let bounds = Rect(origin: .zero, size: scene[SceneKeys.window])
            background = LayerDescription(
                id: "background", role: "the twitterBlue (#1DA1F2) background", frame: bounds, kind: .solid,
                fill: Color(hex: 0x1DA1F2))
            container = LayerDescription(
                id: "container", role: "the white container, masked by the bird (mask path in its coordinates)",
                frame: bounds, kind: .solid, fill: .white)
            screenshot = LayerDescription(
                id: "screenshot", role: "the app screenshot inside the container, clipped by the same mask",
                frame: bounds, kind: .image)
            logo = scene[SceneKeys.logoSize]
        }

        var all: [LayerDescription] { [background, container, screenshot] }

        /// The states with the bird mask at `maskScale` (nil once removed), the container at
        /// `scale` about the screen's centre and the screenshot at `screenshot` opacity.
        func states(mask maskScale: Double?, container scale: Double, screenshot opacity: Double) -> [LayerState] {
            let window = background.frame.size
            let mask = maskScale.map { scale -> MaskState in
                let rect = Rect(
                    center: Point(x: window.width / 2, y: window.height / 2),
                    size: Size(width: logo.width * scale, height: logo.height * scale))
                return MaskState(
                    rect: rect, cornerRadius: 0, cornerCurve: .circular, path: TwitterBirdPath.svg(in: rect))
            }
            let transform = AffineTransform(scaleX: scale, y: scale)
            return [
                background.state(),
                container.state(transform: transform, mask: mask),
                screenshot.state(transform: transform, opacity: opacity, mask: mask),
            ]
        }
    }

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let layers = Layers(input.scene)
        let timeline = Timeline(input.parameters)
        return try TapTransition(
            presetID: description.id, layers: layers.all, duration: timeline.end,
            animating: { time in
                let values = timeline.values(at: time)
                return Look(
                    layers: layers.states(
                        mask: values.mask, container: values.container, screenshot: values.screenshot),
                    progress: values.progress)
            },
            settled: layers.states(mask: nil, container: 1, screenshot: 1)
        ).simulate(input)
    }
}
