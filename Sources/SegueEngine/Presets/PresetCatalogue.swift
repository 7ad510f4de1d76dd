/// The transitions Segue knows, in the order it lists them.
///
/// A value, not a registry: the executable builds the catalogue once and hands it
/// down, so tests can serve any catalogue they like and nothing is global.
public struct PresetCatalogue: Sendable {
    /// The presets, in listing order. Identifiers are unique.
    public let presets: [any Preset]

    /// Creates a catalogue; a later preset with an identifier already present is dropped,
    /// so lookups by identifier are never ambiguous.
    public init(presets: [any Preset]) {
        var seen = Set<String>()
        self.presets = presets.filter { seen.insert($0.description.id).inserted }
    }

    /// The presets Segue ships.
    public static let builtIn = PresetCatalogue(
        presets: InstagramPresets.all + MiquidoPresets.all + TouchwondersPresets.all + AppStorePresets.all
            + YUIPaperPresets.all + YUICardPresets.all + YUISmallPresets.all + DocumentPresets.all)

    /// The preset with this identifier, if the catalogue holds one.
    public func preset(id: String) -> (any Preset)? {
        presets.first { $0.description.id == id }
    }

    /// Every identifier, in listing order.
    public var ids: [String] { presets.map(\.description.id) }
}
