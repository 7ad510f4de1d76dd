public import SegueEngine

/// The body of `GET /v1/presets`: every built-in preset, in catalogue order.
public struct PresetList: Sendable, Hashable, Codable {
    public var presets: [PresetSummary]

    public init(presets: [PresetSummary]) {
        self.presets = presets
    }

    public init(_ catalogue: PresetCatalogue) {
        presets = catalogue.presets.map { PresetSummary($0) }
    }
}

/// One entry of `PresetList`, as openapi.yaml's `PresetSummary`.
public struct PresetSummary: Sendable, Hashable, Codable {
    public var id: String
    public var title: String
    public var summary: String
    public var source: String
    public var interactive: Bool

    public init(_ preset: any Preset) {
        let description = preset.description
        id = description.id
        title = description.title
        summary = description.summary
        source = description.source
        interactive = preset.interactive
    }
}
