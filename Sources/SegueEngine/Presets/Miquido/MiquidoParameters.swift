import SegueMath

/// Parameters the Dive Deeper presets share, with their seed sources.
enum MiquidoParameters {
    /// Parameters of the tap-started present and dismiss.
    static let animated = [ParameterSpec](
        Keys.duration, Keys.dampingRatio, Keys.initialVelocity, Keys.fadeColor, Keys.fadeOpacity, Keys.detailReveal)
}
