/// How SegueMath writes a number into SVG path data: deterministic and compact, so the same
/// geometry gives the same bytes on every machine.
enum SVGNumber {
    /// `value` rounded half away from zero to 6 decimals (a millionth of a point), then written
    /// in the fewest characters: no exponent, no trailing zeros, no trailing ".", and "0" for
    /// anything that rounds to zero, including −0.
    ///
    /// Magnitudes of 2⁵³ millionths (about 9·10⁹ points) and above cannot be counted in
    /// millionths exactly in a `Double`; they are written as Swift's shortest round-tripping
    /// description without a trailing ".0" (for example "12000000000" or "1e+16"). Non-finite
    /// values are written "nan", "inf" or "-inf", which SVG rejects; SegueMath's own paths never
    /// contain them.
    static func string(for value: Double) -> String {
        let millionths = (value * 1_000_000).rounded(.toNearestOrAwayFromZero)
        guard let count = Int64(exactly: millionths), count.magnitude < (1 << 53) else {
            let description = "\(value)"
            return description.hasSuffix(".0") ? String(description.dropLast(2)) : description
        }
        if count == 0 { return "0" }
        let sign = count < 0 ? "-" : ""
        let whole = count.magnitude / 1_000_000
        let fraction = count.magnitude % 1_000_000
        if fraction == 0 { return "\(sign)\(whole)" }
        let digits = String(fraction)
        var decimals = String(repeating: "0", count: 6 - digits.count) + digits
        while decimals.hasSuffix("0") { decimals.removeLast() }
        return "\(sign)\(whole).\(decimals)"
    }
}
