public import SegueMath

/// A Swift type a parameter key reads: the value a `ParameterValue` holds, typed.
public protocol ParameterReadable: Sendable {
    /// The typed value, or nil when `value` holds another kind.
    init?(parameterValue value: ParameterValue)
    /// The wire value for `self`, as a default is offered to clients.
    var parameterValue: ParameterValue { get }
}

extension Double: ParameterReadable {
    public init?(parameterValue value: ParameterValue) {
        guard case .number(let number) = value else { return nil }
        self = number
    }
    public var parameterValue: ParameterValue { .number(self) }
}

extension Bool: ParameterReadable {
    public init?(parameterValue value: ParameterValue) {
        guard case .bool(let bool) = value else { return nil }
        self = bool
    }
    public var parameterValue: ParameterValue { .bool(self) }
}

extension Rect: ParameterReadable {
    public init?(parameterValue value: ParameterValue) {
        guard case .rect(let rect) = value else { return nil }
        self = rect
    }
    public var parameterValue: ParameterValue { .rect(self) }
}

extension Size: ParameterReadable {
    public init?(parameterValue value: ParameterValue) {
        guard case .size(let size) = value else { return nil }
        self = size
    }
    public var parameterValue: ParameterValue { .size(self) }
}

/// The values of a choice parameter: a string enum whose cases are the names a client sends,
/// in the order they are offered.
public protocol ParameterChoice: ParameterReadable, RawRepresentable<String>, CaseIterable {}

extension ParameterChoice {
    public init?(parameterValue value: ParameterValue) {
        guard case .choice(let name) = value else { return nil }
        self.init(rawValue: name)
    }
    public var parameterValue: ParameterValue { .choice(rawValue) }
    /// Every name, in declaration order.
    public static var names: [String] { allCases.map(\.rawValue) }
}

/// One setting of a preset's scene or parameters, declared once: its name, kind, range, unit,
/// default, what it does and where the default comes from. The preset's public spec list, the
/// API's validation and documentation, and the preset's typed read (`values[key]`) all derive
/// from it, so a name cannot be misspelt in one place only and a choice is read as its enum.
public struct ParameterKey<Value: ParameterReadable>: Sendable {
    /// The setting as the API offers it.
    public let spec: ParameterSpec
    /// The default, typed.
    public let defaultValue: Value

    init(spec: ParameterSpec, defaultValue: Value) {
        self.spec = spec
        self.defaultValue = defaultValue
    }

    /// The name clients send.
    public var name: String { spec.name }

    /// The same setting with another default (a preset of the family that starts elsewhere),
    /// and optionally another summary and source for that default.
    public func defaulting(to value: Value, summary: String? = nil, source: String? = nil) -> Self {
        var spec = spec
        spec.defaultValue = value.parameterValue
        if let summary { spec.summary = summary }
        if let source { spec.source = source }
        return Self(spec: spec, defaultValue: value)
    }
}

extension ParameterKey where Value == Double {
    /// A finite number in `range`, in `unit` ("" for a pure ratio).
    public static func number(
        _ name: String, default value: Double, in range: ClosedRange<Double>, unit: String = "", summary: String,
        source: String
    ) -> Self {
        Self(
            spec: ParameterSpec(
                name: name, kind: .number(range, unit: unit), defaultValue: .number(value), summary: summary,
                source: source),
            defaultValue: value)
    }
}

extension ParameterKey where Value == Bool {
    /// A switch.
    public static func flag(_ name: String, default value: Bool = false, summary: String, source: String) -> Self {
        Self(
            spec: ParameterSpec(name: name, kind: .bool, defaultValue: .bool(value), summary: summary, source: source),
            defaultValue: value)
    }
}

extension ParameterKey where Value: ParameterChoice {
    /// One of `Value`'s cases, offered in declaration order.
    public static func choice(_ name: String, default value: Value, summary: String, source: String) -> Self {
        Self(
            spec: ParameterSpec(
                name: name, kind: .choice(Value.names), defaultValue: value.parameterValue, summary: summary,
                source: source),
            defaultValue: value)
    }
}

extension ParameterKey where Value == Rect {
    /// A rect in window points with positive width and height.
    public static func rect(_ name: String, default value: Rect, summary: String, source: String) -> Self {
        Self(
            spec: ParameterSpec(name: name, kind: .rect, defaultValue: .rect(value), summary: summary, source: source),
            defaultValue: value)
    }

    /// A rect that, left out, follows from the values declared before it (`rule`); `value` is
    /// where it lies in the default scene.
    public static func rect(
        _ name: String, default value: Rect, follows rule: @escaping @Sendable (ParameterValues) -> Rect,
        summary: String, source: String
    ) -> Self {
        Self(
            spec: ParameterSpec(
                name: name, kind: .rect, defaultValue: .rect(value), summary: summary, source: source,
                follows: FollowingDefault { .rect(rule($0)) }),
            defaultValue: value)
    }
}

extension ParameterKey where Value == Size {
    /// A size in points with positive width and height.
    public static func size(_ name: String, default value: Size, summary: String, source: String) -> Self {
        Self(
            spec: ParameterSpec(name: name, kind: .size, defaultValue: .size(value), summary: summary, source: source),
            defaultValue: value)
    }
}

extension ParameterValues {
    /// The value of `key`: the client's, else the key's default. Values are checked against
    /// the key's kind by the API before they get here, so a mismatched kind cannot occur; if
    /// it did, the key's own default stands in rather than a 0 or "" no one declared.
    public subscript<Value>(key: ParameterKey<Value>) -> Value {
        values[key.spec.name].flatMap(Value.init(parameterValue:)) ?? key.defaultValue
    }
}

/// Any parameter key, whatever it reads: what a preset lists.
public protocol AnyParameterKey: Sendable {
    var spec: ParameterSpec { get }
}

extension ParameterKey: AnyParameterKey {}

extension Array where Element == ParameterSpec {
    /// The specs of `keys`, in order: a preset's scene or parameter list.
    public init(_ keys: any AnyParameterKey...) {
        self = keys.map(\.spec)
    }
}
