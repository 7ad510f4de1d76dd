public import SegueEngine

/// What a `POST /v1/simulate` request will hold in memory, estimated once it is parsed and
/// before it runs, for the work gate's memory budget: its frames in the engine's values
/// and the same frames as JSON, which coexist while the answer is written.
///
/// The frame count comes from the gesture's span plus the preset's settle time, at the
/// request's frame rate; the layer count and the settle time are each preset's own,
/// measured once from its example at its default parameters (a preset declares neither).
/// Parameters that lengthen the settle make the estimate short; the real size replaces it
/// once the simulation has run (`bytes(of:)`), so the budget is never off for long.
public struct SimulateCost: Sendable {
    /// A preset's shape: its layers, and seconds from the gesture's last sample (or the tap)
    /// to the settled frame at its default parameters.
    struct Profile: Sendable {
        var layers: Int
        var settle: Double
    }

    private let profiles: [String: Profile]

    /// Measures every preset of `catalogue` once, from its example at 60 frames per second.
    public init(catalogue: PresetCatalogue) {
        var profiles: [String: Profile] = [:]
        for preset in catalogue.presets {
            profiles[preset.description.id] = Self.profile(of: preset)
        }
        self.profiles = profiles
    }

    /// Layers assumed for a preset whose example could not be run (none today).
    static let fallbackLayers = 8
    /// Settle seconds assumed likewise.
    static let fallbackSettle = 1.0

    /// Memory for one layer in one frame: the engine's value plus its JSON twice (about 224 bytes
    /// each): the JSON writer's buffer and the answer's array copied from it coexist for a moment.
    static let bytesPerLayerState = MemoryLayout<LayerState>.stride + 2 * SimulateResponse.bytesPerLayerState
    /// Memory for one frame besides its layers: the engine's value, its layer array's header
    /// and the JSON around the layers.
    static let bytesPerFrame = MemoryLayout<SimulationFrame>.stride + 32 + 64
    /// What any answer holds besides its frames: the layers list, the decision, the events.
    static let bytesPerAnswer = 4096

    /// Bytes for `frames` frames of `layers` layers.
    static func bytes(frames: Int, layers: Int) -> Int {
        bytesPerAnswer + frames * (bytesPerFrame + layers * bytesPerLayerState)
    }

    /// The estimate for a parsed request, before it runs.
    public func estimatedBytes(for request: SimulateRequest) -> Int {
        let input = request.input
        let profile =
            profiles[request.preset.description.id]
            ?? Profile(layers: Self.fallbackLayers, settle: Self.fallbackSettle)
        let seconds = (input.gesture?.duration ?? 0) + profile.settle
        // The frame cap bounds the count, checked before the Double becomes an Int.
        let span = max(seconds, 0) * input.frameRate
        let frames = span.isFinite && span < Double(input.maxFrames) ? Int(span.rounded(.up)) + 1 : input.maxFrames
        return Self.bytes(frames: min(frames, input.maxFrames), layers: profile.layers)
    }

    /// The real figure once the simulation has run: its frames, and the JSON to come.
    public static func bytes(of simulation: Simulation) -> Int {
        bytes(frames: simulation.frames.count, layers: simulation.layers.count)
    }

    private static func profile(of preset: any Preset) -> Profile? {
        let gesture = preset.exampleGesture.flatMap {
            try? GestureTrack(samples: $0, allowsMultipleStrokes: preset.acceptsRegrab)
        }
        let input = SimulationInput(
            scene: ParameterValues(specs: preset.sceneFields, given: [:]),
            parameters: ParameterValues(specs: preset.parameters, given: [:]), gesture: gesture, frameRate: 60)
        guard let simulation = try? preset.simulate(input) else { return nil }
        return Profile(layers: simulation.layers.count, settle: max(simulation.duration - (gesture?.duration ?? 0), 0))
    }
}
