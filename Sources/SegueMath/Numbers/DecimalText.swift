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

    /// Rounding to `decimals` decimals (clamped into 0…`maximumDecimals`).
    public init(decimals: Int, keepsTrailingZeros: Bool = false, plainLimit: Double = .infinity) {
        self.decimals = min(max(decimals, 0), Self.maximumDecimals)
        self.keepsTrailingZeros = keepsTrailingZeros
        self.plainLimit = plainLimit
        var unitsPerOne = 1.0
        for _ in 0..<self.decimals { unitsPerOne *= 10 }
        self.unitsPerOne = unitsPerOne
    }

    /// Appends `value`'s text to `bytes` as UTF-8; a value written plainly allocates nothing.
    public func append(_ value: Double, to bytes: inout [UInt8]) {
        let scaled = (value * unitsPerOne).rounded(.toNearestOrAwayFromZero)
        guard value.magnitude < plainLimit, scaled.magnitude < Self.exactLimit else {
            bytes.append(contentsOf: Self.shortest(value).utf8)
            return
        }
        if scaled < 0 {  // a negative count, not a −0 one
            bytes.append(UInt8(ascii: "-"))
        }
        // The count of units written last digit first, then turned around in place: the
        // decimals (trailing zeros dropped unless kept), the point, the whole digits. Only
        // divisions by 10, which compile to multiplications.
        var units = UInt64(scaled.magnitude)  // finite, whole and below 2^53: exact
        var places = decimals
        if !keepsTrailingZeros {
            while places > 0, units % 10 == 0 {
                units /= 10
                places -= 1
            }
        }
        let start = bytes.count
        if places > 0 {
            for _ in 0..<places {
                bytes.append(UInt8(ascii: "0") + UInt8(units % 10))
                units /= 10
            }
            bytes.append(UInt8(ascii: "."))
        }
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(units % 10))
            units /= 10
        } while units > 0
        var low = start
        var high = bytes.count - 1
        while low < high {
            bytes.swapAt(low, high)
            low += 1
            high -= 1
        }
    }

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
