/// How Segue writes a number as text: rounded once, half away from zero, to a fixed number
/// of decimals, then in plain digits. The one number format of the JSON and SVG writers and
/// of messages, so the same value gives the same characters everywhere and on every machine.
///
/// A value is written plainly while its magnitude is below `plainLimit` and its count of
/// units (10⁻`decimals` each) is below 2⁵³, where that count is exact in a `Double`: an
/// optional "-", the whole digits, then "." and the decimals without trailing zeros (all
/// `decimals` of them for `keepsTrailingZeros`), never an exponent. Anything that rounds to
/// zero, −0 included, is "0" (or "0.00" with its zeros kept): no negative zero.
///
/// Any other finite value is written `shortest(_:)`, as Swift writes a Double without a
/// trailing ".0" ("12000000000", "1e+16", "-2.5e+20"), and a value that is not finite as
/// Swift writes it ("nan", "inf", "-inf"); writers that cannot take those check first. No
/// value is ever converted to an integer type unless it is finite and exact there.
public struct DecimalText: Sendable, Hashable {
    /// The most decimals a `DecimalText` writes; more are clamped to this.
    public static let maximumDecimals = 9

    /// The number of decimals values are rounded to, 0 through `maximumDecimals`.
    public let decimals: Int
    /// Whether the decimals are written all, trailing zeros included ("1.50"), rather
    /// than without trailing zeros ("1.5").
    public let keepsTrailingZeros: Bool
    /// The magnitude from which a value is written `shortest(_:)` rather than plainly.
    public let plainLimit: Double

    /// 10^decimals, exact in a Double.
    private let unitsPerOne: Double
    /// 10^decimals as a count of units.
    private let unitsPerOneCount: UInt64

    /// Rounding to `decimals` decimals (clamped into 0…`maximumDecimals`).
    public init(decimals: Int, keepsTrailingZeros: Bool = false, plainLimit: Double = .infinity) {
        self.decimals = min(max(decimals, 0), Self.maximumDecimals)
        self.keepsTrailingZeros = keepsTrailingZeros
        self.plainLimit = plainLimit
        var unitsPerOne = 1.0
        for _ in 0..<self.decimals { unitsPerOne *= 10 }
        self.unitsPerOne = unitsPerOne
        self.unitsPerOneCount = UInt64(unitsPerOne)
    }

    /// The most bytes `write(_:to:)` writes: a value written plainly takes at most 18 (a sign,
    /// the 16 digits of a count below 2⁵³ and a point), Swift's shortest form of a Double at
    /// most 24 ("-2.2250738585072014e-308").
    public static let maximumBytes = 32

    /// Appends `value`'s text to `bytes` as UTF-8.
    public func append(_ value: Double, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maximumBytes) { room in
            guard let start = room.baseAddress else { return }
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: write(value, to: start)))
        }
    }

    /// Writes `value`'s text as UTF-8 at `destination`, which has room for `maximumBytes`,
    /// and answers how many bytes it wrote. The JSON writer's hot path: no allocation for a
    /// value written plainly, and the digits go straight to their places, two at a time.
    public func write(_ value: Double, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        let product = value * unitsPerOne
        guard value.magnitude < plainLimit, product.magnitude < Self.exactLimit else {
            return Self.writeShortest(value, to: destination)
        }
        // Rounded half away from zero, as `rounded(.toNearestOrAwayFromZero)` does, without
        // its call into libm: below 2⁵³ the truncation and the part it cut off are exact.
        var units = UInt64(product.magnitude)
        if product.magnitude - Double(units) >= 0.5 {
            units += 1
        }
        var written = 0
        if product < 0, units > 0 {  // a negative count, not a −0 one
            destination[0] = UInt8(ascii: "-")
            written = 1
        }
        // The count of units splits exactly into whole units and the decimals' digits.
        let whole = units / unitsPerOneCount
        let fraction = units % unitsPerOneCount
        written += Self.writeDigits(of: whole, count: Self.digitCount(of: whole), to: destination + written)
        guard decimals > 0, fraction > 0 || keepsTrailingZeros else { return written }
        destination[written] = UInt8(ascii: ".")
        written += 1 + Self.writeDigits(of: fraction, count: decimals, to: destination + written + 1)
        if !keepsTrailingZeros {  // the fraction is not zero, so a digit other than 0 stops this
            while destination[written - 1] == UInt8(ascii: "0") {
                written -= 1
            }
        }
        return written
    }

    /// Writes `shortest(value)`: rare, and kept out of line so that the plain path stays lean.
    @inline(never)
    private static func writeShortest(_ value: Double, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        var written = 0
        for byte in shortest(value).utf8.prefix(maximumBytes) {
            destination[written] = byte
            written += 1
        }
        return written
    }

    /// How many decimal digits `number` has (1 for 0).
    private static func digitCount(of number: UInt64) -> Int {
        var count = 1
        var rest = number
        while rest >= 100 {
            rest /= 100
            count += 2
        }
        return rest >= 10 ? count + 1 : count
    }

    /// Writes the last `count` decimal digits of `number` (zeros in front when it has fewer),
    /// two at a time from the right, and answers `count`.
    private static func writeDigits(of number: UInt64, count: Int, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        let pairs = digitPairs.utf8Start
        var rest = number
        var position = count
        while position >= 2 {
            let pair = Int(rest % 100) * 2
            rest /= 100
            destination[position - 2] = pairs[pair]
            destination[position - 1] = pairs[pair + 1]
            position -= 2
        }
        if position == 1 {
            destination[0] = UInt8(ascii: "0") + UInt8(rest % 10)
        }
        return count
    }

    /// "00", "01", … "99": the two digits of every number below 100.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// `value`'s text.
    public func string(_ value: Double) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `value` as Swift writes a Double, without a trailing ".0": the shortest text that
    /// reads back as the same Double ("1000000000000", "1e+16", "0.1", "nan", "-inf").
    public static func shortest(_ value: Double) -> String {
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// 2⁵³: every whole number below it is exact in a Double.
    private static let exactLimit = 9_007_199_254_740_992.0
}
