/// The YUI Facebook Paper family (seed 004; seed-transitions.md §10), in catalogue order.
enum YUIPaperPresets {
    static let all: [any Preset] = [
        YUIPaperPush.preset, YUIPaperPop.preset, YUIPaperInteractivePop.preset, YUIPaperSettings.preset,
    ]
}
