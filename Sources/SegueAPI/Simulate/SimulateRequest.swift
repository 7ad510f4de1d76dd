public import SegueEngine

/// A validated `POST /v1/simulate` request: the catalogue preset to run and
/// everything its simulation reads, defaults filled in.
public struct SimulateRequest: Sendable {
    public var preset: any Preset
    public var input: SimulationInput

    /// The request's top-level members.
    public static let topLevelFields = ["preset", "scene", "parameters", "gesture", "frameRate"]
    /// The members of one gesture sample.
    public static let sampleFields = ["t", "x", "y", "phase"]
    /// `frameRate` when the request names none: a 60 Hz display, frames per second.
    public static let defaultFrameRate = 60.0
    /// The frame rates accepted, frames per second.
    public static let frameRates = NumberRange.between(1, 240)

    public init(preset: any Preset, input: SimulationInput) {
        self.preset = preset
        self.input = input
    }

    /// Runs the preset. Input the specs alone cannot rule out (a gesture the preset
    /// cannot use, more frames than one response may hold) is a 422 at its pointer.
    public func run() throws(Problem) -> Simulation {
        do {
            return try preset.simulate(input)
        } catch {
            throw Problem.invalidRequest(error.fieldErrors)
        }
    }
}
