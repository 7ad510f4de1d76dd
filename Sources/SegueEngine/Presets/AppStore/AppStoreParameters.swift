/// Parameters the App Store presets share, with their seed sources.
enum AppStoreParameters {
}
