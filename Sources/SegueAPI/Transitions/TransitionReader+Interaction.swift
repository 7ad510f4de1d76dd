import SegueEngine
import SegueMath

extension TransitionReader {
    static let tapFields = ["type", "from", "to", "curve", "settled", "tracks"]
    static let pressFields = ["type", "from", "to", "curve", "settled"]
    static let panFields = [
        "type", "startsIn", "direction", "scrub", "detents", "follow", "release", "settle", "velocityEstimator",
        "touchResampling", "interruptible", "idle", "settled", "directionTest", "directionRatio", "alsoStartsWhen",
    ]
    static let scrubFields = [
        "from", "to", "axis", "distance", "overshoot", "sign", "percentDriven", "absolute", "minimum", "maximum",
        "holds",
    ]
    static let percentDrivenFields = [
        "curve", "completionSpeed", "reportedDuration", "updatesOnRelease", "cancelsAtProgressSpeed",
    ]
    static let followFields = ["layer", "scaled", "axes", "relative"]
    static let detentsFields = ["layer", "axis", "poses", "from", "overshoot"]

    /// `{"type": "tap", …}` or `{"type": "pan", …}`.
    mutating func readInteraction(_ value: JSONValue, at base: String, validator: inout FieldValidator)
        -> Interaction?
    {
        guard case .object(let members) = value else {
            validator.fail(base, "Expected an object here, not \(value.kind).")
            return nil
        }
        guard members["type"] != nil else {
            validator.fail(base + "/type", "Required: \"tap\", \"pan\" or \"press\".")
            return nil
        }
        switch validator.string(members, "type", at: base) {
        case "tap"?: return readTap(value, at: base, validator: &validator).map { .tap($0) }
        case "pan"?: return readPan(value, at: base, validator: &validator).map { .pan($0) }
        case "press"?:
            return readTap(value, at: base, allowed: Self.pressFields, validator: &validator).map {
                .press(PressInteraction(from: $0.from, to: $0.to, curve: $0.curve, settled: $0.settled))
            }
        case let other?:
            validator.fail(
                base + "/type", "Unknown interaction type '\(other.prefix(80))'; use \"tap\", \"pan\" or \"press\".")
            return nil
        case nil:
            return nil
        }
    }

    /// `{"type": "tap", "from", "to", "curve", "settled", "tracks"}`, or a press's members
    /// (`allowed`: a press has no tracks).
    mutating func readTap(
        _ value: JSONValue, at base: String, allowed: [String] = tapFields, validator: inout FieldValidator
    ) -> TapInteraction? {
        guard let members = validator.object(value, at: base, allowed: allowed) else { return nil }
        let from = poseName(members, "from", at: base, &validator)
        let to = poseName(members, "to", at: base, &validator)
        let curve = required(
            members, "curve", at: base, "the curve the layers move along, as POST /v1/curves takes it", &validator
        )
        .flatMap { readCurve($0, at: base + "/curve", validator: &validator) }
        let settled =
            members["settled"] == nil
            ? nil : name(members, "settled", at: base, what: "a pose's name", required: false, &validator)
        let tracks = members["tracks"].flatMap { readTracks($0, at: base + "/tracks", validator: &validator) }
        guard let from, let to, let curve else { return nil }
        var tap = TapInteraction(from: from, to: to, curve: curve, settled: settled)
        tap.tracks = tracks ?? []
        return tap
    }

    /// A pose's name that must be there.
    func poseName(_ members: [String: JSONValue], _ field: String, at base: String, _ validator: inout FieldValidator)
        -> String?
    {
        name(members, field, at: base, what: "a pose's name", required: true, &validator)
    }

    /// `{"type": "pan", …}`: a `scrub` or `detents` (exactly one), and the rest.
    mutating func readPan(_ value: JSONValue, at base: String, validator: inout FieldValidator) -> PanInteraction? {
        guard let members = validator.object(value, at: base, allowed: Self.panFields) else { return nil }
        let startsIn = members["startsIn"].flatMap { readStart($0, at: base + "/startsIn", &validator) }
        let direction: PanDirection = validator.choice(members, "direction", at: base) ?? .any
        var tracking: PanTracking?
        switch (members["scrub"], members["detents"]) {
        case (let scrub?, nil):
            tracking = readScrub(scrub, at: base + "/scrub", direction: direction, validator: &validator).map {
                .scrub($0)
            }
        case (nil, let detents?):
            tracking = readDetents(detents, at: base + "/detents", direction: direction, &validator).map {
                .detents($0)
            }
        case (.some, .some):
            validator.fail(
                base + "/detents", "A pan has a scrub or detents, not both: remove one of \"scrub\" and \"detents\".")
        case (nil, nil):
            validator.fail(
                base + "/scrub",
                "Required: how the finger moves the layers, a \"scrub\" between two poses or \"detents\" a layer "
                    + "rests in.")
        }
        let interruptible = validator.bool(members, "interruptible", at: base) ?? false
        let follow = members["follow"].map { readFollow($0, at: base + "/follow", &validator) } ?? []
        let release = members["release"].map { readGuards($0, at: base + "/release", validator: &validator) } ?? []
        // A percent-driven scrub plays the rest of its own animation: it has no settle curve.
        let percentDriven: Bool = if case .scrub(let scrub)? = tracking { scrub.percentDriven != nil } else { false }
        let settle =
            members["settle"] == nil && percentDriven
            ? Settle(curve: nil)
            : required(members, "settle", at: base, "how the layers settle after the release: {curve}", &validator)
                .flatMap { readSettle($0, at: base + "/settle", validator: &validator) }
        let estimator: VelocityEstimator = validator.choice(members, "velocityEstimator", at: base) ?? .standard
        let resampling: TouchResampling = validator.choice(members, "touchResampling", at: base) ?? .latest
        let idle = members["idle"] == nil ? nil : poseName(members, "idle", at: base, &validator)
        let settled = members["settled"].map { readSettledPoses($0, at: base + "/settled", &validator) } ?? [:]
        let directionTest: PanInteraction.DirectionTest =
            validator.choice(members, "directionTest", at: base) ?? .movement
        let directionRatio = validator.number(members, "directionRatio", at: base, in: TransitionRanges.directionRatio)
        let alsoStartsWhen = members["alsoStartsWhen"].flatMap {
            readCondition($0, at: base + "/alsoStartsWhen", depth: 0, &validator)
        }
        guard let tracking, let follow, let release, let settle, let settled else { return nil }
        var pan = PanInteraction(
            startsIn: startsIn, direction: direction, tracking: tracking, follow: follow, release: release,
            settle: settle, velocityEstimator: estimator, touchResampling: resampling, interruptible: interruptible)
        pan.idle = idle
        pan.settled = settled
        pan.directionTest = directionTest
        pan.directionRatio = directionRatio ?? 1
        pan.alsoStartsWhen = alsoStartsWhen
        return pan
    }

    /// `{"targetPose": "shownPose", …}`: what the final frame shows for each target.
    func readSettledPoses(_ value: JSONValue, at base: String, _ validator: inout FieldValidator) -> [String: String]? {
        guard case .object(let members) = value else {
            validator.fail(base, "Expected an object naming, for a target pose, the pose the final frame shows.")
            return nil
        }
        guard members.count <= limits.maxTransitionPoses else {
            validator.fail(
                base,
                "There are \(members.count) targets here, more than the \(limits.maxTransitionPoses) poses a document "
                    + "may have (the server's --max-transition-poses).")
            return nil
        }
        var settled: [String: String] = [:]
        for key in members.keys.sorted() {
            if let problem = Self.idProblem(key) { validator.fail(base + "/" + FieldValidator.escape(key), problem) }
            if let shown = poseName(members, key, at: base, &validator) { settled[key] = shown }
        }
        return settled
    }

    /// `{layer, axis, poses, from, overshoot}`; `axis` may be left out when `direction` names one,
    /// `from` defaults to the first pose listed, `overshoot` to UIScrollView's rubber band.
    func readDetents(
        _ value: JSONValue, at base: String, direction: PanDirection, _ validator: inout FieldValidator
    ) -> Detents? {
        guard let members = validator.object(value, at: base, allowed: Self.detentsFields) else { return nil }
        let layer = name(
            members, "layer", at: base, what: "the id of the layer that rests in the detents", required: true,
            &validator)
        let axis = readAxis(members, at: base, direction: direction, &validator)
        var poses: [String]?
        if let list = members["poses"] {
            if let items = array(
                list, at: base + "/poses", minimum: 2, limit: limits.maxTransitionPoses, noun: "pose names",
                flag: "--max-transition-poses", &validator)
            {
                var names: [String] = []
                for index in items.indices {
                    if let pose = poseName(["\(index)": items[index]], "\(index)", at: base + "/poses", &validator) {
                        names.append(pose)
                    }
                }
                poses = names.count == items.count ? names : nil
            }
        } else {
            validator.fail(base + "/poses", "Required: the names of the poses the layer rests in, at least two.")
        }
        let from = name(members, "from", at: base, what: "a pose's name", required: false, &validator)
        let overshoot =
            members["overshoot"].map { readOvershoot($0, at: base + "/overshoot", &validator) }
            ?? .rubberBand(RubberBand.uiScrollViewCoefficient)
        guard let layer, let axis, let poses, let overshoot else { return nil }
        return Detents(layer: layer, axis: axis, poses: poses, from: from, overshoot: overshoot)
    }

    /// A layer's id, `{"edge", "width"}` or `{"rect"}`.
    func readStart(_ value: JSONValue, at base: String, _ validator: inout FieldValidator) -> StartRegion? {
        if case .string(let id) = value {
            if let problem = Self.idProblem(id) { validator.fail(base, problem) }
            return .layer(id)
        }
        guard case .object(let given) = value else {
            validator.fail(base, "Expected a layer's id, {\"edge\", \"width\"} or {\"rect\"} here, not \(value.kind).")
            return nil
        }
        if let rect = given["rect"] {
            guard validator.object(value, at: base, allowed: ["rect"]) != nil else { return nil }
            return self.rect(rect, at: base + "/rect", &validator).map { .rect($0) }
        }
        guard let members = validator.object(value, at: base, allowed: ["edge", "width"]) else { return nil }
        if members["edge"] == nil { validator.fail(base + "/edge", "Required: left, right, top or bottom.") }
        let edge: StartRegion.Edge? = validator.choice(members, "edge", at: base)
        let width = requiredNumber(members, "width", at: base, in: TransitionRanges.distance, &validator)
        guard let edge, let width else { return nil }
        return .edge(edge, width: width)
    }

    /// `{from, to, axis, distance, overshoot, sign}`; `axis` may be left out when `direction`
    /// names one.
    mutating func readScrub(
        _ value: JSONValue, at base: String, direction: PanDirection, validator: inout FieldValidator
    ) -> Scrub? {
        guard let members = validator.object(value, at: base, allowed: Self.scrubFields) else { return nil }
        let from = poseName(members, "from", at: base, &validator)
        let to = poseName(members, "to", at: base, &validator)
        let axis = readAxis(members, at: base, direction: direction, &validator)
        let distance = requiredNumber(members, "distance", at: base, in: TransitionRanges.distance, &validator)
        let overshoot = members["overshoot"].map { readOvershoot($0, at: base + "/overshoot", &validator) } ?? .clamp
        var sign = 1.0
        if let given = validator.number(members, "sign", at: base) {
            if given == 1 || given == -1 {
                sign = given
            } else {
                validator.fail(base + "/sign", "Must be 1 or -1; got \(NumberRange.format(given)).")
            }
        }
        let percentDriven = members["percentDriven"].flatMap {
            readPercentDriven($0, at: base + "/percentDriven", validator: &validator)
        }
        guard let from, let to, let axis, let distance, let overshoot else { return nil }
        var scrub = Scrub(from: from, to: to, axis: axis, distance: distance, overshoot: overshoot, sign: sign)
        scrub.percentDriven = percentDriven
        scrub.absolute = validator.bool(members, "absolute", at: base) ?? false
        scrub.minimum = validator.number(members, "minimum", at: base, in: TransitionRanges.progressBound)
        scrub.maximum = validator.number(members, "maximum", at: base, in: TransitionRanges.progressBound)
        scrub.holds = validator.choice(members, "holds", at: base) ?? .progress
        return scrub
    }

    /// `{curve, completionSpeed}`: the animation the scrub plays, and UIKit's completion speed.
    mutating func readPercentDriven(_ value: JSONValue, at base: String, validator: inout FieldValidator)
        -> PercentDriven?
    {
        guard let members = validator.object(value, at: base, allowed: Self.percentDrivenFields) else { return nil }
        let curve = required(members, "curve", at: base, "the animation the scrub plays, a curve", &validator)
            .flatMap { readCurve($0, at: base + "/curve", validator: &validator) }
        let speed = validator.number(members, "completionSpeed", at: base, in: TransitionRanges.completionSpeed) ?? 1
        guard var percentDriven = curve.map({ PercentDriven(curve: $0, completionSpeed: speed) }) else { return nil }
        percentDriven.reportedDuration = validator.number(
            members, "reportedDuration", at: base, in: TransitionRanges.reportedDuration)
        percentDriven.updatesOnRelease = validator.bool(members, "updatesOnRelease", at: base) ?? false
        percentDriven.cancelsAtProgressSpeed = validator.bool(members, "cancelsAtProgressSpeed", at: base) ?? false
        return percentDriven
    }

    /// `"clamp"`, `"extend"` or `{"rubberBand": c}`.
    func readOvershoot(_ value: JSONValue, at base: String, _ validator: inout FieldValidator) -> Overshoot? {
        switch value {
        case .string("clamp"): return .clamp
        case .string("extend"): return .extend
        case .object:
            guard let members = validator.object(value, at: base, allowed: ["rubberBand"]) else { return nil }
            return requiredNumber(members, "rubberBand", at: base, in: TransitionRanges.rubberBand, &validator)
                .map { .rubberBand($0) }
        default:
            validator.fail(base, "Expected \"clamp\", \"extend\" or {\"rubberBand\": c} (iOS's c is 0.55).")
            return nil
        }
    }

    /// `[{layer, scaled, axes}]`, at most one a layer.
    func readFollow(_ value: JSONValue, at base: String, _ validator: inout FieldValidator) -> [Follow]? {
        guard
            let items = array(
                value, at: base, minimum: 0, limit: limits.maxTransitionLayers, noun: "followers",
                flag: "--max-transition-layers", &validator)
        else { return nil }
        var follows: [Follow] = []
        for (index, item) in items.enumerated() {
            let pointer = base + "/\(index)"
            guard let members = validator.object(item, at: pointer, allowed: Self.followFields) else { continue }
            let layer = name(
                members, "layer", at: pointer, what: "the id of the layer that follows", required: true, &validator)
            let scaled = validator.bool(members, "scaled", at: pointer) ?? false
            var axes: Axis?
            switch validator.string(members, "axes", at: pointer) {
            case "x"?: axes = .x
            case "y"?: axes = .y
            case nil, "both"?: axes = nil
            case let other?:
                validator.fail(pointer + "/axes", "Unknown axes '\(other.prefix(80))'; use \"x\", \"y\" or \"both\".")
            }
            var follow = layer.map { Follow(layer: $0, scaled: scaled, axes: axes) }
            follow?.relative = validator.bool(members, "relative", at: pointer) ?? false
            if let follow { follows.append(follow) }
        }
        return follows
    }

    /// A scrub's or detents' `axis`: `x` or `y`, or when left out the one `direction` names.
    func readAxis(
        _ members: [String: JSONValue], at base: String, direction: PanDirection, _ validator: inout FieldValidator
    ) -> Axis? {
        guard members["axis"] == nil else { return validator.choice(members, "axis", at: base) }
        if direction.axis == nil {
            validator.fail(
                base + "/axis", "Required: \"x\" or \"y\" (it may be left out when the pan's direction names one).")
        }
        return direction.axis
    }
}

extension TransitionReader {
    /// Every member name a document's objects may hold, from the lists the reader allows: what a
    /// fuzzer's dictionary needs to reach past the unknown-field checks (Tests/Fuzz/segue.dict).
    public static var documentFieldNames: Set<String> {
        Set(
            tapFields + trackFields + panFields + scrubFields + percentDrivenFields + followFields + detentsFields
                + guardFields
                + conditionFields + stateFields + maskFields + shadowFields + layerFields + settleFields
                + ["window", "layers", "poses", "interaction", "name", "rubberBand", "edge", "rect", "gt", "lt"]
                + ["press", "tap", "pan"] + Scrub.Hold.allCases.map(\.rawValue))
    }
}
