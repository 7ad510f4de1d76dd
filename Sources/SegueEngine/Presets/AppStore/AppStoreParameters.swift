/// Parameters the App Store presets share, with their seed sources.
enum AppStoreParameters {
    static let highlightedScale = ParameterSpec(
        name: "highlightedScale", kind: .number(0.05...1, unit: ""),
        defaultValue: .number(AppStoreConstants.highlightedScale),
        summary: "The pressed card's scale.",
        source: "seed 003: self.transform = .init(scaleX: 0.96, y: 0.96)")

    static let highlightDuration = ParameterSpec(
        name: "highlightDuration", kind: .number(0.01...10, unit: "s"),
        defaultValue: .number(AppStoreConstants.highlightDuration),
        summary: "The press and release springs' duration.",
        source: "seed 003: UIView.animate(withDuration: 0.5, …)")

    static let highlightDampingRatio = ParameterSpec(
        name: "highlightDampingRatio", kind: .number(0.05...1, unit: ""),
        defaultValue: .number(AppStoreConstants.highlightDampingRatio),
        summary: "The press and release springs' damping ratio.",
        source: "seed 003: usingSpringWithDamping: 1")

    static let cornerRadius = ParameterSpec(
        name: "cornerRadius", kind: .number(0...200, unit: "pt"), defaultValue: .number(AppStoreConstants.cornerRadius),
        summary: "The card's corner radius.",
        source: "seed 003: self.view.layer.cornerRadius = 16 (S5 GlobalConstants.cardCornerRadius)")

    static let shrinkScale = ParameterSpec(
        name: "shrinkScale", kind: .number(0.05...1, unit: ""), defaultValue: .number(AppStoreConstants.shrinkScale),
        summary: "The scale the interactive dismiss shrinks the detail to: the shipped code's 0.86, or the "
            + "slides' 0.8.",
        source: "S5 CardDetailViewController.targetShrinkScale = 0.86 (seed 003's slides show 0.8; §14.16)")

    static let dismissDuration = ParameterSpec(
        name: "dismissDuration", kind: .number(0.01...10, unit: "s"),
        defaultValue: .number(AppStoreConstants.dismissDuration),
        summary: "The dismiss spring's duration.",
        source: "S5 GlobalConstants.dismissalAnimationDuration = 0.6 (seed-transitions.md §9.6)")

    static let dismissDampingRatio = ParameterSpec(
        name: "dismissDampingRatio", kind: .number(0.05...1, unit: ""),
        defaultValue: .number(AppStoreConstants.dismissDampingRatio),
        summary: "The dismiss spring's damping ratio.",
        source: "S5 DismissCardAnimator: usingSpringWithDamping: 0.7 (seed-transitions.md §9.6)")
}
