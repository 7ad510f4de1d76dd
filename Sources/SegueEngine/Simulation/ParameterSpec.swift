public import SegueMath

/// A value a client can set in a preset's scene or parameters.
public enum ParameterValue: Sendable, Hashable {
    case number(Double)
    case bool(Bool)
    /// One of a fixed set of names.
    case choice(String)
    /// A rect in window points: `{"x","y","width","height"}` on the wire.
    case rect(Rect)
    /// A size in points: `{"width","height"}` on the wire.
    case size(Size)
}

/// One setting a preset accepts, with everything a client needs to offer it in a
/// form: its kind and range, its default, its unit, what it does and where the
/// default comes from.
public struct ParameterSpec: Sendable, Hashable {
    /// What values the setting takes.
    public enum Kind: Sendable, Hashable {
        /// A finite number in the range, in `unit`.
        case number(ClosedRange<Double>, unit: String)
        case bool
        /// One of these names.
        case choice([String])
        /// A rect with positive width and height.
        case rect
        /// A size with positive width and height.
        case size
    }

    public var name: String
    public var kind: Kind
    public var defaultValue: ParameterValue
    /// One line on what the setting does.
    public var summary: String
    /// Where the default comes from, as a client can look it up: the original (article, library
    /// and file, app) and its constant, or Segue's own choice where the original has none.
    public var source: String
    /// When set, a value left out follows from the others (a detail image that fills the
    /// window's width) instead of being `defaultValue`, which is then what it follows to in the
    /// default scene.
    public var follows: FollowingDefault?

    public init(
        name: String, kind: Kind, defaultValue: ParameterValue, summary: String, source: String,
        follows: FollowingDefault? = nil
    ) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.summary = summary
        self.source = source
        self.follows = follows
    }
}

/// A default that follows from other values: the rule, as a function of the values resolved so
/// far (the fields declared before it). Not part of a spec's identity: two rules compare equal,
/// as a spec's meaning is its name, kind and default.
public struct FollowingDefault: Sendable, Hashable {
    let rule: @Sendable (ParameterValues) -> ParameterValue

    public init(_ rule: @escaping @Sendable (ParameterValues) -> ParameterValue) {
        self.rule = rule
    }

    public static func == (lhs: FollowingDefault, rhs: FollowingDefault) -> Bool { true }

    public func hash(into hasher: inout Hasher) {}
}

/// Resolved values by name, every spec's default filled in where the client gave
/// none. Presets read them typed, through the `ParameterKey` that declared each
/// (`values[key]`), never by a name.
public struct ParameterValues: Sendable, Hashable {
    public var values: [String: ParameterValue]

    public init(_ values: [String: ParameterValue] = [:]) {
        self.values = values
    }

    /// The defaults of `specs`, overridden by `given`; a spec that `follows` others and is not
    /// given takes the value its rule derives from the specs before it, so a scene read from
    /// these values is the one the client meant (an iPad window gets an iPad-wide detail image).
    public init(specs: [ParameterSpec], given: [String: ParameterValue]) {
        var resolved = ParameterValues()
        for spec in specs {
            resolved.values[spec.name] = given[spec.name] ?? spec.follows?.rule(resolved) ?? spec.defaultValue
        }
        self = resolved
    }
}
