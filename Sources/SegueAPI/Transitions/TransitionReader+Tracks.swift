import SegueEngine

extension TransitionReader {
    static let trackFields = ["layers", "properties", "curve", "delay"]

    /// A tap's `tracks`: at most `maxReleaseGuards` (the interaction's lists share that cap), each
    /// `{layers, properties, curve, delay}`. Names that name nothing and a property two tracks
    /// animate are the document's problems (`TransitionDocument.trackProblems`).
    mutating func readTracks(_ value: JSONValue, at base: String, validator: inout FieldValidator) -> [TapTrack]? {
        guard
            let items = array(
                value, at: base, minimum: 0, limit: limits.maxReleaseGuards, noun: "tracks",
                flag: "--max-release-guards", &validator)
        else { return nil }
        var tracks: [TapTrack] = []
        for (index, item) in items.enumerated() {
            let pointer = base + "/\(index)"
            guard let members = validator.object(item, at: pointer, allowed: Self.trackFields) else { continue }
            var layers: [String]?
            if let list = members["layers"],
                let ids = array(
                    list, at: pointer + "/layers", minimum: 1, limit: limits.maxTransitionLayers, noun: "layer ids",
                    flag: "--max-transition-layers", &validator)
            {
                let names = ids.indices.compactMap {
                    name(
                        ["\($0)": ids[$0]], "\($0)", at: pointer + "/layers", what: "a layer's id", required: true,
                        &validator)
                }
                layers = names.count == ids.count ? names : nil
            }
            let properties = required(
                members, "properties", at: pointer, "the properties on this curve, e.g. [\"opacity\", \"frame.y\"]",
                &validator
            )
            .flatMap { readTrackProperties($0, at: pointer + "/properties", &validator) }
            let curve = required(
                members, "curve", at: pointer, "the track's curve, as POST /v1/curves takes it", &validator
            )
            .flatMap { readCurve($0, at: pointer + "/curve", validator: &validator) }
            let delay = validator.number(members, "delay", at: pointer, in: TransitionRanges.delay)
            guard let properties, let curve, members["layers"] == nil || layers != nil else { continue }
            tracks.append(TapTrack(layers: layers, properties: properties, curve: curve, delay: delay ?? 0))
        }
        return tracks
    }

    /// `["frame.y", "opacity", …]`: one or more of `TrackProperty`'s names.
    func readTrackProperties(_ value: JSONValue, at base: String, _ validator: inout FieldValidator)
        -> [TrackProperty]?
    {
        let names = TrackProperty.allCases.map(\.rawValue)
        guard case .array(let items) = value, (1...names.count).contains(items.count) else {
            validator.fail(
                base, "Expected an array of 1 to \(names.count) property names: \(names.joined(separator: ", ")).")
            return nil
        }
        var properties: [TrackProperty] = []
        for (index, item) in items.enumerated() {
            guard case .string(let name) = item, let property = TrackProperty(rawValue: name) else {
                let given = if case .string(let name) = item { "'\(name.prefix(80))'" } else { item.kind }
                validator.fail(
                    base + "/\(index)", "Unknown property \(given); use one of \(names.joined(separator: ", ")).")
                continue
            }
            properties.append(property)
        }
        return properties.count == items.count ? properties : nil
    }
}
