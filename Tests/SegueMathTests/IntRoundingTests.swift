import SegueMath
import Testing

/// `Int(rounding:)`: the checked Double → Int conversion every request-derived number uses.
@Suite struct IntRoundingTests {
    @Test func roundsFiniteValuesThatFit() {
        #expect(Int(rounding: 2.5) == 3)
        #expect(Int(rounding: -2.5) == -3)
        #expect(Int(rounding: 2.4) == 2)
        #expect(Int(rounding: 2.1, .up) == 3)
        #expect(Int(rounding: -2.1, .down) == -3)
        #expect(Int(rounding: 0) == 0)
    }

    /// 2^63 is the first Double past Int.max (2^63 − 1); −2^63 is Int.min itself.
    @Test func isNilWhereIntWouldTrap() {
        #expect(Int(rounding: .infinity) == nil)
        #expect(Int(rounding: -.infinity) == nil)
        #expect(Int(rounding: .nan) == nil)
        #expect(Int(rounding: 9_223_372_036_854_775_808.0) == nil)
        #expect(Int(rounding: -9_223_372_036_854_775_808.0) == Int.min)
        #expect(Int(rounding: 1e300) == nil)
    }
}
