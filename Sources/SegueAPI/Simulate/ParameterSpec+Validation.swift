import SegueEngine
import SegueMath

extension ParameterSpec {
    /// The client's value for this setting, checked against its kind, or nil with
    /// every problem recorded under `pointer` (the value's own JSON Pointer).
    func parse(_ value: JSONValue, at pointer: String, validator: inout FieldValidator) -> ParameterValue? {
        switch kind {
        case .number(_, let unit):
            let suffix = unit.isEmpty ? "" : " \(unit)"
            guard case .number(let number) = value else {
                validator.fail(
                    pointer, "Expected a number\(unit.isEmpty ? "" : " in \(unit)") here, not \(value.kind).")
                return nil
            }
            guard validator.withinMagnitude(number, at: pointer) else { return nil }
            let range = kind.acceptedRange ?? .any
            guard number.isFinite, range.contains(number) else {
                validator.fail(
                    pointer, "Must be \(range.description)\(suffix); got \(NumberRange.format(number))\(suffix).")
                return nil
            }
            return .number(number)
        case .bool:
            guard case .bool(let bool) = value else {
                validator.fail(pointer, "Expected true or false here, not \(value.kind).")
                return nil
            }
            return .bool(bool)
        case .choice(let choices):
            let names = choices.map { "'\($0)'" }.joined(separator: ", ")
            guard case .string(let choice) = value else {
                validator.fail(pointer, "Expected a string here, one of \(names); not \(value.kind).")
                return nil
            }
            guard choices.contains(choice) else {
                validator.fail(pointer, "Unknown choice '\(choice)'; use one of \(names).")
                return nil
            }
            return .choice(choice)
        case .rect:
            let fields = ["x", "y", "width", "height"]
            guard let members = Self.members(value, at: pointer, fields: fields, validator: &validator) else {
                return nil
            }
            let x = validator.number(members, "x", at: pointer)
            let y = validator.number(members, "y", at: pointer)
            let width = validator.number(members, "width", at: pointer, in: Self.positiveLength)
            let height = validator.number(members, "height", at: pointer, in: Self.positiveLength)
            guard let x, let y, let width, let height else { return nil }
            return .rect(Rect(x: x, y: y, width: width, height: height))
        case .size:
            let fields = ["width", "height"]
            guard let members = Self.members(value, at: pointer, fields: fields, validator: &validator) else {
                return nil
            }
            let width = validator.number(members, "width", at: pointer, in: Self.positiveLength)
            let height = validator.number(members, "height", at: pointer, in: Self.positiveLength)
            guard let width, let height else { return nil }
            return .size(Size(width: width, height: height))
        }
    }

    /// Widths and heights, points: at least a thousandth of a point. Nothing smaller can be drawn,
    /// and the presets divide by these lengths (a layer's scale is the rect it shows over its
    /// frame), which a subnormal width such as 5e-324 turns into an infinity; from 0.001 pt, the
    /// ratio of the largest accepted length to the smallest is 1e15, far from overflow.
    static let positiveLength = NumberRange.atLeast(minimumLength)

    /// The smallest width or height of a scene rect or size, points.
    static let minimumLength = 0.001

    /// The members of a rect or size object, each of `fields` required and no others allowed.
    private static func members(
        _ value: JSONValue, at pointer: String, fields: [String], validator: inout FieldValidator
    ) -> [String: JSONValue]? {
        guard let members = validator.object(value, at: pointer, allowed: fields) else { return nil }
        for field in fields where members[field] == nil {
            validator.fail(
                pointer + "/" + field,
                "Required: a number of points; send all of \(fields.joined(separator: ", ")).")
        }
        return members
    }
}
