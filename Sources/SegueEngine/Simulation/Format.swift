import SegueMath

/// Numbers in messages and explanations, as a person writes them (no Foundation
/// formatting in the engine).
///
/// Every number here can come from a request (a window of 1e12 points, a spring that never
/// settles), so none is converted to an Int unchecked: a magnitude from `plainLimit` up, or
/// one that is not finite, is written as Swift writes a Double (`1e+16`) or as `∞` / `NaN`.
enum Format {
    /// Below this magnitude a number is written in plain digits: its thousandths then fit an
    /// Int with room to spare (Int.max ≈ 9.2e18) and are exact in a Double (below 2^53 ≈ 9e15).
    static let plainLimit = 1e12

    /// A speed to the nearest point per second.
    static func speed(_ value: Double) -> String {
        guard abs(value) < plainLimit, let whole = Int(rounding: value) else { return unplain(value) }
        return String(whole)
    }

    /// A ratio to two decimals.
    static func ratio(_ value: Double) -> String {
        guard abs(value) < plainLimit, let hundredths = Int(rounding: abs(value) * 100) else {
            return unplain(value)
        }
        let sign = value < 0 && hundredths != 0 ? "-" : ""
        let fraction = hundredths % 100
        return "\(sign)\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Seconds or a rate to at most three decimals, trailing zeros dropped: 0.25, 240, 100.25.
    static func amount(_ value: Double) -> String {
        guard abs(value) < plainLimit, let thousandths = Int(rounding: abs(value) * 1000) else {
            return unplain(value)
        }
        var text = String(thousandths / 1000)
        var fraction = thousandths % 1000
        if fraction > 0 {
            var digits = 3
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            let padded = String(fraction)
            text += "." + String(repeating: "0", count: digits - padded.count) + padded
        }
        return (value < 0 && thousandths != 0 ? "-" : "") + text
    }

    /// A number too large for plain digits, or not a number at all: `∞`, `-∞`, `NaN`, or
    /// Swift's shortest round-tripping form without a trailing `.0` (`1000000000000`, `1e+16`,
    /// `-2.5e+20`).
    static func unplain(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-∞" : "∞" }
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
