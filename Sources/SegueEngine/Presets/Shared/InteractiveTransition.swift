import SegueMath

/// A gesture-driven transition of one stroke, the sequence the interactive presets share: the
/// screen holds still until the pan is recognised, follows the finger until the release, where
/// the decision is taken, then animates to its target and settles.
///
/// The frames up to a time T read only the samples up to T: `dragging` is asked for times before
/// the release, and nothing before the release reads the decision, so a gesture still in progress
/// yields the same interactive frames as the whole one.
struct InteractiveTransition {
    var presetID: String
    var layers: [LayerDescription]
    var gesture: PresetGesture
    /// The screen before the pan is recognised (the same on every frame).
    var still: [LayerState]
    /// What the still frames carry beside their layers.
    var stillAnnotations: [FrameAnnotation] = []
    /// The progress the still frames show: 0, but for a transition document's detents, where
    /// progress is a position.
    var stillProgress = 0.0
    /// When the pan was recognised: the first frame that follows the finger.
    var recognized: Double
    /// The look while the finger drags, at a time from `recognized` to the release.
    var dragging: (Double) -> Look
    /// What the release decided.
    var decision: Decision
    /// When the settle animation ends, seconds on the gesture's clock.
    var completed: Double
    /// The look at a time from the release to `completed` (on the gesture's clock, as given,
    /// so that each preset forms its own elapsed times exactly as it always has).
    var settling: (Double) -> Look
    /// The final frame's look.
    var settled: Look

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let began = gesture.track.began.time
        let releaseTime = gesture.release.time
        let grid = input.frameGrid(start: began, end: completed)
        let frames = try grid.frames(
            state: { time in
                if time < recognized {
                    return SimulationFrame(
                        time: time, phase: .interactive, progress: stillProgress, layers: still,
                        annotations: stillAnnotations)
                }
                let interactive = time < releaseTime
                let look = interactive ? dragging(time) : settling(time)
                return SimulationFrame(
                    time: time, phase: interactive ? .interactive : .animating, progress: look.progress,
                    layers: look.layers, annotations: look.annotations)
            },
            finalState: { time in
                SimulationFrame(
                    time: time, phase: .settled, progress: settled.progress, layers: settled.layers,
                    annotations: settled.annotations)
            })
        return Simulation(
            presetID: presetID, frameRate: input.frameRate, duration: (frames.last?.time ?? began) - began,
            layers: layers, decision: decisionAsShown,
            events: gesture.events(completed: completed, outcome: decision.outcome), frames: frames)
    }
}

extension InteractiveTransition {
    /// The decision with the progress a frame at its time shows (the settle's start, or the
    /// settled look when nothing animates), so that `progress` is never a value the screen did
    /// not show; a preset whose rule read another progress reports it as `ruleProgress`.
    var decisionAsShown: Decision {
        var shown = decision
        shown.progress = completed > decision.time ? settling(decision.time).progress : settled.progress
        return shown
    }

    /// A transition that follows the finger from touch-down: no recognition phase, so every
    /// frame before the release is a dragging one.
    init(
        presetID: String, layers: [LayerDescription], gesture: PresetGesture, dragging: @escaping (Double) -> Look,
        decision: Decision, completed: Double, settling: @escaping (Double) -> Look, settled: Look
    ) {
        self.init(
            presetID: presetID, layers: layers, gesture: gesture, still: [], recognized: gesture.track.began.time,
            dragging: dragging, decision: decision, completed: completed, settling: settling, settled: settled)
    }
}
