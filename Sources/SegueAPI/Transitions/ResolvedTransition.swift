public import SegueEngine

/// A transition document as a request gave it, checked: the engine's document, and the curves'
/// members as the client wrote them with their defaults filled in, so that the answer can give
/// the document back resolved (`ResolvedTransition+Writing`) and a client can post it again.
public struct ResolvedTransition: Sendable, Hashable {
    public var document: TransitionDocument
    /// Each curve's members, by the curve they make (two spellings of one curve make the same
    /// frames, so either serves).
    public var curves: [CurveSpec: [String: JSONValue]]

    public init(document: TransitionDocument, curves: [CurveSpec: [String: JSONValue]] = [:]) {
        self.document = document
        self.curves = curves
    }
}
