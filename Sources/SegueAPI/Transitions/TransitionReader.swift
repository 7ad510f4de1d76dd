public import SegueEngine
import SegueMath

/// Reads a `transition` document (docs/transitions.md) out of a request, as the simulate
/// request's other fields are read: every mistake reported at once, each at its JSON Pointer
/// under `base` (`/transition`), unknown members refused; then the document's cross-reference
/// mistakes (`TransitionDocument.problems`) under the same base.
///
/// The counts a request may make the server hold (layers, poses, guards, image bytes) are
/// checked against `limits` before their items are read.
public struct TransitionReader {
    let limits: RequestLimits
    /// The wire form of each curve read, for the resolved document.
    var curves: [CurveSpec: [String: JSONValue]] = [:]

    public static let fields = ["window", "layers", "poses", "interaction"]

    public init(limits: RequestLimits) {
        self.limits = limits
    }

    /// The document at `base`, or nil with every problem recorded in `validator`.
    public mutating func read(_ value: JSONValue, at base: String, validator: inout FieldValidator)
        -> ResolvedTransition?
    {
        let before = validator.problemCount
        guard let members = validator.object(value, at: base, allowed: Self.fields) else { return nil }
        let window = required(members, "window", at: base, "the window the layers sit in, {width, height}", &validator)
            .flatMap { readWindow($0, at: base + "/window", validator: &validator) }
        let layers = required(members, "layers", at: base, "the layers, bottom to top", &validator)
            .flatMap { readLayers($0, at: base + "/layers", validator: &validator) }
        let poses = required(members, "poses", at: base, "the poses, the first giving every layer's frame", &validator)
            .flatMap { readPoses($0, at: base + "/poses", validator: &validator) }
        let interaction = required(members, "interaction", at: base, "a tap or a pan", &validator)
            .flatMap { readInteraction($0, at: base + "/interaction", validator: &validator) }
        guard let layers, let poses else { return nil }
        // Cross-references are checked on what did read; a placeholder stands in for a window or an
        // interaction that did not, whose own problems are already recorded.
        let document = TransitionDocument(
            window: window ?? Size(width: 1, height: 1), layers: layers, poses: poses,
            interaction: interaction
                ?? .tap(TapInteraction(from: poses.first?.name ?? "", to: poses.first?.name ?? "", curve: .linear)))
        let reported = validator.errors.map(\.pointer)
        for problem in document.problems {
            if interaction == nil, problem.pointer.hasPrefix("/interaction") { continue }
            let pointer = base + problem.pointer
            // A field refused already (a frame out of range is not also a frame missing).
            if reported.contains(where: { Self.related($0, pointer) }) { continue }
            validator.fail(pointer, problem.detail)
        }
        guard validator.problemCount == before, window != nil, interaction != nil else { return nil }
        return ResolvedTransition(document: document, curves: curves)
    }

    /// Whether one pointer is the other or lies within it.
    static func related(_ a: String, _ b: String) -> Bool {
        a == b || a.hasPrefix(b + "/") || b.hasPrefix(a + "/")
    }

    /// `members[name]`, or nil with a problem saying what is required there.
    func required(
        _ members: [String: JSONValue], _ name: String, at base: String, _ what: String,
        _ validator: inout FieldValidator
    ) -> JSONValue? {
        guard let value = members[name] else {
            validator.fail(base + "/" + name, "Required: \(what).")
            return nil
        }
        return value
    }

    /// A number that must be there, in `range`.
    func requiredNumber(
        _ members: [String: JSONValue], _ name: String, at base: String, in range: NumberRange,
        _ validator: inout FieldValidator
    ) -> Double? {
        guard members[name] != nil else {
            validator.fail(base + "/" + name, "Required: a number \(range.description).")
            return nil
        }
        return validator.number(members, name, at: base, in: range)
    }

    /// A name (a layer id, a pose name, a guard id): 1…64 letters, digits, `.`, `_` or `-`. A
    /// name of the wrong form is refused here and still returned, so that what refers to it is
    /// not also called unknown.
    func name(
        _ members: [String: JSONValue], _ field: String, at base: String, what: String, required isRequired: Bool,
        _ validator: inout FieldValidator
    ) -> String? {
        guard members[field] != nil else {
            if isRequired { validator.fail(base + "/" + field, "Required: \(what).") }
            return nil
        }
        guard let name = validator.string(members, field, at: base) else { return nil }
        if let problem = Self.idProblem(name) { validator.fail(base + "/" + field, problem) }
        return name
    }

    /// Why `id` is not a name a document may use, or nil when it is one.
    static func idProblem(_ id: String) -> String? {
        guard !TransitionRanges.isID(id) else { return nil }
        return "Must be 1 to \(TransitionRanges.maxIDLength) letters, digits, '.', '_' or '-'; got "
            + "\(id.utf8.count) bytes '\(id.prefix(80))'."
    }

    /// `{x, y, width, height}`: a frame or a mask's rect.
    func rect(_ value: JSONValue, at base: String, _ validator: inout FieldValidator) -> Rect? {
        guard let members = validator.object(value, at: base, allowed: ["x", "y", "width", "height"]) else {
            return nil
        }
        let x = requiredNumber(members, "x", at: base, in: TransitionRanges.coordinate, &validator)
        let y = requiredNumber(members, "y", at: base, in: TransitionRanges.coordinate, &validator)
        let width = requiredNumber(members, "width", at: base, in: TransitionRanges.size, &validator)
        let height = requiredNumber(members, "height", at: base, in: TransitionRanges.size, &validator)
        guard let x, let y, let width, let height else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// `{x, y}`: a translation or an offset.
    func point(_ value: JSONValue, at base: String, _ validator: inout FieldValidator) -> Point? {
        guard let members = validator.object(value, at: base, allowed: ["x", "y"]) else { return nil }
        let x = requiredNumber(members, "x", at: base, in: TransitionRanges.coordinate, &validator)
        let y = requiredNumber(members, "y", at: base, in: TransitionRanges.coordinate, &validator)
        guard let x, let y else { return nil }
        return Point(x: x, y: y)
    }

    /// An array of at most `limit` items (named by `flag`), at least `minimum`.
    func array(
        _ value: JSONValue, at base: String, minimum: Int, limit: Int, noun: String, flag: String,
        _ validator: inout FieldValidator
    ) -> [JSONValue]? {
        guard case .array(let items) = value else {
            validator.fail(base, "Expected an array of \(noun) here, not \(value.kind).")
            return nil
        }
        guard items.count <= limit else {
            validator.fail(
                base,
                "There are \(items.count) \(noun) here, more than the \(limit) this server accepts (its \(flag)).")
            return nil
        }
        guard items.count >= minimum else {
            validator.fail(base, "Must hold at least \(minimum) of the \(noun); it holds \(items.count).")
            return nil
        }
        return items
    }

    func readWindow(_ value: JSONValue, at base: String, validator: inout FieldValidator) -> Size? {
        guard let members = validator.object(value, at: base, allowed: ["width", "height"]) else { return nil }
        let width = requiredNumber(members, "width", at: base, in: TransitionRanges.windowSide, &validator)
        let height = requiredNumber(members, "height", at: base, in: TransitionRanges.windowSide, &validator)
        guard let width, let height else { return nil }
        return Size(width: width, height: height)
    }
}

extension CurveSpec {
    /// A stand-in where a curve did not read (its problem is recorded; the document is not run).
    static let linear = CurveSpec.cubic(.linear, duration: 0.25)
}
