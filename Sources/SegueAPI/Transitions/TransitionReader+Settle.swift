import SegueEngine

extension TransitionReader {
    static let settleFields = ["curve", "velocityHandoff", "alongScrub", "along"]

    /// A curve as `POST /v1/curves` takes it, at `base`; remembers its members for the resolved
    /// document.
    mutating func readCurve(_ value: JSONValue, at base: String, validator: inout FieldValidator) -> CurveSpec? {
        guard let parsed = CurvesQuery.parseCurve(value, at: base, validator: &validator) else { return nil }
        curves[parsed.spec] = parsed.written
        return parsed.spec
    }

    /// `{curve, velocityHandoff}`: `curve` one curve (it has a `type`) or a curve per target
    /// pose (`{"gone": {…}, "start": {…}}`).
    mutating func readSettle(_ value: JSONValue, at base: String, validator: inout FieldValidator) -> Settle? {
        guard
            let members = validator.object(value, at: base, allowed: Self.settleFields)
        else {
            return nil
        }
        let handoff = validator.bool(members, "velocityHandoff", at: base) ?? false
        let along = name(members, "along", at: base, what: "a layer's id", required: false, &validator)
        var settle = readSettleCurves(members, at: base, handoff: handoff, validator: &validator)
        settle?.alongScrub = validator.bool(members, "alongScrub", at: base) ?? false
        settle?.along = along
        return settle
    }

    /// The settle's `curve`: one curve, or a curve per target pose.
    mutating func readSettleCurves(
        _ members: [String: JSONValue], at base: String, handoff: Bool, validator: inout FieldValidator
    ) -> Settle? {
        guard
            let curve = required(
                members, "curve", at: base, "one curve, or a curve per target pose ({\"poseName\": {…}})",
                &validator)
        else { return nil }
        let pointer = base + "/curve"
        guard case .object(let targets) = curve, targets["type"] == nil else {
            return readCurve(curve, at: pointer, validator: &validator).map {
                Settle(curve: $0, velocityHandoff: handoff)
            }
        }
        guard !targets.isEmpty, targets.count <= limits.maxTransitionPoses else {
            validator.fail(
                pointer,
                targets.isEmpty
                    ? "Expected a curve ({\"type\": …}) or a curve for each pose the pan may settle at; it is empty."
                    : "There are \(targets.count) targets here, more than the \(limits.maxTransitionPoses) poses a "
                        + "document may have (the server's --max-transition-poses).")
            return nil
        }
        var perTarget: [String: CurveSpec] = [:]
        for (name, value) in targets.sorted(by: { $0.key < $1.key }) {
            // A target whose curve did not read keeps a stand-in, so it is not also called missing.
            perTarget[name] =
                readCurve(value, at: pointer + "/" + FieldValidator.escape(name), validator: &validator) ?? .linear
        }
        return Settle(curve: nil, perTarget: perTarget, velocityHandoff: handoff)
    }
}
