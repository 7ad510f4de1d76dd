import SegueEngine
import SegueMath

extension TransitionReader {
    static let stateFields = [
        "frame", "scale", "translation", "rotation", "opacity", "cornerRadius", "cornerCurve", "mask", "shadow",
    ]
    static let maskFields = ["rect", "cornerRadius", "cornerCurve"]
    static let shadowFields = ["color", "opacity", "radius", "offset"]

    /// `poses`: 1…`maxTransitionPoses` named states, in order.
    func readPoses(_ value: JSONValue, at base: String, validator: inout FieldValidator) -> [Pose]? {
        guard
            let items = array(
                value, at: base, minimum: 1, limit: limits.maxTransitionPoses, noun: "poses",
                flag: "--max-transition-poses", &validator)
        else { return nil }
        return items.enumerated().compactMap { index, item in
            readPose(item, at: base + "/\(index)", validator: &validator)
        }
    }

    /// `{name, layers: {id: state}}`; `layers` may be left out (a pose that changes nothing).
    func readPose(_ value: JSONValue, at base: String, validator: inout FieldValidator) -> Pose? {
        guard let members = validator.object(value, at: base, allowed: ["name", "layers"]) else { return nil }
        let poseName = name(
            members, "name", at: base, what: "the pose's name, letters, digits, '.', '_' or '-'", required: true,
            &validator)
        var changes: [String: PoseChange] = [:]
        if let layers = members["layers"] {
            // Every name is a layer id, so none is refused as a field; `problems` names the unknown ones.
            guard case .object(let states) = layers else {
                validator.fail(base + "/layers", "Expected an object of layer states by layer id, not \(layers.kind).")
                return poseName.map { Pose(name: $0, layers: [:]) }
            }
            if states.count > limits.maxTransitionLayers {
                validator.fail(
                    base + "/layers",
                    "There are \(states.count) layers here, more than the \(limits.maxTransitionLayers) a document "
                        + "may have (the server's --max-transition-layers).")
            } else {
                for (id, state) in states.sorted(by: { $0.key < $1.key }) {
                    let pointer = base + "/layers/" + FieldValidator.escape(id)
                    if let change = readState(state, at: pointer, validator: &validator) {
                        changes[id] = change
                    }
                }
            }
        }
        guard let poseName else { return nil }
        return Pose(name: poseName, layers: changes)
    }

    /// One layer's state in a pose: the fields it sets, each checked in its range.
    func readState(_ value: JSONValue, at base: String, validator: inout FieldValidator) -> PoseChange? {
        guard let members = validator.object(value, at: base, allowed: Self.stateFields) else { return nil }
        var change = PoseChange()
        change.frame = members["frame"].flatMap { rect($0, at: base + "/frame", &validator) }
        change.scale = readScale(members, at: base, &validator)
        change.translation = members["translation"].flatMap { point($0, at: base + "/translation", &validator) }
        change.rotation = validator.number(members, "rotation", at: base, in: TransitionRanges.rotation)
        change.opacity = validator.number(members, "opacity", at: base, in: TransitionRanges.opacity)
        change.cornerRadius = validator.number(members, "cornerRadius", at: base, in: TransitionRanges.radius)
        change.cornerCurve = validator.choice(members, "cornerCurve", at: base)
        if let mask = members["mask"] {
            change.mask = removable(mask) { readMask($0, at: base + "/mask", &validator) }
        }
        if let shadow = members["shadow"] {
            change.shadow = removable(shadow) { readShadow($0, at: base + "/shadow", &validator) }
        }
        return change
    }

    /// `scale`: a number (uniform) or `{x, y}` (along each axis), each in `TransitionRanges.scale`.
    func readScale(_ members: [String: JSONValue], at base: String, _ validator: inout FieldValidator) -> PoseScale? {
        guard case .object = members["scale"] else {
            return validator.number(members, "scale", at: base, in: TransitionRanges.scale).map { PoseScale($0) }
        }
        let pointer = base + "/scale"
        guard let axes = validator.object(members["scale"] ?? .null, at: pointer, allowed: ["x", "y"]) else {
            return nil
        }
        let x = requiredNumber(axes, "x", at: pointer, in: TransitionRanges.scale, &validator)
        let y = requiredNumber(axes, "y", at: pointer, in: TransitionRanges.scale, &validator)
        guard let x, let y else { return nil }
        return PoseScale(x: x, y: y)
    }

    /// `null` (remove) or a value read by `read` (nil when it did not read).
    func removable<Value>(_ value: JSONValue, _ read: (JSONValue) -> Value?) -> Removable<Value>? {
        if case .null = value { return .removed }
        return read(value).map { .set($0) }
    }

    /// `{rect, cornerRadius, cornerCurve}`, in the layer's own coordinates.
    func readMask(_ value: JSONValue, at base: String, _ validator: inout FieldValidator) -> PoseMask? {
        guard let members = validator.object(value, at: base, allowed: Self.maskFields) else { return nil }
        let area = required(members, "rect", at: base, "the mask's {x, y, width, height}", &validator)
            .flatMap { self.rect($0, at: base + "/rect", &validator) }
        let radius = validator.number(members, "cornerRadius", at: base, in: TransitionRanges.radius) ?? 0
        let curve: CornerCurve = validator.choice(members, "cornerCurve", at: base) ?? .continuous
        return area.map { PoseMask(rect: $0, cornerRadius: radius, cornerCurve: curve) }
    }

    /// `{color, opacity, radius, offset}`; the colour black and the offset zero unless given.
    func readShadow(_ value: JSONValue, at base: String, _ validator: inout FieldValidator) -> PoseShadow? {
        guard let members = validator.object(value, at: base, allowed: Self.shadowFields) else { return nil }
        let paint = members["color"] != nil ? self.color(members, "color", at: base, &validator) : .black
        let opacity = requiredNumber(members, "opacity", at: base, in: TransitionRanges.opacity, &validator)
        let radius = requiredNumber(members, "radius", at: base, in: TransitionRanges.radius, &validator)
        let offset = members["offset"].map { point($0, at: base + "/offset", &validator) } ?? .zero
        guard let paint, let opacity, let radius, let offset else { return nil }
        return PoseShadow(color: paint, opacity: opacity, radius: radius, offset: offset)
    }
}
