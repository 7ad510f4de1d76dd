import SegueMath

/// A pan that never started a pop (the gate refused it): the detail screen stays as
/// it is, and the decision says why.
enum InstagramIgnoredPan {
    static func simulation(
        id: String, scene: InstagramScene, gesture: PresetGesture, reason: String, frameRate: Double,
        layers: [LayerDescription]
    ) throws(SimulationError) -> Simulation {
        let began = gesture.track.began.time
        let releaseTime = gesture.release.time
        let alone = InstagramState.detailAlone(scene).layers(scene)
        let grid = FrameGrid(start: began, end: releaseTime, frameRate: frameRate)
        let frames = try grid.frames(
            state: { time in SimulationFrame(time: time, phase: .interactive, progress: 0, layers: alone) },
            finalState: { time in SimulationFrame(time: time, phase: .settled, progress: 0, layers: alone) })
        return Simulation(
            presetID: id, frameRate: frameRate, duration: (frames.last?.time ?? began) - began, layers: layers,
            decision: Decision(
                outcome: .cancel, time: releaseTime, rule: "gate", translation: gesture.translation(at: releaseTime),
                velocity: gesture.releaseVelocity, progress: 0, explanation: "\(reason): no pop started"),
            events: gesture.events(completed: releaseTime, outcome: .cancel),
            frames: frames)
    }
}
