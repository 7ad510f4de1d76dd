import SegueEngine

extension ParameterSpec.Kind {
    /// The kind's name in `PresetDetail.parameters[].type`.
    var wireName: String {
        switch self {
        case .number: "number"
        case .bool: "boolean"
        case .choice: "choice"
        case .rect: "rect"
        case .size: "size"
        }
    }

    /// The numbers a `.number` field accepts on the wire: its range, within the
    /// ±1e12 every number of the API is held to (`NumberRange.any`). Nil for other kinds.
    var acceptedRange: NumberRange? {
        guard case .number(let range, _) = self else { return nil }
        let bounds = NumberRange.any
        return NumberRange.between(
            max(range.lowerBound, bounds.lower ?? -1e12), min(range.upperBound, bounds.upper ?? 1e12))
    }
}
