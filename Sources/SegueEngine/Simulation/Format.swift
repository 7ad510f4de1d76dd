/// Numbers in messages and explanations, as a person writes them (no Foundation
/// formatting in the engine).
enum Format {
    /// A speed to the nearest point per second.
    static func speed(_ value: Double) -> String {
        String(Int(value.rounded()))
    }

    /// A ratio to two decimals.
    static func ratio(_ value: Double) -> String {
        let hundredths = Int((abs(value) * 100).rounded())
        let sign = value < 0 && hundredths != 0 ? "-" : ""
        let fraction = hundredths % 100
        return "\(sign)\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Seconds or a rate to at most three decimals, trailing zeros dropped: 0.25, 240, 100.25.
    static func amount(_ value: Double) -> String {
        let thousandths = Int((abs(value) * 1000).rounded())
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
}
