import SegueMath
import SegueTestSupport
import Testing

/// `DecimalText`, the one number format of JSON, SVG and messages. Every expected string is
/// worked out by hand in the comment beside it.
@Suite struct DecimalTextTests {
    static let millionths = DecimalText(decimals: 6)

    /// value × 10⁶ rounded half away from zero, written without trailing zeros.
    @Test(arguments: [
        (0.0, "0"), (1.0, "1"), (-2.5, "-2.5"), (0.1, "0.1"), (200.0, "200"), (12.0400, "12.04"),
        (1.23456789, "1.234568"),  // 1234567.89 → 1234568
        (0.000001, "0.000001"), (-0.00001, "-0.00001"),
        (123456.0000001, "123456"),  // 123456000000.1 → 123456000000: the fraction is all zeros
        (30.5732966, "30.573297"),  // 30573296.6 → 30573297
        (9.9999996, "10"), (-9.9999996, "-10"),  // 9999999.6 → 10000000: the carry reaches the whole digits
        (0.1 + 0.2, "0.3"),  // 0.30000000000000004 → 300000.00000000006 → 300000
        (999_999_999.999_999_6, "1000000000"),
    ])
    func roundsToSixDecimalsAndWritesShortest(value: Double, expected: String) {
        #expect(Self.millionths.string(value) == expected)
    }

    /// Halves round away from zero, not to even: 2.5 → 3 (to even would give 2), 0.125 → 0.13
    /// (to even: 0.12). Each of these is exact in binary, so its product by 10^decimals is too.
    @Test(
        arguments: [
            (0, 0.5, "1"), (0, -0.5, "-1"), (0, 1.5, "2"), (0, 2.5, "3"), (0, -2.5, "-3"),
            (1, 0.25, "0.3"), (1, -0.25, "-0.3"), (2, 0.125, "0.13"), (2, -0.125, "-0.13"), (3, 0.0625, "0.063"),
        ] as [(Int, Double, String)])
    func halvesRoundAwayFromZero(decimals: Int, value: Double, expected: String) {
        #expect(DecimalText(decimals: decimals).string(value) == expected)
    }

    /// The rounding is of the Double product: 1.005 is stored as 1.00499999999999989…, and
    /// × 100 gives 100.49999999999999 (the double below 100.5), so two decimals give 1, not 1.01.
    @Test func roundingIsOfTheStoredValue() {
        #expect(DecimalText(decimals: 2).string(1.005) == "1")
        #expect(DecimalText(decimals: 2, keepsTrailingZeros: true).string(1.005) == "1.00")
    }

    /// Anything that rounds to zero is written "0", never "-0".
    @Test(arguments: [-0.0, -1e-7, -4e-7, 1e-7, -Double.leastNonzeroMagnitude])
    func negativeZeroIsWrittenZero(value: Double) {
        #expect(Self.millionths.string(value) == "0")
        #expect(DecimalText(decimals: 2, keepsTrailingZeros: true).string(value) == "0.00")
        #expect(DecimalText(decimals: 0).string(-0.4) == "0")
    }

    @Test func trailingZerosAreDroppedOrKeptAsAsked() {
        let hundredths = DecimalText(decimals: 2, keepsTrailingZeros: true)
        #expect(hundredths.string(1) == "1.00")
        #expect(hundredths.string(1.5) == "1.50")
        #expect(hundredths.string(-0.333) == "-0.33")
        #expect(hundredths.string(0.999) == "1.00")  // 99.9 → 100
        #expect(DecimalText(decimals: 0, keepsTrailingZeros: true).string(7.25) == "7")  // no point without decimals
        #expect(DecimalText(decimals: 3).string(100.25) == "100.25")
        #expect(DecimalText(decimals: 3).string(240) == "240")
    }

    /// From `plainLimit`, or from 2⁵³ units (past which a count of units is no longer exact in
    /// a Double), Swift's shortest form without ".0".
    @Test func hugeMagnitudesFallBackToTheShortestDescription() {
        #expect(Self.millionths.string(1e12) == "1000000000000")  // 10^18 millionths ≥ 2^53
        #expect(Self.millionths.string(1e16) == "1e+16")  // Swift writes exponents from 2^53 up
        #expect(Self.millionths.string(-1e300) == "-1e+300")
        #expect(
            DecimalText(decimals: 0).string(-.greatestFiniteMagnitude) == "-1.7976931348623157e+308")
        // 1234567890.1234567 lies within 1.2e-7 of itself (doubles there are 2^-22 apart):
        // plain, its seventh decimal rounds the sixth up; past a limit of 1e9, all its digits.
        #expect(Self.millionths.string(1_234_567_890.123_456_7) == "1234567890.123457")
        #expect(DecimalText(decimals: 6, plainLimit: 1e9).string(1_234_567_890.123_456_7) == "1234567890.1234567")
        #expect(DecimalText(decimals: 6, plainLimit: 1e9).string(2e10) == "20000000000")
        #expect(DecimalText(decimals: 3, plainLimit: 1e12).string(999_999_999_999.5) == "999999999999.5")
    }

    @Test func nonFiniteValuesAreWrittenAsSwiftWritesThem() {
        #expect(Self.millionths.string(.nan) == "nan")
        #expect(Self.millionths.string(.infinity) == "inf")
        #expect(Self.millionths.string(-.infinity) == "-inf")
        #expect(DecimalText.shortest(.infinity) == "inf")
        #expect(DecimalText.shortest(2.0) == "2")
        #expect(DecimalText.shortest(0.5) == "0.5")
    }

    @Test func decimalsAreClampedToTheSupportedRange() {
        #expect(DecimalText(decimals: 20).decimals == DecimalText.maximumDecimals)
        #expect(DecimalText(decimals: -3).decimals == 0)
        #expect(DecimalText(decimals: 20).string(0.123_456_789_4) == "0.123456789")
        #expect(DecimalText(decimals: -3).string(2.5) == "3")
    }

    /// Over many values: the text reads back within half a unit of the value (plus the one
    /// rounding of value × 10⁶), has no exponent, no trailing zero and no "-0"; and the byte
    /// form appends exactly the string form's bytes after what is already there.
    @Test func textReadsBackWithinHalfAUnit() throws {
        var generator = SeededGenerator(seed: 6)
        for _ in 0..<20_000 {
            let scale = [1e-8, 1e-5, 1e-2, 1, 1e3, 1e6][Int(generator.next() % 6)]
            let value = Double.random(in: -1...1, using: &generator) * scale
            let text = Self.millionths.string(value)
            let readBack = try #require(Double(text), "\(text)")
            #expect(abs(readBack - value) <= 5e-7 + 1e-9, "\(value) → \(text)")
            #expect(!text.contains("e") && text != "-0", "\(value) → \(text)")
            #expect(!(text.contains(".") && text.hasSuffix("0")), "\(value) → \(text)")
            var bytes: [UInt8] = [0x5B]
            Self.millionths.append(value, to: &bytes)
            #expect(bytes == [0x5B] + Array(text.utf8), "\(value)")
        }
    }
}
