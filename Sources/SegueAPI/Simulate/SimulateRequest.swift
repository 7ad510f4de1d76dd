public import SegueEngine
public import SegueMath

/// A validated `POST /v1/simulate` request: the catalogue preset to run and
/// everything its simulation reads, defaults filled in.
public struct SimulateRequest: Sendable {
    public var preset: any Preset
    public var input: SimulationInput
    /// The body asked for with `output`; nil when the request names none (the
    /// `Accept` header then chooses, and JSON is the default).
    public var output: SimulateOutput?
    /// `lottie.tolerance`: points within which the Lottie export's keyframes may be thinned to
    /// linear segments; nil keeps a keyframe on every frame.
    public var lottieTolerance: Double?
    /// The tolerances accepted, points.
    public static let lottieTolerances = NumberRange.between(0, 100)
    /// `art`: whether a catalogue preset's exports draw its layers' generated art (`ExportArt`);
    /// true unless the request says false.
    public var art = true
    /// `encoding`: how the `json` output writes its frames (default full).
    public var encoding = FrameEncoding.full
    /// The transition document the request sent in place of a preset (then `preset` is its
    /// `DocumentPreset`); nil for a catalogue preset. The answer gives it back resolved.
    public var transition: ResolvedTransition?

    /// The request's top-level members.
    public static let topLevelFields = [
        "preset", "scene", "parameters", "gesture", "frameRate", "output", "lottie", "encoding", "transition", "art",
    ]
    /// The members of one gesture sample.
    public static let sampleFields = ["t", "x", "y", "phase"]
    /// `frameRate` when the request names none: a 60 Hz display, frames per second.
    public static let defaultFrameRate = 60.0
    /// The frame rates accepted, frames per second.
    public static let frameRates = NumberRange.between(1, 240)

    public init(preset: any Preset, input: SimulationInput, output: SimulateOutput? = nil) {
        self.preset = preset
        self.input = input
        self.output = output
    }

    /// The scene the preset runs in, every field resolved, in the preset's order: what the answer
    /// shows as `scene`, so a client sees where the fields it left out went (for a transition
    /// document, its window).
    public var resolvedScene: [SimulateResponse.SceneField] {
        // A transition document's scene is its window.
        if let document = preset as? DocumentPreset {
            return [SimulateResponse.SceneField(name: "window", value: .size(document.document.window))]
        }
        return preset.sceneFields.compactMap { spec in
            input.scene.values[spec.name].map { SimulateResponse.SceneField(name: spec.name, value: $0) }
        }
    }

    /// Whether `output` draws the generated art: an export (`lottie`, `css`, `waapi`) of a
    /// catalogue preset with `art` on. A transition document keeps its own images, none invented.
    public func drawsArt(_ output: SimulateOutput) -> Bool {
        art && transition == nil && [.lottie, .css, .waapi].contains(output)
    }

    /// Whether `output` draws the generated art for a simulation of `frames` frames: as
    /// `drawsArt(_:)`, and only up to `ExportArt.maxFrames`.
    public func drawsArt(_ output: SimulateOutput, frames: Int) -> Bool {
        drawsArt(output) && frames <= ExportArt.maxFrames
    }

    /// The window the pictures and exports are drawn on: a document's `window`, else the scene's.
    public var window: Size? {
        transition?.document.window ?? preset.window(of: input.scene)
    }

    /// Runs the preset. Input the specs alone cannot rule out (a gesture the preset
    /// cannot use, more frames than one response may hold) is a 422 at its pointer; a
    /// simulation stopped by `input.cancellation` is `Problem.clientGone()`.
    public func run() throws(Problem) -> Simulation {
        do {
            return try preset.run(input)
        } catch {
            throw error.problem(presetID: preset.description.id)
        }
    }
}
