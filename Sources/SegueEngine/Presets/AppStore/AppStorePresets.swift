/// The App Store "Today" card family, in catalogue order: its five phases
/// (seed 003; seed-transitions.md §9). Phases 2 (before present) and 3 (present)
/// are one preset, because phase 2 only freezes the pressed card the present starts from.
enum AppStorePresets {
    static let all: [any Preset] = [
        AppStoreHighlight.preset, AppStorePresent.preset, AppStoreInteractiveDismiss(), AppStoreDismiss.preset,
    ]
}
