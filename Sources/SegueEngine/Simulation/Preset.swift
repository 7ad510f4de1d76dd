import SegueMath

/// Everything a simulation reads: the preset's scene and parameters with the
/// client's overrides merged over the defaults, the gesture, and the frame rate.
public struct SimulationInput: Sendable {
    public var scene: ParameterValues
    public var parameters: ParameterValues
    /// The validated gesture; nil for tap-started presets.
    public var gesture: GestureTrack?
    /// Frames per second, 1…240.
    public var frameRate: Double
    /// The most frames the simulation may produce (the server's `--max-frames`);
    /// a transition that needs more is an error at `/frameRate`.
    public var maxFrames: Int
    /// Asked between batches of frames whether the answer is still wanted; when it is not,
    /// the simulation stops with `SimulationError.cancelled` (the HTTP client has gone).
    public var cancellation: CancellationCheck

    public init(
        scene: ParameterValues, parameters: ParameterValues, gesture: GestureTrack?, frameRate: Double,
        maxFrames: Int = FrameGrid.defaultMaxFrames, cancellation: CancellationCheck = .never
    ) {
        self.scene = scene
        self.parameters = parameters
        self.gesture = gesture
        self.frameRate = frameRate
        self.maxFrames = maxFrames
        self.cancellation = cancellation
    }

    /// The frame clock from `start` to `end` at this input's rate, under its frame cap and
    /// with its cancellation check.
    public func frameGrid(start: Double, end: Double) -> FrameGrid {
        FrameGrid(start: start, end: end, frameRate: frameRate, maxFrames: maxFrames, cancellation: cancellation)
    }
}

/// Why a simulation could not run, with where in the request the cause lies.
public struct SimulationError: Error, Sendable, Hashable {
    /// One cause: a JSON Pointer into the request (such as `/gesture`) and a sentence.
    public struct Issue: Sendable, Hashable {
        public var pointer: String
        public var message: String

        public init(pointer: String, message: String) {
            self.pointer = pointer
            self.message = message
        }
    }

    public var issues: [Issue]
    /// True when the simulation stopped because its answer was no longer wanted
    /// (`SimulationInput.cancellation`), not because of the request: no issues then.
    public var isCancellation = false

    public init(_ issues: [Issue]) {
        self.issues = issues
    }

    /// The simulation was stopped between two batches of frames: nobody wants its answer.
    public static let cancelled: SimulationError = {
        var error = SimulationError([])
        error.isCancellation = true
        return error
    }()

    public init(pointer: String, _ message: String) {
        issues = [Issue(pointer: pointer, message: message)]
    }
}

/// A built-in transition: its catalogue entry, what it accepts, and the simulation.
public protocol Preset: Sendable {
    var description: PresetDescription { get }
    /// The scene's fields and their defaults (the canonical scene of seed-transitions.md §15).
    var sceneFields: [ParameterSpec] { get }
    var parameters: [ParameterSpec] { get }
    /// The release rules the preset offers, the default first; empty for tap-started presets.
    var decisionRules: [DecisionRule] { get }
    /// A ready gesture for interactive presets.
    var exampleGesture: [GestureSample]? { get }
    /// Runs the transition. Throws for input the specs cannot rule out alone (a
    /// missing gesture, a response over the frame cap).
    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation
    /// Whether the gesture may hold several strokes (`began` … `ended`, `began` … `ended`): a
    /// finger that grabs the transition again while its settle animation runs. The API then
    /// builds the gesture with `GestureTrack(samples:allowsMultipleStrokes: true)`.
    var acceptsRegrab: Bool { get }
}

extension Preset {
    /// Single-stroke gestures only, unless a preset opts in.
    public var acceptsRegrab: Bool { false }
}
