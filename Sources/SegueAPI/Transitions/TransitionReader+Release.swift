import SegueEngine

extension TransitionReader {
    static let guardFields = ["id", "when", "to", "outcome"]
    static let conditionFields = ReleaseTest.Quantity.allCases.map(\.rawValue) + ["rate", "lookahead", "all", "any"]

    /// `release`: at most `maxReleaseGuards` guards, read in order at the release.
    func readGuards(_ value: JSONValue, at base: String, validator: inout FieldValidator) -> [ReleaseGuard]? {
        guard
            let items = array(
                value, at: base, minimum: 0, limit: limits.maxReleaseGuards, noun: "release guards",
                flag: "--max-release-guards", &validator)
        else { return nil }
        var guards: [ReleaseGuard] = []
        for (index, item) in items.enumerated() {
            let pointer = base + "/\(index)"
            guard let members = validator.object(item, at: pointer, allowed: Self.guardFields) else { continue }
            let id = name(members, "id", at: pointer, what: "", required: false, &validator)
            let when = members["when"].flatMap { readCondition($0, at: pointer + "/when", depth: 0, &validator) }
            let to = poseName(members, "to", at: pointer, &validator)
            var outcome: Decision.Outcome?
            switch validator.string(members, "outcome", at: pointer) {
            case "finish"?: outcome = .finish
            case "cancel"?: outcome = .cancel
            case let other?:
                validator.fail(
                    pointer + "/outcome", "Unknown outcome '\(other.prefix(80))'; use \"finish\" or \"cancel\".")
            case nil:
                if members["outcome"] == nil {
                    validator.fail(pointer + "/outcome", "Required: \"finish\" or \"cancel\".")
                }
            }
            // A `when` that did not read leaves the guard out rather than make it unconditional.
            if let to, let outcome, members["when"] == nil || when != nil {
                guards.append(ReleaseGuard(id: id, when: when, to: to, outcome: outcome))
            }
        }
        return guards
    }

    /// A guard's `when`: tests (`{"gt": n}`, `{"lt": n}`, or both), `rate`, and `all`/`any`
    /// lists of conditions nested at most `maxConditionDepth` deep. It must test something: a
    /// `when` that always holds is a guard without one.
    func readCondition(_ value: JSONValue, at base: String, depth: Int, _ validator: inout FieldValidator)
        -> ReleaseCondition?
    {
        guard let members = validator.object(value, at: base, allowed: Self.conditionFields) else { return nil }
        let before = validator.problemCount
        var condition = ReleaseCondition()
        for quantity in ReleaseTest.Quantity.allCases {
            guard let test = members[quantity.rawValue] else { continue }
            let pointer = base + "/" + quantity.rawValue
            guard let bounds = validator.object(test, at: pointer, allowed: ["gt", "lt"]) else { continue }
            if bounds.isEmpty { validator.fail(pointer, "Expected {\"gt\": n}, {\"lt\": n} or both.") }
            for comparison in ReleaseTest.Comparison.allCases {
                if let bound = validator.number(bounds, comparison.rawValue, at: pointer) {
                    condition.tests.append(ReleaseTest(quantity, comparison, bound))
                }
            }
        }
        condition.rate = validator.number(members, "rate", at: base, in: TransitionRanges.rate) ?? condition.rate
        condition.lookahead = validator.number(members, "lookahead", at: base, in: TransitionRanges.lookahead)
        for list in ["all", "any"] {
            guard let value = members[list] else { continue }
            let pointer = base + "/" + list
            guard depth < limits.maxConditionDepth else {
                validator.fail(
                    pointer,
                    "Conditions nest at most \(limits.maxConditionDepth) 'all' or 'any' lists deep; this one is "
                        + "deeper. Write the rule flatter.")
                continue
            }
            guard
                let items = array(
                    value, at: pointer, minimum: 1, limit: limits.maxReleaseGuards, noun: "conditions",
                    flag: "--max-release-guards", &validator)
            else { continue }
            let conditions = items.enumerated().compactMap { index, item in
                readCondition(item, at: pointer + "/\(index)", depth: depth + 1, &validator)
            }
            if list == "all" { condition.all = conditions } else { condition.any = [conditions] }
        }
        if members.keys.allSatisfy({ $0 == "rate" || $0 == "lookahead" }) {
            validator.fail(
                base,
                "Tests nothing, so it always holds: give a test ("
                    + ReleaseTest.Quantity.allCases.map(\.rawValue).joined(separator: ", ")
                    + "), 'all' or 'any', or leave 'when' out.")
        }
        return validator.problemCount == before ? condition : nil
    }
}
