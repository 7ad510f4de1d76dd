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
    /// Where the default comes from: a seed file and constant, or "engine".
    public var source: String

    public init(name: String, kind: Kind, defaultValue: ParameterValue, summary: String, source: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.summary = summary
        self.source = source
    }
}

/// Resolved values by name, every spec's default filled in where the client gave
/// none. Presets read them typed, through the `ParameterKey` that declared each
/// (`values[key]`), never by a name.
public struct ParameterValues: Sendable, Hashable {
    public var values: [String: ParameterValue]

    public init(_ values: [String: ParameterValue] = [:]) {
        self.values = values
    }

    /// The defaults of `specs`, overridden by `given`.
    public init(specs: [ParameterSpec], given: [String: ParameterValue]) {
        var values: [String: ParameterValue] = [:]
        var named = Set<String>()
        for spec in specs {
            values[spec.name] = given[spec.name] ?? spec.defaultValue
            if given[spec.name] != nil { named.insert(spec.name) }
        }
        self.values = values
        self.given = named
    }

    /// The names the client set; every other value is its spec's default. A field whose default
    /// follows from another (a detail image that fills the window's width) reads this to follow
    /// the client's value of the other when the client left it out.
    public private(set) var given: Set<String> = []
}
