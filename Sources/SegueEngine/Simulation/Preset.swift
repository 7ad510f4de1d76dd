public import SegueMath

/// Everything a simulation reads: the preset's scene and parameters with the
/// client's overrides merged over the defaults, the gesture, and the frame rate.
public struct SimulationInput: Sendable {
    public var scene: ParameterValues
    public var parameters: ParameterValues
    /// The validated gesture, its samples aligned to the frames they were taken for
    /// (`GestureTrack.alignedToFrames(at:)`); nil for tap-started presets.
    public var gesture: GestureTrack?
    /// Frames per second, 1…240.
    public var frameRate: Double
    /// The most frames the simulation may produce (the server's `--max-frames`);
    /// a transition that needs more is an error at `/frameRate`.
    public var maxFrames: Int
    /// Asked between batches of frames whether the answer is still wanted; when it is not,
    /// the simulation stops with `SimulationError.cancelled` (the HTTP client has gone).
    public var cancellation: CancellationCheck
    /// Set by `Preset.run` for an open gesture: only the frames at or before this time are built.
    var horizon: Double?
    /// Frames before this index are left out of the answer (not built): those a live session has
    /// sent. The simulation's `frames` then start at this index.
    public var firstFrame = 0
    /// Set for a live session's open gesture, which `LiveGesture` has already closed one frame on:
    /// the time of its latest sample, up to which frames are kept (`Preset.runClosed`).
    var openUntil: Double?

    public init(
        scene: ParameterValues, parameters: ParameterValues, gesture: GestureTrack?, frameRate: Double,
        maxFrames: Int = FrameGrid.defaultMaxFrames, cancellation: CancellationCheck = .never
    ) {
        self.scene = scene
        self.parameters = parameters
        // Samples written to the microsecond land on the frames they were taken for.
        self.gesture = gesture?.alignedToFrames(at: frameRate)
        self.frameRate = frameRate
        self.maxFrames = maxFrames
        self.cancellation = cancellation
    }

    /// The input for a live session's gesture so far, already checked, aligned to its frame rate
    /// and closed while open (`LiveGesture`), so that nothing here looks at every sample again.
    public init(
        scene: ParameterValues, parameters: ParameterValues, live: LiveGesture,
        maxFrames: Int = FrameGrid.defaultMaxFrames, cancellation: CancellationCheck = .never
    ) {
        self.scene = scene
        self.parameters = parameters
        self.frameRate = live.frameRate
        self.maxFrames = maxFrames
        self.cancellation = cancellation
        if let runnable = live.runnable {
            gesture = runnable.track
            openUntil = runnable.openUntil
        }
    }

    /// The frame clock from `start` to `end` at this input's rate, under its frame cap and
    /// with its cancellation check.
    public func frameGrid(start: Double, end: Double) -> FrameGrid {
        var grid = FrameGrid(
            start: start, end: end, frameRate: frameRate, maxFrames: maxFrames, cancellation: cancellation)
        grid.horizon = horizon
        grid.firstFrame = firstFrame
        return grid
    }
}

/// How a preset starts, and what it then needs: a tap (nothing more), or a gesture with the
/// rules its release can be decided by, an example to start from, and whether a second stroke
/// may grab the transition in flight. One value, so a preset cannot be interactive without
/// rules or an example, nor tap-started with them.
public enum Trigger: Sendable {
    /// Started by a tap: the transition runs from time 0 with no gesture.
    case tap
    /// Driven by a gesture.
    case gesture(GestureTrigger)

    /// A gesture-driven trigger.
    public static func gesture(
        example: [GestureSample], rules: DecisionRules, acceptsRegrab: Bool = false
    ) -> Trigger {
        .gesture(GestureTrigger(example: example, rules: rules, acceptsRegrab: acceptsRegrab))
    }
}

/// What a gesture-driven preset declares about its gesture.
public struct GestureTrigger: Sendable {
    /// A ready gesture, offered by `GET /v1/presets/{id}` and used to measure the preset.
    public var example: [GestureSample]
    /// The release rules, the default first.
    public var rules: DecisionRules
    /// Whether the gesture may hold several strokes (`began` … `ended`, `began` … `ended`): a
    /// finger that grabs the transition again while its settle animation runs.
    public var acceptsRegrab: Bool
}

/// A preset's release rules: at least one, the default first.
public struct DecisionRules: Sendable {
    public let all: [DecisionRule]

    public init(_ first: DecisionRule, _ others: DecisionRule...) {
        all = [first] + others
    }

    public init(_ first: DecisionRule, others: [DecisionRule]) {
        all = [first] + others
    }
}

/// A built-in transition: its catalogue entry, what it accepts, and the simulation.
public protocol Preset: Sendable {
    var description: PresetDescription { get }
    /// How it starts: a tap, or a gesture with its rules and example.
    var trigger: Trigger { get }
    /// The scene's fields and their defaults (the canonical scene the transition is shown in).
    var sceneFields: [ParameterSpec] { get }
    var parameters: [ParameterSpec] { get }
    /// Runs the transition. Throws for input the specs cannot rule out alone (a
    /// missing gesture, a response over the frame cap).
    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation
    /// The window the layers live in, points, which pictures and exports are the size of: the
    /// scene's `window` field by default (`Preset+Scene.swift`); a transition document's own.
    func window(of scene: ParameterValues) -> Size?
}

extension Preset {
    /// Whether a gesture drives the transition (else a tap starts it).
    public var interactive: Bool {
        if case .gesture = trigger { return true }
        return false
    }

    /// The gesture trigger's declarations, nil for tap-started presets.
    public var gestureTrigger: GestureTrigger? {
        if case .gesture(let gesture) = trigger { return gesture }
        return nil
    }

    /// The release rules, the default first; empty for tap-started presets.
    public var decisionRules: [DecisionRule] { gestureTrigger?.rules.all ?? [] }
    /// A ready gesture for interactive presets.
    public var exampleGesture: [GestureSample]? { gestureTrigger?.example }
    /// Whether the gesture may hold several strokes; the API then builds the gesture with
    /// `GestureTrack(samples:allowsMultipleStrokes: true)`.
    public var acceptsRegrab: Bool { gestureTrigger?.acceptsRegrab ?? false }
}
