/// The YUI gallery's small interactions (seed 004; seed-transitions.md §13), in catalogue order.
enum YUISmallPresets {
    static let all: [any Preset] = [TwitterSwipe(), TwitterSplash(), PathTooltip()]
}
