/// The problem for a preset identifier the catalogue does not hold.
extension Problem {
    /// `GET /v1/presets/{id}` named no preset of this server's catalogue.
    public static func unknownPreset(id: String, validIDs: [String]) -> Problem {
        Problem(
            type: typeURI("unknown-preset"),
            title: "Unknown preset",
            status: .notFound,
            detail: "No preset has the id '\(id)'. \(presetChoices(validIDs)) GET /v1/presets lists them."
        )
    }

    /// A sentence naming the identifiers a client may send, for 404 and 422 details.
    static func presetChoices(_ ids: [String]) -> String {
        ids.isEmpty ? "This server has no presets." : "Presets: \(ids.joined(separator: ", "))."
    }
}
