import SegueMath
import SegueTestSupport
import Testing

@testable import SegueEngine

/// The hostile drags (`HostileGesture`) for every interactive preset of the catalogue, from its
/// example's touch-down along its example's heading, with both touch-resampling modes where the
/// preset has them; shared by the open-prefix and the decision-consistency suites.
struct HostileRequest: CustomTestStringConvertible, Sendable {
    var preset: any Preset
    var parameters: [String: ParameterValue]
    var samples: [GestureSample]
    var frameRate: Double
    var name: String
    var testDescription: String { name }

    static let perPreset = 8

    static let all: [HostileRequest] = {
        var requests: [HostileRequest] = []
        for (index, preset) in PresetCatalogue.builtIn.presets.enumerated() where preset.interactive {
            guard let example = preset.exampleGesture, let first = example.first, let last = example.last else {
                continue
            }
            let resamples = preset.parameters.contains { $0.name == "touchResampling" }
            for frameRate in [60.0, 120] {
                let drags = HostileGesture.drags(
                    from: (first.location.x, first.location.y),
                    heading: (last.location.x - first.location.x, last.location.y - first.location.y),
                    startTime: first.time, frameRate: frameRate, regrab: preset.acceptsRegrab, count: perPreset,
                    seed: 0x4057_11E0 + UInt64(index) * 2 + (frameRate == 60 ? 0 : 1))
                for drag in drags {
                    let samples = drag.samples.map { sample in
                        GestureSample(
                            time: sample.time, location: Point(x: sample.x, y: sample.y),
                            phase: GesturePhase(rawValue: sample.phase) ?? .changed)
                    }
                    for mode in resamples ? ["latest", "interpolate"] : ["latest"] {
                        requests.append(
                            HostileRequest(
                                preset: preset,
                                parameters: resamples ? ["touchResampling": .choice(mode)] : [:], samples: samples,
                                frameRate: frameRate,
                                name: "\(preset.description.id) at \(Int(frameRate)) Hz, \(mode): \(drag.name)"))
                    }
                }
            }
        }
        return requests
    }()

    /// Whether `error` is a preset refusing a sample as a client error (a 422: a regrab that does
    /// not touch the element in flight), which answers a hostile drag correctly.
    static func isRefusal(_ error: any Error) -> Bool {
        if case .sampleRefused = error as? SimulationError { return true }
        return false
    }

    /// The simulation, or nil when the preset refuses the drag as a client error.
    func runUnlessRefused() throws -> Simulation? {
        do {
            return try run()
        } catch  where Self.isRefusal(error) {
            return nil
        }
    }

    func run(samples: [GestureSample]? = nil) throws -> Simulation {
        let gesture = try GestureTrack(samples: samples ?? self.samples, allowsMultipleStrokes: preset.acceptsRegrab)
        return try preset.run(
            SimulationInput(
                scene: ParameterValues(specs: preset.sceneFields, given: [:]),
                parameters: ParameterValues(specs: preset.parameters, given: parameters), gesture: gesture,
                frameRate: frameRate))
    }
}
