/// The YUI gallery's card presets (seed 004), in catalogue order.
enum YUICardPresets {
    static let all: [any Preset] = [
        YUIUntitledPush.preset, YUIUntitledPop.preset, YUIUntitledInteractivePop.preset, YUIModalCard(),
    ]
}
