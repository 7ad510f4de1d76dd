/// Everything wrong with a sequence of gesture samples, found in one pass.
///
/// Each issue names the sample (its index) and the field at fault, so the API layer can turn it
/// into a JSON Pointer such as `/gesture/samples/4/t`, and says in a sentence what to change.
public struct GestureValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One problem with the samples.
    public struct Issue: Sendable, Hashable {
        /// The index of the offending sample, counting from 0; nil when the problem is with the
        /// sequence as a whole (no samples, too many samples).
        public var index: Int?
        /// The offending field of that sample, `"t"`, `"x"`, `"y"` or `"phase"`; nil when the
        /// problem is the sample as a whole or the sequence.
        public var field: String?
        /// A sentence a person can act on.
        public var message: String

        public init(index: Int?, field: String?, message: String) {
            self.index = index
            self.field = field
            self.message = message
        }
    }

    /// The problems, in sample order; never empty when thrown.
    public var issues: [Issue]

    public init(issues: [Issue]) {
        self.issues = issues
    }

    public var description: String {
        issues.map(\.message).joined(separator: "; ")
    }
}
