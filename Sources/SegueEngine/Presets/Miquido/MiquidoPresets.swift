/// The Miquido family (seed 001), in catalogue order: the interactive one first.
enum MiquidoPresets {
    static let all: [any Preset] = [
        MiquidoDiveDeeper.preset, MiquidoDiveDeeperPresent.preset, MiquidoDiveDeeperDismiss.preset,
    ]
}
