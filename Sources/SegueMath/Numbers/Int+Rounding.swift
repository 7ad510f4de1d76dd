extension Int {
    /// `value` rounded by `rule`, or nil when the result is not finite or lies outside
    /// `Int.min...Int.max`.
    ///
    /// Swift's `Int(_: Double)` traps in both cases, and any Double derived from a request can
    /// be infinite (a spring that never settles), NaN or huge (a window of 1e12 points times a
    /// frame rate), so every Double → Int conversion reachable from input goes through this
    /// one, and its caller says what a nil means.
    public init?(rounding value: Double, _ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) {
        self.init(exactly: value.rounded(rule))
    }
}
