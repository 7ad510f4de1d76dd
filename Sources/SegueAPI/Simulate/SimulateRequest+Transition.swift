public import SegueEngine

extension SimulateRequest {
    /// `preset` or `transition`, exactly one: the preset to run, and the document when it is
    /// one. A document runs as its `DocumentPreset`, with no scene fields or parameters (its
    /// `window` is its scene), so `scene` and `parameters` beside it are refused.
    static func parsePresetOrTransition(
        _ members: [String: JSONValue], catalogue: PresetCatalogue, limits: RequestLimits,
        validator: inout FieldValidator
    ) -> (preset: (any Preset)?, transition: ResolvedTransition?) {
        guard let value = members["transition"] else {
            return (
                parsePreset(members["preset"], catalogue: catalogue, orTransition: true, validator: &validator), nil
            )
        }
        if members["preset"] != nil {
            validator.fail(
                "/transition",
                "Send either preset or transition, not both: a transition document takes the place of a preset. "
                    + "Remove one of them.")
        }
        for (field, why) in [
            ("scene", "its window is its scene; remove scene"),
            ("parameters", "a document states everything a preset's parameters would; remove parameters"),
        ] where members[field] != nil {
            validator.fail("/" + field, "Does not apply to a transition document: \(why).")
        }
        var reader = TransitionReader(limits: limits)
        guard let transition = reader.read(value, at: "/transition", validator: &validator),
            members["preset"] == nil, let preset = DocumentPreset(transition.document)
        else { return (nil, nil) }
        return (preset, transition)
    }
}
