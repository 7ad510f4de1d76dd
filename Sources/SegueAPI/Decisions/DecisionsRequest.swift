public import SegueEngine

/// A validated `POST /v1/decisions` request: an interactive preset with its scene and parameters,
/// the grid of releases to map, and optionally one release to mark and measure margins for.
public struct DecisionsRequest: Sendable {
    public var probe: ReleaseProbe
    public var translation: SampledSpan
    public var velocity: SampledSpan
    public var release: ReleasePoint?
    public var output: DecisionsOutput

    /// The request's top-level members.
    static let topLevelFields = [
        "preset", "transition", "scene", "parameters", "translation", "velocity", "release", "output",
    ]
    static let spanFields = ["min", "max", "steps"]
    static let releaseFields = ["translation", "velocity"]
    /// Steps along each axis when the request names none.
    static let defaultSteps = 32
    /// The largest translation accepted, points from touch-down: past any screen.
    static let largestTranslation = 10_000.0
    /// Translations accepted.
    static let translations = NumberRange.between(-largestTranslation, largestTranslation)
    /// Velocities accepted, points per second: ±20 000, past any flick (a hard one is about 5 000).
    static let velocities = NumberRange.between(-20_000, 20_000)
    /// The default velocity span, points per second: a slow push to a firm flick, either way.
    static let defaultVelocitySpan = 2_000.0
    /// The default translation span when the scene has no window: points.
    static let defaultTranslationSpan = 400.0

    /// Validates `body` against `catalogue`, reporting every offending field at once; more cells
    /// than `limits.maxDecisionCells` is an error at `/velocity/steps`.
    public static func parse(
        _ body: JSONValue, catalogue: PresetCatalogue, limits: RequestLimits = RequestLimits(),
        cancellation: CancellationCheck = .never
    ) throws(Problem) -> DecisionsRequest {
        var validator = FieldValidator(maxNumberMagnitude: limits.maxNumberMagnitude)
        let request = parse(
            body, catalogue: catalogue, limits: limits, cancellation: cancellation, validator: &validator)
        guard validator.errors.isEmpty, let request else {
            throw Problem.invalidRequest(validator.errors)
        }
        return request
    }

    static func parse(
        _ body: JSONValue, catalogue: PresetCatalogue, limits: RequestLimits, cancellation: CancellationCheck,
        validator: inout FieldValidator
    ) -> DecisionsRequest? {
        guard let members = validator.object(body, at: "", allowed: topLevelFields) else { return nil }
        // A catalogue preset, or a transition document in its place (then no scene or parameters).
        var preset = SimulateRequest.parsePresetOrTransition(
            members, catalogue: catalogue, limits: limits, validator: &validator
        ).preset
        if let chosen = preset, !chosen.interactive, members["transition"] != nil {
            validator.fail(
                "/transition/interaction/type",
                "A tap takes no release decision to map: send a document whose interaction is a pan.")
            preset = nil
        } else if let chosen = preset, !chosen.interactive {
            let interactive = catalogue.ids.filter { catalogue.preset(id: $0)?.interactive == true }
            validator.fail(
                "/preset",
                "\(chosen.description.id) is started by a tap, so it takes no release decision to map. "
                    + "Interactive presets: \(interactive.joined(separator: ", ")).")
            preset = nil
        }
        let isDocument = members["transition"] != nil
        let scene =
            isDocument
            ? [:]
            : SimulateRequest.parseValues(
                members["scene"], at: "/scene", specs: preset?.sceneFields, noun: "scene field", preset: preset,
                validator: &validator)
        let parameters =
            isDocument
            ? [:]
            : SimulateRequest.parseValues(
                members["parameters"], at: "/parameters", specs: preset?.parameters, noun: "parameter",
                preset: preset, validator: &validator)
        let translation = parseSpan(members["translation"], at: "/translation", in: translations, validator: &validator)
        let velocity = parseSpan(members["velocity"], at: "/velocity", in: velocities, validator: &validator)
        var release: ReleasePoint?
        if let given = validator.object(members["release"], at: "/release", allowed: releaseFields) {
            let t = validator.number(given, "translation", at: "/release", in: translations)
            let v = validator.number(given, "velocity", at: "/release", in: velocities)
            for name in releaseFields where given[name] == nil {
                validator.fail("/release/\(name)", "Required: the release's \(name) along the preset's drag axis.")
            }
            if let t, let v { release = ReleasePoint(translation: t, velocity: v) }
        }
        let output: DecisionsOutput = validator.choice(members, "output", at: "") ?? .json
        let columns = translation?.steps ?? defaultSteps
        let rows = velocity?.steps ?? defaultSteps
        // Both are at most 10 000 here, so the product is a safe Int.
        if columns * rows > limits.maxDecisionCells {
            validator.fail(
                "/velocity/steps",
                "A map of \(columns) × \(rows) = \(columns * rows) cells is more than the \(limits.maxDecisionCells) "
                    + "this server computes (its --max-decision-cells); ask for fewer steps.")
        }
        guard validator.errors.isEmpty, let preset else { return nil }
        let sceneValues = ParameterValues(specs: preset.sceneFields, given: scene)
        guard
            let probe = ReleaseProbe(
                preset: preset, scene: sceneValues,
                parameters: ParameterValues(specs: preset.parameters, given: parameters),
                cancellation: cancellation)
        else {
            if isDocument {
                validator.fail(
                    "/transition/interaction/type",
                    "A press is a touch that does not travel, so its decision has no drag to be mapped along: send "
                        + "a document whose interaction is a pan.")
            } else {
                validator.fail(
                    "/preset",
                    "\(preset.description.id) is driven by a touch that does not travel, so its decisions have no drag "
                        + "direction to be mapped along.")
            }
            return nil
        }
        // A document's scrub or detents (a preset's: the window's extent along the axis), within what
        // a request may ask for (a huge window's map would span past any finger).
        let natural = probe.documentSpan ?? 0...(probe.windowReach ?? defaultTranslationSpan)
        let translationSpan = SampledSpan(
            min: translation?.min ?? max(natural.lowerBound, -largestTranslation),
            max: translation?.max ?? min(natural.upperBound, largestTranslation),
            steps: translation?.steps ?? defaultSteps)
        let velocitySpan = SampledSpan(
            min: velocity?.min ?? -defaultVelocitySpan, max: velocity?.max ?? defaultVelocitySpan,
            steps: velocity?.steps ?? defaultSteps)
        // One bound given and the other defaulted can still cross.
        for (name, span) in [("translation", translationSpan), ("velocity", velocitySpan)] where !(span.min < span.max)
        {
            validator.fail(
                "/\(name)",
                "min (\(span.min)) must be below max (\(span.max)); give both, or a min below the default max.")
        }
        guard validator.errors.isEmpty else { return nil }
        return DecisionsRequest(
            probe: probe, translation: translationSpan, velocity: velocitySpan, release: release, output: output)
    }

    /// A span as sent: `min` and `max` in `range` (min below max), `steps` a whole number from 2
    /// to 10 000. Members left out are nil, to be filled with the defaults.
    struct SpanFields {
        var min: Double?
        var max: Double?
        var steps: Int?
    }

    static func parseSpan(
        _ value: JSONValue?, at pointer: String, in range: NumberRange, validator: inout FieldValidator
    ) -> SpanFields? {
        guard let members = validator.object(value, at: pointer, allowed: spanFields) else { return nil }
        let low = validator.number(members, "min", at: pointer, in: range)
        let high = validator.number(members, "max", at: pointer, in: range)
        var steps: Int?
        if let count = validator.number(members, "steps", at: pointer, in: .between(2, 10_000)) {
            if count == count.rounded() {
                steps = Int(count)
            } else {
                validator.fail(pointer + "/steps", "Must be a whole number of cells; got \(count).")
            }
        }
        if let low, let high, !(low < high) {
            validator.fail(pointer + "/max", "Must be greater than min (\(low)); got \(high).")
        }
        return SpanFields(min: low, max: high, steps: steps)
    }
}

/// What `POST /v1/decisions` answers with.
public enum DecisionsOutput: String, Sendable, CaseIterable {
    /// The map as JSON (`DecisionsResponse` in openapi.yaml).
    case json
    /// The map drawn as a heatmap (image/svg+xml).
    case svg
}
