import SegueMath

/// The Path tooltip's clock: each post's time, the label the tooltip shows for it
/// ("h:mm a\nMM/dd/yy", seed-transitions.md §13.3) and its hands' angles. Times are
/// minutes since 1970-01-01 00:00 on the device's clock (no time zone arithmetic).
enum PathTooltipClock {
    /// The default newest post, 2012-01-16 9:30 PM [inferred: the seed reads real post
    /// dates; this is a date from Path's era]: 15 355 days and 21 h 30 min after 1970.
    static let defaultNewestPost = 15_355.0 * 1440 + 21 * 60 + 30

    /// The civil date of `days` after 1970-01-01 (proleptic Gregorian; H. Hinnant's
    /// `civil_from_days`).
    static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The tooltip's text for a time: "h:mm a\nMM/dd/yy", as the seed's DateFormatter.
    static func label(minutes: Double) -> String {
        // Minutes come from validated parameters (within ±1e13); a value past Int's range reads as 0.
        let total = Int(rounding: minutes, .down) ?? 0
        let days = total >= 0 ? total / 1440 : (total - 1439) / 1440
        let minuteOfDay = total - days * 1440
        let hour = minuteOfDay / 60
        let minute = minuteOfDay % 60
        let date = civil(days: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let hour12 = hour % 12 == 0 ? 12 : hour % 12
        return "\(hour12):\(two(minute)) \(hour < 12 ? "AM" : "PM")\n"
            + "\(two(date.month))/\(two(date.day))/\(two(((date.year % 100) + 100) % 100))"
    }

    /// The hands' angles, radians clockwise from 12: hour ((h mod 12) + m/60)/12·2π,
    /// minute m/60·2π (§13.3).
    static func handAngles(minutes: Double) -> (hour: Double, minute: Double) {
        let minuteOfDay = minutes - (minutes / 1440).rounded(.down) * 1440
        let hour = (minuteOfDay / 60).rounded(.down)
        let minute = minuteOfDay - hour * 60
        let hourAngle = (hour.truncatingRemainder(dividingBy: 12) + minute / 60) / 12 * 2 * Double.pi
        return (hourAngle, minute / 60 * 2 * Double.pi)
    }
}
