/// Parameters the App Store presets share, with their seed sources.
enum AppStoreParameters {
    static let highlightedScale = Keys.highlightedScale.spec

    static let highlightDuration = Keys.highlightDuration.spec

    static let highlightDampingRatio = Keys.highlightDampingRatio.spec

    static let cornerRadius = Keys.cornerRadius.spec

    static let shrinkScale = Keys.shrinkScale.spec

    static let dismissDuration = Keys.dismissDuration.spec

    static let dismissDampingRatio = Keys.dismissDampingRatio.spec
}
