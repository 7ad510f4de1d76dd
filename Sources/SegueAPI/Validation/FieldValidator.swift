import SegueEngine
import SegueMath

/// Reads typed fields out of a `JSONValue` tree and collects one `FieldError` per
/// problem, each with the JSON Pointer of the field and a sentence saying what is
/// accepted, so a client learns everything wrong with a request in one answer.
///
/// At most `maxErrors` are listed: a body of a hundred thousand misspelt members
/// would otherwise make an answer many times its own size. The last entry then says
/// how many more there were.
public struct FieldValidator: Sendable {
    /// The most errors one answer lists.
    public static let maxErrors = 100

    /// The first `maxErrors` problems found; later ones are only counted.
    private var listed: [FieldError] = []
    /// Every problem found so far, listed or not: compare it before and after a step
    /// to learn whether the step found any.
    public private(set) var problemCount = 0
    /// The largest magnitude any number may have (the server's `--max-number-magnitude`).
    public let maxNumberMagnitude: Double

    public init(maxNumberMagnitude: Double = RequestLimits().maxNumberMagnitude) {
        self.maxNumberMagnitude = maxNumberMagnitude
    }

    /// Whether `number` is within `maxNumberMagnitude`; records the problem at `pointer` when not.
    /// Every number a request gives is checked here first, before its field's own range.
    public mutating func withinMagnitude(_ number: Double, at pointer: @autoclosure () -> String) -> Bool {
        guard number.magnitude > maxNumberMagnitude else { return true }
        fail(
            pointer(),
            "The number \(NumberRange.format(number)) is larger in magnitude than "
                + "\(NumberRange.compact(maxNumberMagnitude)), the most this server accepts "
                + "(its --max-number-magnitude).")
        return false
    }

    /// The problems to answer with: all of them, or when there are more than `maxErrors`,
    /// the first `maxErrors - 1` and a last entry saying how many more there were.
    public var errors: [FieldError] {
        guard problemCount > Self.maxErrors else { return listed }
        let shown = Self.maxErrors - 1
        let summary = FieldError(
            pointer: "", detail: "…and \(problemCount - shown) more problems not listed; fix those above first.")
        return Array(listed.prefix(shown)) + [summary]
    }

    /// Records a problem at `pointer`.
    public mutating func fail(_ pointer: String, _ detail: String) {
        problemCount += 1
        if listed.count < Self.maxErrors {
            listed.append(FieldError(pointer: pointer, detail: detail))
        }
    }

    /// The members of an object, reporting a value of another kind and every member
    /// whose name is not in `allowed` (a misspelt field would otherwise be ignored
    /// silently and its default used).
    ///
    /// Pointers here and below are built only for a problem: a request without one
    /// (the usual case) makes no strings.
    public mutating func object(
        _ value: JSONValue?, at pointer: @autoclosure () -> String, allowed: [String]
    ) -> [String: JSONValue]? {
        guard let value else { return nil }
        guard case .object(let members) = value else {
            fail(pointer(), "Expected an object here, not \(value.kind).")
            return nil
        }
        guard members.keys.contains(where: { !allowed.contains($0) }) else { return members }
        for name in members.keys.sorted() where !allowed.contains(name) {
            fail(
                pointer() + "/" + Self.escape(name),
                "Unknown field '\(name)'. Fields here: \(allowed.joined(separator: ", ")).")
        }
        return members
    }

    /// A finite number in `range`, or nil (with an error unless the field is absent).
    public mutating func number(
        _ members: [String: JSONValue], _ name: String, at pointer: @autoclosure () -> String,
        in range: NumberRange = .any
    ) -> Double? {
        guard let value = members[name] else { return nil }
        func fieldPointer() -> String { pointer() + "/" + Self.escape(name) }
        guard case .number(let number) = value else {
            fail(fieldPointer(), "Expected a number here, not \(value.kind).")
            return nil
        }
        guard number.isFinite else {
            fail(fieldPointer(), "Must be a finite number.")
            return nil
        }
        guard withinMagnitude(number, at: fieldPointer()) else { return nil }
        guard range.contains(number) else {
            fail(fieldPointer(), "Must be \(range.description); got \(NumberRange.format(number)).")
            return nil
        }
        return number
    }

    /// A string, or nil (with an error unless the field is absent).
    public mutating func string(
        _ members: [String: JSONValue], _ name: String, at pointer: @autoclosure () -> String
    ) -> String? {
        guard let value = members[name] else { return nil }
        guard case .string(let string) = value else {
            fail(pointer() + "/" + Self.escape(name), "Expected a string here, not \(value.kind).")
            return nil
        }
        return string
    }

    /// One of `Choice`'s cases by its raw value, or nil (with an error naming every case unless the
    /// field is absent): `output`, `encoding`.
    public mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ members: [String: JSONValue], _ name: String, at pointer: @autoclosure () -> String
    ) -> Choice? where Choice.RawValue == String {
        guard let given = string(members, name, at: pointer()) else { return nil }
        guard let chosen = Choice(rawValue: given) else {
            let choices = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            fail(pointer() + "/" + Self.escape(name), "Unknown \(name) '\(given)'. Choose one of \(choices).")
            return nil
        }
        return chosen
    }

    /// A boolean, or nil (with an error unless the field is absent).
    public mutating func bool(
        _ members: [String: JSONValue], _ name: String, at pointer: @autoclosure () -> String
    ) -> Bool? {
        guard let value = members[name] else { return nil }
        guard case .bool(let bool) = value else {
            fail(pointer() + "/" + Self.escape(name), "Expected true or false here, not \(value.kind).")
            return nil
        }
        return bool
    }

    /// An RFC 6901 reference token: `~` → `~0`, `/` → `~1` (declared once, in the engine, whose
    /// document problems carry pointers too).
    public static func escape(_ name: String) -> String {
        TransitionDocument.escape(name)
    }
}

/// Which numbers a field accepts, with the words to say so.
public struct NumberRange: Sendable {
    public var lower: Double?
    public var lowerInclusive = true
    public var upper: Double?
    public var upperInclusive = true

    /// Any finite number up to 1e12 in magnitude: large enough for any point or
    /// second a person means, small enough that arithmetic on it stays finite.
    public static let any = NumberRange(lower: -1e12, upper: 1e12)

    public static func atLeast(_ bound: Double, inclusive: Bool = true) -> NumberRange {
        NumberRange(lower: bound, lowerInclusive: inclusive, upper: 1e12)
    }

    public static func between(_ lower: Double, _ upper: Double) -> NumberRange {
        NumberRange(lower: lower, upper: upper)
    }

    public func contains(_ value: Double) -> Bool {
        if let lower, lowerInclusive ? value < lower : value <= lower { return false }
        if let upper, upperInclusive ? value > upper : value >= upper { return false }
        return true
    }

    public var description: String {
        switch (lower, upper) {
        case (-1e12, 1e12):
            return "between -1e12 and 1e12"
        case (let lower?, let upper?) where upper >= 1e12:
            return lowerInclusive ? "at least \(Self.format(lower))" : "greater than \(Self.format(lower))"
        case (let lower?, let upper?):
            let open = lowerInclusive ? "from" : "above"
            let close = upperInclusive ? "to" : "and below"
            return "\(open) \(Self.format(lower)) \(close) \(Self.format(upper))"
        default:
            return "a finite number"
        }
    }

    /// A limit as a person writes it: `1e12` rather than thirteen digits.
    static func compact(_ value: Double) -> String {
        var mantissa = value
        var exponent = 0
        while mantissa >= 10, mantissa.truncatingRemainder(dividingBy: 10) == 0 {
            mantissa /= 10
            exponent += 1
        }
        return exponent >= 4 ? "\(format(mantissa))e\(exponent)" : format(value)
    }

    /// A number as a person writes it, as the JSON writer writes it: `1000`, not `1000.0`;
    /// at most six decimals, except for a number that six decimals would show as 0, which is
    /// written in full (a width of 5e-324 is refused as 5e-324, not as "got 0").
    static func format(_ value: Double) -> String {
        let text = JSONWriter.numberText.string(value)
        return value != 0 && value.isFinite && (text == "0" || text == "-0") ? "\(value)" : text
    }
}
