/// `isClose(actual, expected, absolute:, relative:)` for the timing and spring tests:
/// the same rule as `Tolerance`, spelled inline where each test names its bounds.
func isClose(_ actual: Double, _ expected: Double, absolute: Double = 1e-12, relative: Double = 0) -> Bool {
    Tolerance(absolute: absolute, relative: relative).accepts(actual, expected)
}
