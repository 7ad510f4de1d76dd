/// The Instagram family, in catalogue order.
enum InstagramPresets {
    static let all: [any Preset] = [
        InstagramPush.preset, InstagramPop.preset, InstagramPercentDrivenPop.preset, InstagramInteractivePop.preset,
    ]
}
