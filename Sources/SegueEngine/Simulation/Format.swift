import SegueMath

/// Numbers in messages and explanations, as a person writes them: each kind of number
/// with its `DecimalText`, Segue's one number format (no Foundation formatting in the engine).
///
/// Every number here can come from a request (a window of 1e12 points, a spring that never
/// settles), so none is converted to an Int unchecked: a magnitude from `plainLimit` up, or
/// one that is not finite, is written as Swift writes a Double (`1e+16`) or as `∞` / `NaN`.
/// `amount` is public: the API writes its own sentences (errors, a decision map's summary and
/// labels) with it, so that they read like the engine's.
public enum Format {
    /// Below this magnitude a number is written in plain digits: its thousandths are then
    /// exact in a Double (below 2^53 ≈ 9e15).
    static let plainLimit = 1e12

    /// Speeds: to the nearest point per second.
    static let speedText = DecimalText(decimals: 0, plainLimit: plainLimit)
    /// Ratios: to two decimals, both always written (`1.00`).
    static let ratioText = DecimalText(decimals: 2, keepsTrailingZeros: true, plainLimit: plainLimit)
    /// Seconds and rates: to at most three decimals, trailing zeros dropped.
    static let amountText = DecimalText(decimals: 3, plainLimit: plainLimit)

    /// A speed to the nearest point per second.
    static func speed(_ value: Double) -> String {
        value.isFinite ? speedText.string(value) : unplain(value)
    }

    /// A ratio to two decimals.
    static func ratio(_ value: Double) -> String {
        value.isFinite ? ratioText.string(value) : unplain(value)
    }

    /// Seconds or a rate to at most three decimals, trailing zeros dropped: 0.25, 240, 100.25.
    public static func amount(_ value: Double) -> String {
        value.isFinite ? amountText.string(value) : unplain(value)
    }

    /// A number too large for plain digits, or not a number at all: `∞`, `-∞`, `NaN`, or
    /// Swift's shortest round-tripping form without a trailing `.0` (`1000000000000`, `1e+16`,
    /// `-2.5e+20`).
    static func unplain(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-∞" : "∞" }
        return DecimalText.shortest(value)
    }
}
