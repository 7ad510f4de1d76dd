import SegueMath

/// The [untitled] tap-started push and pop: one UIView spring animation from the start to
/// the end of the slide-over (seed-transitions.md §11.1, §11.2).
enum YUIUntitledTransition {
    /// The spring's parameters, with the seed's values as defaults.
    static func springParameters(dampingRatio: Double, initialVelocity: Double, source: String) -> [ParameterSpec] {
        [
            ParameterSpec(
                name: "duration", kind: .number(0.01...10, unit: "s"),
                defaultValue: .number(YUIUntitledConstants.animationDuration),
                summary: "The spring's duration (UIKit's duration + damping mapping, motion-math.md §2.3).",
                source: source + ": withDuration 0.4"),
            ParameterSpec(
                name: "dampingRatio", kind: .number(0.01...10, unit: ""), defaultValue: .number(dampingRatio),
                summary: "usingSpringWithDamping; UIKit clamps values above 1 to 1 (motion-math.md §2.3).",
                source: source + ": usingSpringWithDamping \(Format.amount(dampingRatio))"),
            ParameterSpec(
                name: "initialVelocity", kind: .number(-10...10, unit: "1/s"), defaultValue: .number(initialVelocity),
                summary: "initialSpringVelocity, in whole changes per second.",
                source: source + ": initialSpringVelocity \(Format.amount(initialVelocity))"),
        ]
    }

    static func easing(_ parameters: ParameterValues) -> TimingCurve {
        let duration = parameters.number("duration")
        let velocity = parameters.number("initialVelocity")
        let spring =
            Spring.uikit(duration: duration, dampingRatio: parameters.number("dampingRatio"), initialVelocity: velocity)
            ?? .systemDefault
        return .spring(spring, initialVelocity: velocity, duration: duration)
    }

    static func run(id: String, direction: YUIUntitledDirection, input: SimulationInput) throws(SimulationError)
        -> Simulation
    {
        let scene = YUIUntitledScene(input.scene)
        let easing = easing(input.parameters)
        let grid = input.frameGrid(start: 0, end: easing.duration)
        let frames = try grid.frames(
            state: { time in
                let e = easing.fraction(at: time)
                return SimulationFrame(
                    time: time, phase: .animating, progress: e,
                    layers: YUIUntitledState(direction: direction, e: e).layers(scene))
            },
            finalState: { time in
                SimulationFrame(
                    time: time, phase: .settled, progress: 1,
                    layers: YUIUntitledState.settled(scene, direction, detailShown: direction == .push))
            })
        return Simulation(
            presetID: id, frameRate: input.frameRate, duration: frames.last?.time ?? 0,
            layers: YUIUntitledState.layerDescriptions(scene, direction), decision: nil,
            events: [SimulationEvent(time: 0, type: .began), SimulationEvent(time: easing.duration, type: .finished)],
            frames: frames)
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
        source: "seed 004 ([untitled] pushAnimation; seed-transitions.md §11.1, §15.9)")
    let sceneFields = YUIUntitledScene.fields
    let parameters = YUIUntitledTransition.springParameters(
        dampingRatio: 2, initialVelocity: 0.4, source: "seed 004 [untitled] push")
    let trigger = Trigger.tap

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        try YUIUntitledTransition.run(id: description.id, direction: .push, input: input)
    }
}

/// `yui.untitled.pop`: the back button slides the detail out to the right and the grid back
/// in, fading in, while a copy of the detail art shrinks onto the cell (seed 004 [untitled];
/// seed-transitions.md §11.2).
struct YUIUntitledPop: Preset {
    let description = PresetDescription(
        id: "yui.untitled.pop", title: "YUI [untitled] album slide-over (pop)",
        summary: "The detail slides out to the right without fading (the push's fade is not mirrored, as in the "
            + "seed), the grid slides in from the left fading in, and a radius-40 copy of the detail art shrinks "
            + "onto the cell (radius 40·147/350 ≈ 16.8), on a UIView spring 0.4 s, damping 1, velocity 0.",
        source: "seed 004 ([untitled] popAnimation; seed-transitions.md §11.2, §15.9)")
    let sceneFields = YUIUntitledScene.fields
    let parameters = YUIUntitledTransition.springParameters(
        dampingRatio: 1, initialVelocity: 0, source: "seed 004 [untitled] pop")
    let trigger = Trigger.tap

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        try YUIUntitledTransition.run(id: description.id, direction: .pop, input: input)
    }
}
