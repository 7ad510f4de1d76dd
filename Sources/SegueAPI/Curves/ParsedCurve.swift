public import SegueEngine
public import SegueMath

/// A curve as `POST /v1/curves` reads it, in the three shapes its readers need: how the client
/// described it (`form`), the curve to sample (`curve`), the engine's `CurveSpec` (which keeps
/// UIKit's duration form so that a settle can solve it again for a handed-off velocity), and its
/// members with every default spelled out (`written`), as a resolved transition document writes
/// the curve back.
public struct ParsedCurve: Sendable, Hashable {
    public var form: CurvesQuery.Form
    public var curve: TimingCurve
    public var spec: CurveSpec
    /// The members the client sent, and the defaults of those it left out.
    public var written: [String: JSONValue]

    init(
        form: CurvesQuery.Form, curve: TimingCurve, spec: CurveSpec, members: [String: JSONValue],
        defaults: [String: JSONValue]
    ) {
        self.form = form
        self.curve = curve
        self.spec = spec
        written = members.merging(defaults) { given, _ in given }
    }

    /// The order a curve's members are written in: `type` first, then its form's fields as
    /// docs/transitions.md lists them.
    public static let memberOrder = [
        "type", "name", "controlPoints", "duration", "dampingRatio", "mass", "stiffness", "damping", "response",
        "dampingFraction", "bounce", "tension", "friction", "initialVelocity", "allowOverdamping",
    ]
}
