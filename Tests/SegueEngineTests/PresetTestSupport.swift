import SegueMath

@testable import SegueEngine

/// Runs `preset` as the API would, with the preset's defaults under the given
/// overrides; a gesture is validated first (several strokes only where the preset
/// accepts a regrab).
func run(
    _ preset: any Preset, scene: [String: ParameterValue] = [:], parameters: [String: ParameterValue] = [:],
    samples: [GestureSample]? = nil, frameRate: Double = 60
) throws -> Simulation {
    let gesture = try samples.map { samples throws -> GestureTrack in
        try GestureTrack(samples: samples, allowsMultipleStrokes: preset.acceptsRegrab)
    }
    return try preset.simulate(
        SimulationInput(
            scene: ParameterValues(specs: preset.sceneFields, given: scene),
            parameters: ParameterValues(specs: preset.parameters, given: parameters), gesture: gesture,
            frameRate: frameRate))
}
