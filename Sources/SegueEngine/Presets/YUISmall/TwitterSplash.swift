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
            + "the seed's logo is an image. Reproduced as in the seed: the easeInOut option on the springs is "
            + "ignored (§14.49) and the apparent first-stage shrink is 0.7·1.16 = 0.812 (§14.50).",
        source: "seed 004 (YUI TwitterSplashScreenView; seed-transitions.md §13.2, §15.12)")
    let sceneFields: [ParameterSpec] = [
        ParameterSpec(
            name: "window", kind: .size, defaultValue: .size(Size(width: 390, height: 844)),
            summary: "The window; the background and the container fill it.",
            source: "seed-transitions.md §15 common device (390 × 844)"),
        ParameterSpec(
            name: "logoSize", kind: .size, defaultValue: .size(Size(width: 72.88, height: 60)),
            summary: "The bird mask's size, points, centred on the screen.",
            source: "seed 004: logo image 72.88 × 60 at (W/2 − 36.44, H/2 − 30)"),
    ]
    let parameters: [ParameterSpec] = [
        ParameterSpec(
            name: "holdDuration", kind: .number(0...10, unit: "s"), defaultValue: .number(0.8),
            summary: "How long the bird holds before it shrinks.", source: "seed 004: delay 0.8"),
        ParameterSpec(
            name: "shrinkDuration", kind: .number(0.01...10, unit: "s"), defaultValue: .number(0.4),
            summary: "The first stage's length (UIView easeInOut).",
            source: "seed 004: UIView.animate(withDuration: 0.4, options: .curveEaseInOut)"),
        ParameterSpec(
            name: "shrinkMaskScale", kind: .number(0.01...10, unit: ""), defaultValue: .number(0.7),
            summary: "The bird mask's scale after the first stage.", source: "seed 004: scaleX: 0.7, y: 0.7"),
        ParameterSpec(
            name: "shrinkContainerScale", kind: .number(0.01...10, unit: ""), defaultValue: .number(1.16),
            summary: "The container's scale after the first stage (about the screen's centre).",
            source: "seed 004: scaleX: 1.16, y: 1.16"),
        ParameterSpec(
            name: "revealDuration", kind: .number(0.01...10, unit: "s"), defaultValue: .number(0.8),
            summary: "The reveal spring's duration: mask to revealMaskScale, container back to 1.",
            source: "seed 004: UIView.animate(withDuration: 0.8, usingSpringWithDamping: 0.8, "
                + "initialSpringVelocity: 0.6)"),
        ParameterSpec(
            name: "revealMaskScale", kind: .number(1...1000, unit: ""), defaultValue: .number(60),
            summary: "The bird mask's scale at the end of the reveal.", source: "seed 004: scaleX: 60, y: 60"),
        ParameterSpec(
            name: "fadeDuration", kind: .number(0.01...10, unit: "s"), defaultValue: .number(0.4),
            summary: "The screenshot's fade-in spring's duration, starting with the reveal.",
            source: "seed 004: UIView.animate(withDuration: 0.4, usingSpringWithDamping: 0.8, "
                + "initialSpringVelocity: 0.6)"),
        ParameterSpec(
            name: "dampingRatio", kind: .number(0.05...1, unit: ""), defaultValue: .number(0.8),
            summary: "Both springs' damping ratio.", source: "seed 004: usingSpringWithDamping: 0.8"),
        ParameterSpec(
            name: "initialVelocity", kind: .number(-10...10, unit: ""), defaultValue: .number(0.6),
            summary: "Both springs' relative initial velocity (whole changes per second).",
            source: "seed 004: initialSpringVelocity: 0.6"),
    ]
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
            hold = parameters.number("holdDuration")
            shrink = .cubic(.easeInEaseOut, duration: parameters.number("shrinkDuration"))
            let zeta = parameters.number("dampingRatio")
            let velocity = parameters.number("initialVelocity")
            func spring(_ duration: Double) -> TimingCurve {
                let spring =
                    Spring.uikit(duration: duration, dampingRatio: zeta, initialVelocity: velocity) ?? .systemDefault
                return .spring(spring, initialVelocity: velocity, duration: duration)
            }
            reveal = spring(parameters.number("revealDuration"))
            fade = spring(parameters.number("fadeDuration"))
            shrinkMaskScale = parameters.number("shrinkMaskScale")
            shrinkContainerScale = parameters.number("shrinkContainerScale")
            revealMaskScale = parameters.number("revealMaskScale")
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

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let window = input.scene.size("window")
        let logo = input.scene.size("logoSize")
        let bounds = Rect(origin: .zero, size: window)
        let timeline = Timeline(input.parameters)
        func layers(mask maskScale: Double?, container: Double, screenshot: Double) -> [LayerState] {
            let mask = maskScale.map { scale -> MaskState in
                let rect = Rect(
                    x: window.width / 2 - logo.width * scale / 2, y: window.height / 2 - logo.height * scale / 2,
                    width: logo.width * scale, height: logo.height * scale)
                return MaskState(
                    rect: rect, cornerRadius: 0, cornerCurve: .circular, path: TwitterBirdPath.svg(in: rect))
            }
            let scale = AffineTransform(scaleX: container, y: container)
            return [
                LayerState(id: "background", frame: bounds),
                LayerState(id: "container", frame: bounds, transform: scale, mask: mask),
                LayerState(id: "screenshot", frame: bounds, transform: scale, opacity: screenshot, mask: mask),
            ]
        }
        let grid = input.frameGrid(start: 0, end: timeline.end)
        let frames = try grid.frames(
            state: { time in
                let values = timeline.values(at: time)
                return SimulationFrame(
                    time: time, phase: .animating, progress: values.progress,
                    layers: layers(mask: values.mask, container: values.container, screenshot: values.screenshot))
            },
            finalState: { time in
                SimulationFrame(
                    time: time, phase: .settled, progress: 1, layers: layers(mask: nil, container: 1, screenshot: 1))
            })
        return Simulation(
            presetID: description.id, frameRate: input.frameRate, duration: frames.last?.time ?? 0,
            layers: [
                LayerDescription(id: "background", role: "the twitterBlue (#1DA1F2) background", frame: bounds),
                LayerDescription(
                    id: "container", role: "the white container, masked by the bird (mask path in its coordinates)",
                    frame: bounds),
                LayerDescription(
                    id: "screenshot", role: "the app screenshot inside the container, clipped by the same mask",
                    frame: bounds),
            ],
            decision: nil,
            events: [SimulationEvent(time: 0, type: .began), SimulationEvent(time: timeline.end, type: .finished)],
            frames: frames)
    }
}
