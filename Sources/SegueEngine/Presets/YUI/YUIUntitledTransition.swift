import SegueMath

/// The [untitled] tap-started push's or pop's one UIView spring animation from the start to the
/// end of the slide-over (seed-transitions.md §11.1, §11.2): its three parameters, declared once
/// with the seed's values as defaults.
struct YUIUntitledSpring {
    let duration: ParameterKey<Double>
    let dampingRatio: ParameterKey<Double>
    let initialVelocity: ParameterKey<Double>

    static let push = YUIUntitledSpring(
        dampingRatio: 2, initialVelocity: 0.4, source: "YUI (yihui-hu/YUI) [untitled] push")
    static let pop = YUIUntitledSpring(dampingRatio: 1, initialVelocity: 0, source: "YUI (yihui-hu/YUI) [untitled] pop")

    private init(dampingRatio: Double, initialVelocity: Double, source: String) {
        duration = .number(
            "duration", default: 0.4, in: 0.01...10, unit: "s",
            summary: "The spring's duration (UIKit's duration + damping mapping).",
            source: source + ": withDuration 0.4")
        self.dampingRatio = .number(
            "dampingRatio", default: dampingRatio, in: 0.01...10,
            summary: "usingSpringWithDamping; UIKit clamps values above 1 to 1 (UIKit's duration + damping mapping).",
            source: source + ": usingSpringWithDamping \(Format.amount(dampingRatio))")
        self.initialVelocity = .number(
            "initialVelocity", default: initialVelocity, in: -10...10, unit: "1/s",
            summary: "initialSpringVelocity, in whole changes per second.",
            source: source + ": initialSpringVelocity \(Format.amount(initialVelocity))")
    }

    var parameters: [ParameterSpec] { [ParameterSpec](duration, dampingRatio, initialVelocity) }

    /// The slide-over in `direction` on this spring, as `input` sets it.
    func transition(id: String, _ direction: YUIUntitledDirection, _ input: SimulationInput) -> TapTransition {
        let layers = YUIUntitledLayers(YUIUntitledScene(input.scene), direction)
        let parameters = input.parameters
        return TapTransition(
            presetID: id, layers: layers.all,
            easing: .uikitSpring(
                duration: parameters[duration], dampingRatio: parameters[dampingRatio],
                initialVelocity: parameters[initialVelocity]),
            state: layers.animating, settled: layers.settled(detailShown: direction == .push))
    }
}

/// `yui.untitled.push`: tapping an album slides the detail over from the right while the
/// grid slides left and fades, and a copy of the album art grows onto the detail's art
/// (seed 004 [untitled]; seed-transitions.md §11.1).
struct YUIUntitledPush: Preset {
    let description = PresetDescription(
        id: "yui.untitled.push", title: "YUI [untitled] album slide-over (push)",
        summary: "The detail slides in from the right, the grid slides left fading out, and a radius-16 copy of the "
            + "cell's art scales uniformly onto the detail art (the radius scales with it, 16·350/147 ≈ 38.1, not "
            + "animated), on a UIView spring 0.4 s, damping 2 (UIKit clamps it to 1), velocity 0.4. The grid "
            + "placeholder grows about the cell's centre [inferred].",
        source: "the YUI gallery, github.com/yihui-hu/YUI ([untitled] pushAnimation)")
    let sceneFields = YUIUntitledScene.fields
    let parameters = YUIUntitledSpring.push.parameters
    let trigger = Trigger.tap

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        try YUIUntitledSpring.push.transition(id: description.id, .push, input).simulate(input)
    }
}

/// `yui.untitled.pop`: the back button slides the detail out to the right and the grid back
/// in, fading in, while a copy of the detail art shrinks onto the cell (seed 004 [untitled];
/// seed-transitions.md §11.2).
struct YUIUntitledPop: Preset {
    let description = PresetDescription(
        id: "yui.untitled.pop", title: "YUI [untitled] album slide-over (pop)",
        summary: "The detail slides out to the right without fading (the push's fade is not mirrored, as in the "
            + "original), the grid slides in from the left fading in, and a radius-40 copy of the detail art shrinks "
            + "onto the cell (radius 40·147/350 ≈ 16.8), on a UIView spring 0.4 s, damping 1, velocity 0.",
        source: "the YUI gallery, github.com/yihui-hu/YUI ([untitled] popAnimation)")
    let sceneFields = YUIUntitledScene.fields
    let parameters = YUIUntitledSpring.pop.parameters
    let trigger = Trigger.tap

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        try YUIUntitledSpring.pop.transition(id: description.id, .pop, input).simulate(input)
    }
}
