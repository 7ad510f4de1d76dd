import SegueMath

/// The App Store card's constants, each from seed 003 (the slides) or the code they
/// show (S5 `GlobalConstants.swift` and friends; seed-transitions.md §9).
enum AppStoreConstants {
    /// seed 003: `self.transform = .init(scaleX: 0.96, y: 0.96)` (S5 `cardHighlightedFactor`).
    static let highlightedScale = 0.96
    /// seed 003: the highlight's `UIView.animate(withDuration: 0.5, …)`, seconds.
    static let highlightDuration = 0.5
    /// seed 003: the highlight's `usingSpringWithDamping: 1`.
    static let highlightDampingRatio = 1.0
    /// S5 `cardCornerRadius = 16`, points; seed 003: `self.view.layer.cornerRadius = 16`.
    static let cornerRadius = 16.0
    /// S5 `PresentCardAnimator`: the linear expansion runs 0.6 of the spring's duration
    /// (seed 003: `UIView.animate(withDuration: 0.6 * 0.8)`).
    static let expandFraction = 0.6
    /// S5 `PresentCardAnimator`: T = 0.5 + 0.4·d/H, seconds.
    static let presentBaseDuration = 0.5
    static let presentDurationRange = 0.4
    /// S5 `PresentCardAnimator`: ζ = 1 − 0.3·d/extent.
    static let presentDampingRange = 0.3
    /// S5 `CardPresentationController`: the blur's separate 0.5 s animation, seconds.
    static let blurDuration = 0.5
    /// S5 `CardDetailViewController.targetShrinkScale = 0.86`.
    static let shrinkScale = 0.86
    /// seed 003: `self.view.transform = .init(scaleX: 0.8, y: 0.8)` (the slides and README).
    static let slidesShrinkScale = 0.8
    /// seed 003: `… / 100`: 100 pt of travel is full progress, points.
    static let progressDistance = 100.0
    /// S5 `dismissalAnimationDuration = 0.6`, seconds.
    static let dismissDuration = 0.6
    /// S5 `DismissCardAnimator`: `usingSpringWithDamping: 0.7`.
    static let dismissDampingRatio = 0.7
    /// S5 `CardCollectionViewCell`: black, opacity 0.2, radius 12, offset (0, 4).
    static let shadow = ShadowState(opacity: 0.2, radius: 12, offset: Point(x: 0, y: 4))
}
