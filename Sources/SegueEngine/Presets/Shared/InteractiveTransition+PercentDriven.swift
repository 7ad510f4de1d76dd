import SegueMath

extension InteractiveTransition {
    /// A pan that scrubs an animation through UIKit's `UIPercentDrivenInteractiveTransition`:
    /// while the finger drags, the animation shows at `percent(t)` of `transition`'s reported
    /// duration; at the release `transition` takes `releasePercent` and finishes or cancels as
    /// `decision` says, playing the rest at its completion speed. `look(a)` is the screen at
    /// animation time `a`; a frame's progress is UIKit's percentComplete, the share of the
    /// animation's time shown.
    init(
        presetID: String, layers: [LayerDescription], gesture: PresetGesture, still: [LayerState], recognized: Double,
        scrubbing transition: PercentDrivenTransition, percent: @escaping (Double) -> Double, releasePercent: Double,
        decision: Decision, look: @escaping (_ animationTime: Double) -> [LayerState], settled: [LayerState]
    ) {
        var played = transition
        played.update(releasePercent)
        played.complete(decision.outcome == .finish ? .finish : .cancel, at: gesture.release.time)
        let shown = { (animationTime: Double) in
            Look(layers: look(animationTime), progress: min(animationTime / played.animationDuration, 1))
        }
        self.init(
            presetID: presetID, layers: layers, gesture: gesture, still: still, recognized: recognized,
            dragging: { time in shown(percent(time) * played.reportedDuration) }, decision: decision,
            completed: played.completionEndTime ?? gesture.release.time,
            settling: { time in shown(played.animationTime(at: time)) },
            settled: Look(layers: settled, progress: decision.outcome == .finish ? 1 : 0))
    }
}
