import SegueMath

/// Parameters the Facebook Paper presets share, with their seed sources.
enum YUIPaperParameters {
    static let all = [ParameterSpec](
        Keys.scaleFactor, Keys.duration, Keys.dampingRatio, Keys.initialVelocity, Keys.itemSpacing, Keys.titleHeight,
        Keys.backdropOpacity, Keys.legacyPageOffset)
}
