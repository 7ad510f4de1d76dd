/// `isClose(actual, expected, absolute:, relative:)` for the timing and spring tests:
/// the same rule as `Tolerance`, spelled inline where each test names its bounds.
func isClose(_ actual: Double, _ expected: Double, absolute: Double = 1e-12, relative: Double = 0) -> Bool {
    Tolerance(absolute: absolute, relative: relative).accepts(actual, expected)
}

/// A small deterministic generator (SplitMix64) for property tests: the same seed
/// gives the same cases on every machine.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
