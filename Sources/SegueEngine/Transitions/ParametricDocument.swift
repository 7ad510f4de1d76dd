public import SegueMath

/// A catalogue preset written as a transition document over its scene and parameters: `build`
/// lays the document out for the scene a client sends and the parameters it sets, and the
/// document (through `DocumentPreset`) is the whole of the simulation. The preset keeps its
/// scene fields and parameters, so a client that names it keeps moving its rectangles and
/// nudging its numbers; `GET /v1/presets/{id}` shows the document for the defaults, which a
/// client may post as `transition` and change.
public struct ParametricDocument: Preset {
    public let description: PresetDescription
    public let sceneFields: [ParameterSpec]
    public let parameters: [ParameterSpec]
    public let trigger: Trigger
    /// The document for a scene and parameters (each with the defaults merged in).
    let build: @Sendable (_ scene: ParameterValues, _ parameters: ParameterValues) -> TransitionDocument
    let example: [GestureSample]?
    /// Refuses a scene or parameters the preset cannot start from, before the document is built (a
    /// tapped card off the screen): the preset's own error, as its code threw it.
    let check: Check?
    typealias Check =
        @Sendable (_ scene: ParameterValues, _ parameters: ParameterValues) throws(SimulationError) -> Void
    /// The documents compiled last (`CompiledDocuments`).
    let cache = CompiledDocuments()

    /// `example` is the gesture the catalogue offers (a pan's; nil for a tap). The trigger's
    /// rules are the default document's guards, or `rules` where a parameter picks the guards (a
    /// `releaseRule`): every rule a decision may name under some parameters.
    init(
        description: PresetDescription, sceneFields: [ParameterSpec], parameters: [ParameterSpec],
        example: [GestureSample]? = nil, rules: DecisionRules? = nil,
        check: Check? = nil,
        build: @escaping @Sendable (_ scene: ParameterValues, _ parameters: ParameterValues) -> TransitionDocument
    ) {
        self.description = description
        self.sceneFields = sceneFields
        self.parameters = parameters
        self.build = build
        self.example = example
        self.check = check
        let document = build(
            ParameterValues(specs: sceneFields, given: [:]), ParameterValues(specs: parameters, given: [:]))
        guard let compiled = DocumentPreset(document, description: description, example: example) else {
            preconditionFailure("\(description.id): its default document has problems: \(document.problems)")
        }
        if let rules, case .gesture(var gesture) = compiled.trigger {
            gesture.rules = rules
            trigger = .gesture(gesture)
        } else {
            trigger = compiled.trigger
        }
    }

    /// The document for the defaults.
    public var defaultDocument: TransitionDocument {
        build(ParameterValues(specs: sceneFields, given: [:]), ParameterValues(specs: parameters, given: [:]))
    }

    public func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        try compiled(scene: input.scene, parameters: input.parameters).simulate(input)
    }

    /// The document for `scene` and `parameters`, compiled: from the cache, else built once and
    /// kept. A scene the fields' ranges admit but the document refuses (a frame of no size) is
    /// refused at the window with the document's problems.
    func compiled(scene: ParameterValues, parameters: ParameterValues) throws(SimulationError) -> DocumentPreset {
        try check?(scene, parameters)
        var refused: TransitionDocument?
        let held = cache.preset(scene: scene, parameters: parameters) {
            let document = build(scene, parameters)
            let compiled = DocumentPreset(document, description: description, example: example)
            if compiled == nil { refused = document }
            return compiled
        }
        if let held { return held }
        let problems = (refused?.problems ?? []).map { "\($0.pointer): \($0.detail)" }.joined(separator: "; ")
        throw .scene(
            Self.windowField,
            "This scene lays out no transition: \(problems). Give every rect a size above zero, inside the window.")
    }
}

extension Preset {
    /// For a preset written as a document, its pan's signed axis and the translations along it a
    /// decision map spans by default (`DocumentPreset.releaseSpan`), for this scene and these
    /// parameters; nil for a preset that is code, or a tap.
    public func releaseSpan(scene: ParameterValues, parameters: ParameterValues) -> (
        axis: Point, translations: ClosedRange<Double>
    )? {
        if let document = self as? DocumentPreset { return document.releaseSpan }
        guard let parametric = self as? ParametricDocument else { return nil }
        return (try? parametric.compiled(scene: scene, parameters: parameters))?.releaseSpan
    }

    /// The preset as a transition document for its default scene and parameters: the document
    /// a client may post in its place; nil for a preset that is still code (`transitionGap`).
    public var transitionDocument: TransitionDocument? {
        if let document = self as? DocumentPreset { return document.document }
        if let parametric = self as? ParametricDocument { return parametric.defaultDocument }
        return nil
    }
}
