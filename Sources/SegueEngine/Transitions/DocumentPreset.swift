public import SegueMath

/// A transition document run as a preset: everything that takes a preset (the simulation, its
/// outputs, decision maps, the drive socket) takes a document through this. It has no scene
/// fields and no parameters: the document's `window` is its scene, and its pan states its own
/// velocity estimator and touch resampling.
///
/// Compile with `init?(_:)`, which refuses a document with `problems`; `simulate` then never
/// meets a name that names nothing.
public struct DocumentPreset: Preset {
    /// The id frames and decisions carry for a document.
    public static let id = "transition"

    public let document: TransitionDocument
    /// The layers as the frames list them, with their first-pose frames.
    let layerDescriptions: [LayerDescription]
    public let trigger: Trigger
    public let description: PresetDescription
    /// The document's pan or tap, compiled once here rather than on every simulation: a
    /// `ParametricDocument` keeps the compiled preset for its scene and parameters, so a request
    /// that repeats them pays for its frames alone.
    let compiled: Compiled
    public var sceneFields: [ParameterSpec] { [] }
    public var parameters: [ParameterSpec] { [] }

    /// Nil when the document has `problems`. `description` names a catalogue entry (a client's
    /// document has the generic one, id `transition`); `example` replaces the drag made up from
    /// the pan (`PanCompiler.exampleGesture`).
    public init?(_ document: TransitionDocument, description: PresetDescription? = nil, example: [GestureSample]? = nil)
    {
        guard document.problems.isEmpty, let first = document.poses.first,
            let start = document.resolved(first.name)
        else { return nil }
        self.document = document
        let layerDescriptions = zip(document.layers, start).map { layer, pose in
            LayerDescription(
                id: layer.id, role: layer.role ?? "a layer of the document", frame: pose.frame, kind: layer.kind,
                fill: layer.fill,
                image: layer.image)
        }
        self.layerDescriptions = layerDescriptions
        self.description =
            description
            ?? PresetDescription(
                id: Self.id, title: "A transition document",
                summary: "The transition the request describes: its layers, poses and interaction.",
                source: "the request's transition document (docs/transitions.md)")
        switch document.interaction {
        case .tap(let tap):
            trigger = .tap
            let frames = Self.tapFrames(document, tap, layers: layerDescriptions)
            compiled =
                tap.tracks.isEmpty
                ? .tap(frames) : .tracked(TrackedTap(frames, tracks: tap.tracks, layers: layerDescriptions))
        case .press(let press):
            trigger = .gesture(
                example: example ?? Self.pressExample(document, press),
                rules: Self.pressRules(source: self.description.source))
            compiled = .press(press)
        case .pan(let pan):
            compiled = .pan(
                PanCompiler(id: self.description.id, document: document, pan: pan, layers: layerDescriptions))
            let source = self.description.source
            // One rule per id: guards that share an id (a preset's one rule read as a finish
            // guard and its otherwise) are one rule whose summary lists them in order.
            var rules: [DecisionRule] = []
            for (index, rule) in pan.release.enumerated() {
                let id = PanCompiler.ruleID(rule, index: index)
                if let same = rules.firstIndex(where: { $0.id == id }) {
                    rules[same].summary += "; " + PanCompiler.summary(of: rule)
                } else {
                    rules.append(DecisionRule(id: id, summary: PanCompiler.summary(of: rule), source: source))
                }
            }
            // Reached only when no guard always holds.
            if !pan.release.contains(where: { $0.when == nil }) {
                rules.append(
                    DecisionRule(
                        id: PanCompiler.noGuardRule,
                        summary: pan.scrub == nil
                            ? "no guard held: the detent nearest the projected position"
                            : "no guard held: cancel to '\(pan.startPose)'",
                        source: "docs/transitions.md"))
            }
            trigger = .gesture(
                example: example ?? PanCompiler.exampleGesture(document, pan, layers: layerDescriptions),
                rules: DecisionRules(rules[0], others: Array(rules.dropFirst())), acceptsRegrab: pan.interruptible)
        }
    }

    /// The pan's axis (x or y, signed as the pan's progress grows) and the translations along it
    /// its release is worth mapping over (`PanTrack.releaseSpan`); nil for a tap.
    public var releaseSpan: (axis: Point, translations: ClosedRange<Double>)? {
        guard case .pan(let compiler) = compiled, let track = compiler.track else { return nil }
        let axis = track.axis == .x ? Point(x: track.sign, y: 0) : Point(x: 0, y: track.sign)
        return (axis, track.releaseSpan)
    }

    /// The document's window: a document has no scene.
    public func window(of scene: ParameterValues) -> Size? { document.window }

    public func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        switch compiled {
        case .tap(let frames):
            return try tapTransition(frames).simulate(input)
        case .tracked(let tap):
            return try trackedTransition(tap).simulate(input)
        case .pan(let compiler):
            return try compiler.simulate(input)
        case .press(let press):
            return try pressTransition(press, input: input)
        }
    }

    /// A document's interaction, compiled.
    enum Compiled {
        case tap(TapFrames)
        /// A tap with tracks.
        case tracked(TrackedTap)
        case pan(PanCompiler)
        /// A press, whose frames hang on the touch's times.
        case press(PressInteraction)
    }

    /// What a tap's frames are drawn from: the tween from `from` to `to`, the curve, and the
    /// layers it settles to.
    struct TapFrames {
        var tween: PoseTween
        var curve: TimingCurve
        var settled: [LayerState]
    }

    static func tapFrames(_ document: TransitionDocument, _ tap: TapInteraction, layers: [LayerDescription])
        -> TapFrames
    {
        // `problems` is empty and the API parsed a usable curve, so these resolve.
        let from = document.resolved(tap.from) ?? []
        let to = document.resolved(tap.to) ?? []
        let settled = tap.settled.flatMap { document.resolved($0) } ?? to
        return TapFrames(
            tween: PoseTween(layers: layers, from: from, to: to),
            curve: tap.curve.timingCurve() ?? .cubic(.linear, duration: 0.25),
            settled: render(layers, settled, settled, 0))
    }

    /// The tap: from `from` to `to` along the curve, progress the curve's value.
    func tapTransition(_ frames: TapFrames) -> TapTransition {
        let tween = frames.tween
        return TapTransition(
            presetID: description.id, layers: layerDescriptions, easing: frames.curve,
            state: { tween.states(at: $0) }, settled: frames.settled)
    }
}

/// The layers `fraction` of the way from `start` to `end`, drawn.
func render(_ layers: [LayerDescription], _ start: [LayerPose], _ end: [LayerPose], _ fraction: Double) -> [LayerState]
{
    var states: [LayerState] = []
    states.reserveCapacity(layers.count)
    for index in layers.indices {
        states.append(
            LayerPose.interpolate(from: start[index], to: end[index], fraction: fraction).state(of: layers[index]))
    }
    return states
}
