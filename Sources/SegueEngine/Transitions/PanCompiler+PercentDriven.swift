extension PanCompiler {
    /// A scrub with `percentDriven`, on the shared `UIPercentDrivenInteractiveTransition` model
    /// (`PercentDrivenTransition`): while the finger drags, the animation shows at p·duration, p
    /// the scrub's progress clamped to 0…1; the release's outcome finishes or cancels it from the
    /// last progress shown, playing the rest at the completion speed. One stroke: a percent-driven
    /// scrub is not interruptible (`problems`).
    func percentDriven(
        _ scrubbing: PercentDriven, scrub: Scrub, gesture: PresetGesture, track: PanTrack, still: [LayerState],
        recognized: Double, input: SimulationInput
    ) throws(SimulationError) -> Simulation {
        guard let from = resolved(scrub.from), let to = resolved(scrub.to) else {
            throw SimulationError.gestureRequired
        }
        let curve = scrubbing.curve.timingCurve() ?? .cubic(.linear, duration: 0.25)
        let axis = track.axis
        let toLiftOff = scrubbing.updatesOnRelease
        func percent(at time: Double) -> Double {
            let moved = toLiftOff ? gesture.translation(at: time) : gesture.followed(at: time)
            return min(max(track.progress(along: axis.of(moved)), 0), 1)
        }
        let grab = PanGrab(progress: track.startProgress, offsets: [])
        let (decision, target, inputs) = decide(gesture, grab: grab, track: track, prefix: "") {
            min(max($0, 0), 1)
        }
        let speed =
            scrubbing.cancelsAtProgressSpeed && decision.outcome == .cancel
            ? inputs.liftOffProgress : scrubbing.completionSpeed
        let ended = decision.outcome == .finish ? to : from
        let layers = self.layers
        // The scrub's own tween, from `from` to `to`, compiled with the track.
        let tween = track.tweens[0]
        return try InteractiveTransition(
            presetID: id, layers: layers, gesture: gesture, still: still, recognized: recognized,
            scrubbing: PercentDrivenTransition(
                reportedDuration: scrubbing.reportedDuration ?? curve.duration, animationDuration: curve.duration,
                completionSpeed: speed),
            percent: percent(at:), releasePercent: percent(at: gesture.release.time), decision: decision,
            look: { tween.states(at: curve.fraction(at: $0)) },
            settled: settledStates(target: target) ?? render(layers, ended, ended, 0)
        ).simulate(input)
    }
}
