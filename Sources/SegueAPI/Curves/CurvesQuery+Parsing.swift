import SegueEngine
import SegueMath

extension CurvesQuery {
    static let topLevelFields = ["curve", "frameRate", "from", "to", "code"]
    static let curveTypes = ["named", "cubicBezier", "spring"]

    /// One way of describing a spring: the fields it needs and the ones it may add.
    struct SpringFormFields {
        var form: Form
        var label: String
        var required: [String]
        var optional: [String]
    }

    static let springForms: [SpringFormFields] = [
        SpringFormFields(
            form: .uikit, label: "duration + dampingRatio (UIKit)", required: ["duration", "dampingRatio"],
            optional: ["initialVelocity"]),
        SpringFormFields(
            form: .physical, label: "mass + stiffness + damping (Core Animation)", required: ["stiffness", "damping"],
            optional: ["mass", "initialVelocity", "allowOverdamping"]),
        SpringFormFields(
            form: .response, label: "response + dampingFraction (SwiftUI)", required: ["response", "dampingFraction"],
            optional: ["initialVelocity", "allowOverdamping"]),
        SpringFormFields(
            form: .perceptual, label: "duration + bounce (SwiftUI, iOS 17)", required: ["duration", "bounce"],
            optional: ["initialVelocity"]),
        SpringFormFields(
            form: .origami, label: "tension + friction (Origami)", required: ["tension", "friction"],
            optional: ["initialVelocity", "allowOverdamping"]),
    ]

    static var springFields: [String] {
        var fields = ["type"]
        for form in springForms {
            for field in form.required + form.optional where !fields.contains(field) {
                fields.append(field)
            }
        }
        return fields
    }

    /// Validates a request body, reporting every offending field at once; numbers past
    /// `limits.maxNumberMagnitude` are errors at their pointers, and more than
    /// `limits.maxCurveSamples` samples in the answer is an error at `/frameRate`.
    public static func parse(_ body: JSONValue, limits: RequestLimits = RequestLimits()) throws(Problem) -> CurvesQuery
    {
        var validator = FieldValidator(maxNumberMagnitude: limits.maxNumberMagnitude)
        let query = parse(body, maxSamples: limits.maxCurveSamples, validator: &validator)
        guard validator.errors.isEmpty, let query else {
            throw Problem.invalidRequest(validator.errors)
        }
        return query
    }

    static func parse(_ body: JSONValue, maxSamples: Int, validator: inout FieldValidator) -> CurvesQuery? {
        guard let members = validator.object(body, at: "", allowed: topLevelFields) else { return nil }
        let frameRate = validator.number(members, "frameRate", at: "", in: .between(1, 240)) ?? defaultFrameRate
        let from = validator.number(members, "from", at: "") ?? 0
        let to = validator.number(members, "to", at: "") ?? 1
        guard let curveValue = members["curve"] else {
            validator.fail("/curve", "Required: the curve to sample, e.g. {\"type\":\"named\",\"name\":\"easeInOut\"}.")
            return nil
        }
        guard let parsed = parseCurve(curveValue, at: "/curve", validator: &validator) else { return nil }
        let (form, curve) = (parsed.form, parsed.curve)
        let duration = curve.duration
        let count = CurveSampler.sampleCount(duration: duration, frameRate: frameRate)
        guard count <= Double(maxSamples) else {
            let seconds = duration.isFinite ? "lasts \(NumberRange.format(duration)) s" : "never settles"
            validator.fail(
                "/frameRate",
                "The curve \(seconds); at \(NumberRange.format(frameRate)) samples per second that is more than "
                    + "\(maxSamples) samples, the most this server returns (its --max-curve-samples). "
                    + "Lower frameRate or use a shorter or better-damped curve.")
            return nil
        }
        let code = validator.bool(members, "code", at: "") ?? false
        guard validator.errors.isEmpty else { return nil }
        var query = CurvesQuery(form: form, curve: curve, duration: duration, frameRate: frameRate, from: from, to: to)
        query.code = code
        return query
    }

    /// The curve at `base` (a JSON Pointer: `/curve` here, `/transition/interaction/curve` in a
    /// transition document), every mistake reported at its pointer under `base`.
    static func parseCurve(_ value: JSONValue, at base: String, validator: inout FieldValidator) -> ParsedCurve? {
        guard case .object(let members) = value else {
            validator.fail(base, "Expected an object here, not \(value.kind).")
            return nil
        }
        guard let type = validator.string(members, "type", at: base) else {
            if members["type"] == nil {
                validator.fail(base + "/type", "Required: one of \(curveTypes.joined(separator: ", ")).")
            }
            return nil
        }
        switch type {
        case "named":
            return parseNamed(value, at: base, validator: &validator)
        case "cubicBezier":
            return parseCubicBezier(value, at: base, validator: &validator)
        case "spring":
            return parseSpring(value, at: base, validator: &validator)
        default:
            validator.fail(
                base + "/type", "Unknown curve type '\(type)'; use one of \(curveTypes.joined(separator: ", ")).")
            return nil
        }
    }

    static func parseDuration(_ members: [String: JSONValue], at base: String, validator: inout FieldValidator)
        -> Double?
    {
        validator.number(members, "duration", at: base, in: .between(minimumDuration, 600))
    }

    static func parseNamed(_ value: JSONValue, at base: String, validator: inout FieldValidator) -> ParsedCurve? {
        guard let members = validator.object(value, at: base, allowed: ["type", "name", "duration"]) else {
            return nil
        }
        let duration = parseDuration(members, at: base, validator: &validator)
        let names = NamedCurve.allCases.map(\.rawValue)
        guard let name = validator.string(members, "name", at: base) else {
            if members["name"] == nil {
                validator.fail(base + "/name", "Required: one of \(names.joined(separator: ", ")).")
            }
            return nil
        }
        guard let named = NamedCurve(rawValue: name) else {
            validator.fail(base + "/name", "Unknown curve name '\(name)'; use one of \(names.joined(separator: ", ")).")
            return nil
        }
        let seconds = duration ?? defaultCubicDuration
        return ParsedCurve(
            form: .named, curve: .cubic(named.bezier, duration: seconds),
            spec: .cubic(named.bezier, duration: seconds), members: members, defaults: ["duration": .number(seconds)])
    }

    static func parseCubicBezier(_ value: JSONValue, at base: String, validator: inout FieldValidator)
        -> ParsedCurve?
    {
        guard let members = validator.object(value, at: base, allowed: ["type", "controlPoints", "duration"])
        else { return nil }
        let duration = parseDuration(members, at: base, validator: &validator)
        let pointer = base + "/controlPoints"
        guard let points = members["controlPoints"] else {
            validator.fail(pointer, "Required: four numbers [x1, y1, x2, y2], as in CSS cubic-bezier().")
            return nil
        }
        guard case .array(let items) = points, items.count == 4 else {
            validator.fail(pointer, "Expected an array of exactly four numbers [x1, y1, x2, y2].")
            return nil
        }
        var numbers: [Double] = []
        for (index, item) in items.enumerated() {
            let ranges: NumberRange = index % 2 == 0 ? .between(0, 1) : .between(-100, 100)
            if let number = validator.number(["\(index)": item], "\(index)", at: pointer, in: ranges) {
                numbers.append(number)
            }
        }
        guard numbers.count == 4,
            let bezier = CubicBezier(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3])
        else { return nil }
        let seconds = duration ?? defaultCubicDuration
        return ParsedCurve(
            form: .cubicBezier, curve: .cubic(bezier, duration: seconds), spec: .cubic(bezier, duration: seconds),
            members: members, defaults: ["duration": .number(seconds)])
    }

    static func parseSpring(_ value: JSONValue, at p: String, validator: inout FieldValidator) -> ParsedCurve? {
        guard let members = validator.object(value, at: p, allowed: springFields) else { return nil }
        // Unknown names were reported above; judge the form by the known ones.
        let present = Set(members.keys).intersection(springFields).subtracting(["type"])
        let matching = springForms.filter { form in
            Set(form.required).isSubset(of: present) && present.isSubset(of: Set(form.required + form.optional))
        }
        guard let form = matching.first, matching.count == 1 else {
            reportSpringShape(present: present, at: p, validator: &validator)
            return nil
        }
        let velocity = validator.number(members, "initialVelocity", at: p) ?? 0
        let allowOverdamping = validator.bool(members, "allowOverdamping", at: p) ?? false
        let errorsBefore = validator.problemCount
        var spring: Spring?
        var duration: Double?
        var uikitRatio: Double?
        switch form.form {
        case .uikit:
            let seconds = parseDuration(members, at: p, validator: &validator)
            let zeta = validator.number(members, "dampingRatio", at: p, in: .atLeast(0, inclusive: false))
            if let seconds, let zeta {
                spring = Spring.uikit(duration: seconds, dampingRatio: zeta, initialVelocity: velocity)
                duration = seconds
                uikitRatio = zeta
            }
        case .physical:
            let mass = validator.number(members, "mass", at: p, in: .atLeast(minimumMassOrStiffness)) ?? 1
            let stiffness = validator.number(members, "stiffness", at: p, in: .atLeast(minimumMassOrStiffness))
            let damping = validator.number(members, "damping", at: p, in: .atLeast(0))
            if let stiffness, let damping {
                spring = Spring(mass: mass, stiffness: stiffness, damping: damping, allowsOverdamping: allowOverdamping)
            }
        case .response:
            let response = validator.number(members, "response", at: p, in: .atLeast(0, inclusive: false))
            let fraction = validator.number(members, "dampingFraction", at: p, in: .atLeast(0))
            if let response, let fraction, let base = Spring(response: response, dampingFraction: fraction) {
                spring = Spring(
                    mass: base.mass, stiffness: base.stiffness, damping: base.damping,
                    allowsOverdamping: allowOverdamping)
                if spring == nil {
                    validator.fail(p, Self.unusableSpringDetail(base))
                }
            }
        case .perceptual:
            let seconds = parseDuration(members, at: p, validator: &validator)
            let bounce = validator.number(
                members, "bounce", at: p,
                in: NumberRange(lower: -1, lowerInclusive: false, upper: 1, upperInclusive: false))
            if let seconds, let bounce {
                spring = Spring(duration: seconds, bounce: bounce)
            }
        case .origami:
            let tension = validator.number(members, "tension", at: p)
            let friction = validator.number(members, "friction", at: p)
            if let tension, let friction {
                spring = Spring(origamiTension: tension, friction: friction).flatMap { base in
                    Spring(
                        mass: base.mass, stiffness: base.stiffness, damping: base.damping,
                        allowsOverdamping: allowOverdamping)
                }
                if spring == nil {
                    validator.fail(
                        p,
                        "Origami tension \(NumberRange.format(tension)) and friction \(NumberRange.format(friction)) "
                            + "give stiffness \(NumberRange.format((tension - 30) * 3.62 + 194)) and damping "
                            + "\(NumberRange.format((friction - 8) * 3 + 25)); "
                            + "stiffness must be positive and damping not negative.")
                }
            }
        default:
            break
        }
        guard validator.problemCount == errorsBefore else { return nil }
        guard let spring, spring.isUsable else {
            // Every field is in range, yet the spring they make is not one (a response so
            // short that (2π/R)² overflows, a mass so small that k/m does): say so, since
            // a 422 must name at least one field.
            validator.fail(p, Self.unusableSpringDetail(spring))
            return nil
        }
        // The spring that moves: a damping ratio above 1 that may not over-damp is sampled, and so
        // described, as the critically damped spring it renders.
        let curve = TimingCurve.spring(spring.rendered, initialVelocity: velocity, duration: duration)
        // UIKit's duration form stays one, so a settle can solve it again for a handed-off velocity.
        let spec: CurveSpec =
            if let duration, let uikitRatio {
                .uikitSpring(duration: duration, dampingRatio: uikitRatio, initialVelocity: velocity)
            } else {
                .spring(spring.rendered, initialVelocity: velocity, duration: duration)
            }
        var defaults: [String: JSONValue] = ["initialVelocity": .number(velocity)]
        if form.optional.contains("allowOverdamping") { defaults["allowOverdamping"] = .bool(allowOverdamping) }
        if form.optional.contains("mass") { defaults["mass"] = .number(1) }
        return ParsedCurve(form: form.form, curve: curve, spec: spec, members: members, defaults: defaults)
    }

    /// Why the spring a form's fields give cannot be sampled.
    static func unusableSpringDetail(_ spring: Spring?) -> String {
        guard let spring else {
            return "These values do not give a spring with finite, positive mass and stiffness and finite, "
                + "non-negative damping; use less extreme values."
        }
        return "These values give a spring with mass \(NumberRange.format(spring.mass)), stiffness "
            + "\(NumberRange.format(spring.stiffness)) and damping \(NumberRange.format(spring.damping)); "
            + "stiffness and damping per unit of mass must be finite. Use less extreme values."
    }

    /// Explains why the fields do not make exactly one spring, naming the closest form.
    static func reportSpringShape(present: Set<String>, at base: String, validator: inout FieldValidator) {
        let choices = springForms.map(\.label).joined(separator: "; ")
        guard
            let closest = springForms.max(by: {
                Set($0.required).intersection(present).count < Set($1.required).intersection(present).count
            }), !Set(closest.required).intersection(present).isEmpty
        else {
            validator.fail(base, "A spring needs one of: \(choices).")
            return
        }
        for missing in closest.required where !present.contains(missing) {
            validator.fail(base + "/\(missing)", "Required for the \(closest.label) form of spring.")
        }
        let allowed = Set(closest.required + closest.optional)
        for extra in present.subtracting(allowed).sorted() {
            validator.fail(
                base + "/\(extra)",
                "Cannot be combined with the \(closest.label) form; a spring takes one of: \(choices).")
        }
    }
}
