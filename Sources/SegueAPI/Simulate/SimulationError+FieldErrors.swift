import SegueEngine

extension SimulationError {
    /// The issues as field errors for a 422 problem, each at the pointer the engine
    /// named; an error without issues still says something at the body's root.
    var fieldErrors: [FieldError] {
        guard !issues.isEmpty else {
            return [FieldError(pointer: "", detail: "The simulation could not run with this request.")]
        }
        return issues.map { FieldError(pointer: $0.pointer, detail: $0.message) }
    }
}
