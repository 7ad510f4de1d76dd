import Testing

@testable import SegueEngine

/// Numbers in messages: plain digits as a person writes them, and never a trap for a number a
/// request can produce (issue 12: an infinite settle time, and anything above about 9.2e15,
/// went through `Int(_: Double)`, which traps).
@Suite struct FormatTests {
    @Test func amountsKeepAtMostThreeDecimalsWithoutTrailingZeros() {
        #expect(Format.amount(0.25) == "0.25")
        #expect(Format.amount(240) == "240")
        #expect(Format.amount(100.25) == "100.25")
        #expect(Format.amount(0.0005) == "0.001")  // half a thousandth rounds away from zero
        #expect(Format.amount(0.0004) == "0")
        #expect(Format.amount(-2.5) == "-2.5")
        #expect(Format.amount(-0.0001) == "0")
        #expect(Format.amount(1.05) == "1.05")
    }

    @Test func speedsAndRatiosRound() {
        #expect(Format.speed(585.4) == "585")
        #expect(Format.speed(-585.5) == "-586")
        #expect(Format.ratio(0.333) == "0.33")
        #expect(Format.ratio(-0.005) == "-0.01")
        #expect(Format.ratio(1) == "1.00")
    }

    /// Infinite and NaN are written as symbols; from 1e12 up Swift's own shortest form, whose
    /// digits a reader checks against the request's: 1e16 is "1e+16" (Swift writes exponents
    /// from 2^53 ≈ 9.007e15 up).
    @Test func numbersThatDoNotFitPlainDigitsAreWrittenWithoutTrapping() {
        for format in [Format.amount, Format.speed, Format.ratio] {
            #expect(format(.infinity) == "∞")
            #expect(format(-.infinity) == "-∞")
            #expect(format(.nan) == "NaN")
            #expect(format(1e16) == "1e+16")
            #expect(format(-2.5e20) == "-2.5e+20")
            #expect(format(9.3e15) == "9.3e+15")
            #expect(format(Double.greatestFiniteMagnitude) == "1.7976931348623157e+308")
        }
    }

    /// Just under the limit plain digits still hold exactly: 999 999 999 999.5 s to the thousandth.
    @Test func theLargestPlainAmountKeepsItsDecimals() {
        #expect(Format.amount(999_999_999_999.5) == "999999999999.5")
        #expect(Format.amount(1e12) == "1000000000000")
    }
}
