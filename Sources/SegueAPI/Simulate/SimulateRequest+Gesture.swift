import SegueEngine
import SegueMath

extension SimulateRequest {
    /// The gesture: required by an interactive preset, refused by a tap-started one,
    /// and when present a `GestureTrack` built from `{"samples":[{"t","x","y","phase"}]}`.
    /// With no preset to judge by, a gesture that is present is still checked (as one stroke).
    /// A preset that `acceptsRegrab` takes several strokes, each `began` … `ended`.
    /// More than `maxSamples` samples is an error before any is read.
    static func parseGesture(
        _ value: JSONValue?, preset: (any Preset)?, maxSamples: Int, validator: inout FieldValidator
    ) -> GestureTrack? {
        if let preset {
            let id = preset.description.id
            if preset.interactive, value == nil {
                // A client's document has no catalogue entry to fetch an example from.
                let (subject, example) =
                    preset is DocumentPreset
                    ? (
                        "the transition document (a pan or a press)",
                        "Any catalogue pan's or press's exampleGesture (GET /v1/presets/{id}) will do to start from."
                    )
                    : (id, "GET /v1/presets/\(id) gives an exampleGesture to start from.")
                validator.fail(
                    "/gesture",
                    "Required: \(subject) is driven by a gesture; send {\"samples\":[...]} with samples "
                        + "{\"t\",\"x\",\"y\",\"phase\"} from \"began\" to \"ended\". " + example)
                return nil
            }
            if !preset.interactive, value != nil {
                validator.fail("/gesture", "\(id) is started by a tap; it takes no gesture, so remove this field.")
                return nil
            }
        }
        guard let value, let members = validator.object(value, at: "/gesture", allowed: ["samples"]) else {
            return nil
        }
        let pointer = "/gesture/samples"
        guard let samplesValue = members["samples"] else {
            validator.fail(
                pointer, "Required: the gesture's samples, [{\"t\",\"x\",\"y\",\"phase\"}, ...], in time order.")
            return nil
        }
        guard case .array(let items) = samplesValue else {
            validator.fail(pointer, "Expected an array of samples here, not \(samplesValue.kind).")
            return nil
        }
        guard items.count <= maxSamples else {
            validator.fail(
                pointer,
                "The gesture has \(items.count) samples, more than the \(maxSamples) this server accepts "
                    + "(its --max-gesture-samples); send fewer, for example one per display frame.")
            return nil
        }
        let errorsBefore = validator.problemCount
        var samples: [GestureSample] = []
        samples.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            if let sample = parseSample(item, at: pointer + "/" + String(index), validator: &validator) {
                samples.append(sample)
            }
        }
        guard validator.problemCount == errorsBefore else { return nil }
        do {
            return try GestureTrack(
                samples: samples, maximumSampleCount: maxSamples, allowsMultipleStrokes: preset?.acceptsRegrab ?? false)
        } catch {
            for issue in error.issues {
                validator.fail(Self.pointer(for: issue), Self.sentence(issue.message))
            }
            return nil
        }
    }

    /// One sample: `t` seconds, `x` and `y` window points, `phase` as UIKit names it.
    /// The pointer is built only for a problem.
    static func parseSample(
        _ value: JSONValue, at pointer: @autoclosure () -> String, validator: inout FieldValidator
    ) -> GestureSample? {
        guard let members = validator.object(value, at: pointer(), allowed: sampleFields) else { return nil }
        for (name, what) in requiredSampleFields where members[name] == nil {
            validator.fail(pointer() + "/" + name, "Required: \(what).")
        }
        let time = validator.number(members, "t", at: pointer())
        let x = validator.number(members, "x", at: pointer())
        let y = validator.number(members, "y", at: pointer())
        var phase: GesturePhase?
        if let name = validator.string(members, "phase", at: pointer()) {
            phase = GesturePhase(rawValue: name)
            if phase == nil {
                validator.fail(pointer() + "/phase", "Unknown phase '\(name)'; use one of \(phaseNames).")
            }
        }
        guard let time, let x, let y, let phase else { return nil }
        return GestureSample(time: time, location: Point(x: x, y: y), phase: phase)
    }

    /// Each sample field with what a client should send there.
    static let requiredSampleFields = [
        ("t", "the time in seconds"), ("x", "the location's x in window points"),
        ("y", "the location's y in window points"), ("phase", "one of \(phaseNames)"),
    ]

    static let phaseNames: String = {
        GesturePhase.allCases.map(\.rawValue).joined(separator: ", ")
    }()

    /// `/gesture/samples/<index>/<field>`, shortened when the issue names no field or no sample.
    static func pointer(for issue: GestureValidationError.Issue) -> String {
        var pointer = "/gesture/samples"
        if let index = issue.index {
            pointer += "/\(index)"
            if let field = issue.field {
                pointer += "/" + FieldValidator.escape(field)
            }
        }
        return pointer
    }

    /// The engine's clause as a sentence: capitalised, ending in a full stop.
    static func sentence(_ message: String) -> String {
        let capitalised = message.prefix(1).uppercased() + message.dropFirst()
        return capitalised.hasSuffix(".") ? capitalised : capitalised + "."
    }
}
