public import SegueEngine

/// The body of `GET /v1/presets/{id}`: everything a client needs to offer one
/// preset in a form and to call `POST /v1/simulate` with it.
///
/// Members, in this order: `id`, `title`, `summary`, `source`, `interactive`, `scene`
/// (each scene field's default by name), `sceneFields` (each scene field as a spec, like a
/// parameter: type, default, unit, description and source), `parameters` (each setting with its type,
/// default, unit and range, choices, description and source), `exampleGesture`
/// (`{"samples":[{"t","x","y","phase"}]}`, or null for a tap-started preset),
/// `decisionRules` (the default first), and `transition`: the preset as a transition document,
/// or null with `transitionGap` saying why it is still code.
public struct PresetDetail: Sendable {
    public var preset: any Preset

    public init(_ preset: any Preset) {
        self.preset = preset
    }

    /// The JSON bytes, written in the member order above.
    public func encoded() throws(Problem) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 2048)
        let description = preset.description
        writer.beginObject()
        writer.member("id", description.id)
        writer.member("title", description.title)
        writer.member("summary", description.summary)
        writer.member("source", description.source)
        writer.member("interactive", preset.interactive)

        writer.key("scene")
        writer.beginObject()
        for field in preset.sceneFields {
            writer.key(string: field.name)
            writer.value(field.defaultValue)
        }
        writer.endObject()

        writer.key("sceneFields")
        writer.beginArray()
        for field in preset.sceneFields {
            Self.write(field, into: &writer)
        }
        writer.endArray()

        writer.key("parameters")
        writer.beginArray()
        for spec in preset.parameters {
            Self.write(spec, into: &writer)
        }
        writer.endArray()

        writer.key("exampleGesture")
        if let samples = preset.exampleGesture {
            writer.beginObject()
            writer.key("samples")
            writer.beginArray()
            for sample in samples {
                writer.beginObject()
                writer.member("t", sample.time)
                writer.member("x", sample.location.x)
                writer.member("y", sample.location.y)
                writer.member("phase", sample.phase.rawValue)
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        } else {
            writer.null()
        }

        writer.key("decisionRules")
        writer.beginArray()
        for rule in preset.decisionRules {
            writer.beginObject()
            writer.member("id", rule.id)
            writer.member("summary", rule.summary)
            writer.member("source", rule.source)
            writer.endObject()
        }
        writer.endArray()

        // The preset as a transition document a client can change and post back, or why it is
        // still code.
        writer.key("transition")
        if let document = preset.transitionDocument {
            ResolvedTransition(document: document).write(into: &writer)
        } else {
            writer.null()
        }
        if let gap = preset.transitionGap { writer.member("transitionGap", gap) }
        writer.endObject()

        guard !writer.hasNonFiniteNumber else {
            throw Problem.internalError(
                "The preset \(description.id) has a default that is not a finite number; please report this.")
        }
        return writer.bytes
    }

    /// One entry of `parameters` or `sceneFields`: `name`, `type`, `default`, then `unit`,
    /// `minimum` and `maximum` for numbers, `unit` (points) for rects and sizes, or `choices` for
    /// choices, then `description` and `source`.
    static func write(_ spec: ParameterSpec, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("name", spec.name)
        writer.member("type", spec.kind.wireName)
        writer.key("default")
        writer.value(spec.defaultValue)
        switch spec.kind {
        case .number(_, let unit):
            writer.member("unit", unit)
            if let range = spec.kind.acceptedRange, let lower = range.lower, let upper = range.upper {
                writer.member("minimum", lower)
                writer.member("maximum", upper)
            }
        case .choice(let choices):
            writer.key("choices")
            writer.beginArray()
            for choice in choices { writer.string(choice) }
            writer.endArray()
        case .rect, .size:
            writer.member("unit", "pt")
        case .bool:
            break
        }
        writer.member("description", spec.summary)
        writer.member("source", spec.source)
        writer.endObject()
    }
}
