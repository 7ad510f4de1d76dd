/// Seed 004's fixed numbers for the Facebook Paper home (YUI `HomeView`,
/// `HomeViewCell`, `HomeTransitionAnimationController`; seed-transitions.md §10).
enum YUIPaperConstants {
    /// Seed 004: the image container's radius is `max(0, dcr − 32)`, points below dcr.
    static let cardRadiusInset = 32.0
    /// Seed 004: the demo's radius at the push's start is `max(0, dcr − 12)`, points below dcr.
    static let pushDemoRadiusInset = 12.0
    /// Seed 004: the demo's radius at the pop's end is `max(0, dcr − 16)`, points below dcr.
    static let popDemoRadiusInset = 16.0
    /// Seed 004: the header labels move up by `0.4·H` during the push.
    static let labelsLiftFraction = 0.4
}
