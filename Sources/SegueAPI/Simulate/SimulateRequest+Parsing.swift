public import SegueEngine

extension SimulateRequest {
    /// Validates a request body against `catalogue`, reporting every offending field
    /// at once, each at its JSON Pointer. `limits` caps the gesture's samples and the
    /// frames the simulation may produce.
    public static func parse(
        _ body: JSONValue, catalogue: PresetCatalogue, limits: RequestLimits = RequestLimits()
    ) throws(Problem) -> SimulateRequest {
        var validator = FieldValidator(maxNumberMagnitude: limits.maxNumberMagnitude)
        let request = parse(body, catalogue: catalogue, limits: limits, validator: &validator)
        guard validator.errors.isEmpty, let request else {
            throw Problem.invalidRequest(validator.errors)
        }
        return request
    }

    static func parse(
        _ body: JSONValue, catalogue: PresetCatalogue, limits: RequestLimits, validator: inout FieldValidator
    ) -> SimulateRequest? {
        guard let members = validator.object(body, at: "", allowed: topLevelFields) else { return nil }
        let (preset, transition) = parsePresetOrTransition(
            members, catalogue: catalogue, limits: limits, validator: &validator)
        // Beside a document, scene and parameters are refused whole (`parsePresetOrTransition`).
        let isDocument = members["transition"] != nil
        let scene =
            isDocument
            ? [:]
            : parseValues(
                members["scene"], at: "/scene", specs: preset?.sceneFields, noun: "scene field", preset: preset,
                validator: &validator)
        let parameters =
            isDocument
            ? [:]
            : parseValues(
                members["parameters"], at: "/parameters", specs: preset?.parameters, noun: "parameter",
                preset: preset, validator: &validator)
        let gesture = parseGesture(
            members["gesture"], preset: preset, maxSamples: limits.maxGestureSamples, validator: &validator)
        let frameRate = validator.number(members, "frameRate", at: "", in: frameRates) ?? defaultFrameRate
        let output = parseOutput(members, validator: &validator)
        var tolerance: Double?
        if let lottie = members["lottie"], let options = validator.object(lottie, at: "/lottie", allowed: ["tolerance"])
        {
            tolerance = validator.number(options, "tolerance", at: "/lottie", in: lottieTolerances)
        }
        let encoding = parseEncoding(members, output: output, validator: &validator)
        let art = validator.bool(members, "art", at: "") ?? true
        guard validator.errors.isEmpty, let preset else { return nil }
        let input = SimulationInput(
            scene: ParameterValues(specs: preset.sceneFields, given: scene),
            parameters: ParameterValues(specs: preset.parameters, given: parameters),
            gesture: gesture,
            frameRate: frameRate,
            maxFrames: limits.maxFrames)
        var request = SimulateRequest(preset: preset, input: input, output: output)
        request.lottieTolerance = tolerance
        request.encoding = encoding
        request.art = art
        request.transition = transition
        return request
    }

    /// `encoding`, when present: one of `FrameEncoding`'s raw values, and only with the JSON output
    /// (the pictures and exports have frames of their own shape).
    static func parseEncoding(
        _ members: [String: JSONValue], output: SimulateOutput?, validator: inout FieldValidator
    ) -> FrameEncoding {
        guard let encoding: FrameEncoding = validator.choice(members, "encoding", at: "") else { return .full }
        if encoding != .full, let output, output != .json {
            validator.fail(
                "/encoding",
                "The \(encoding.rawValue) encoding shapes the json output's frames; the \(output.rawValue) output has none. "
                    + "Remove encoding, or ask for \"output\": \"json\".")
        }
        return encoding
    }

    /// `output`, when present: one of `SimulateOutput`'s raw values.
    static func parseOutput(_ members: [String: JSONValue], validator: inout FieldValidator) -> SimulateOutput? {
        validator.choice(members, "output", at: "")
    }

    /// The catalogue preset `preset` names. `orTransition`: the request may send a transition
    /// document in its place (`POST /v1/simulate`), which a missing preset's message says.
    static func parsePreset(
        _ value: JSONValue?, catalogue: PresetCatalogue, orTransition: Bool = false, validator: inout FieldValidator
    ) -> (any Preset)? {
        var choices: String { Problem.presetChoices(catalogue.ids) }  // for a problem only
        guard let value else {
            let instead =
                orTransition ? ", or a transition document in 'transition' in its place (docs/transitions.md)" : ""
            validator.fail("/preset", "Required: the id of the preset to simulate\(instead). \(choices)")
            return nil
        }
        guard case .string(let id) = value else {
            validator.fail("/preset", "Expected a string here, not \(value.kind). \(choices)")
            return nil
        }
        guard let preset = catalogue.preset(id: id) else {
            validator.fail("/preset", "Unknown preset '\(id)'. \(choices)")
            return nil
        }
        return preset
    }

    /// Values for `specs` (a preset's scene fields or parameters) by name. With no
    /// preset to judge them by, only the object itself is checked.
    static func parseValues(
        _ value: JSONValue?, at pointer: String, specs: [ParameterSpec]?, noun: String, preset: (any Preset)?,
        validator: inout FieldValidator
    ) -> [String: ParameterValue] {
        guard let value else { return [:] }
        guard case .object(let members) = value else {
            validator.fail(pointer, "Expected an object here, not \(value.kind).")
            return [:]
        }
        guard let specs, let preset else { return [:] }
        let id = preset.description.id
        let names = specs.map(\.name)
        for name in members.keys.sorted() where !names.contains(name) {
            let known =
                names.isEmpty
                ? "\(id) has no \(noun)s; remove it."
                : "The \(noun)s of \(id) are \(names.joined(separator: ", "))."
            validator.fail(pointer + "/" + FieldValidator.escape(name), "Unknown \(noun) '\(name)'. \(known)")
        }
        var values: [String: ParameterValue] = [:]
        for spec in specs {
            guard let member = members[spec.name] else { continue }
            let fieldPointer = pointer + "/" + FieldValidator.escape(spec.name)
            if let parsed = spec.parse(member, at: fieldPointer, validator: &validator) {
                values[spec.name] = parsed
            }
        }
        return values
    }
}
