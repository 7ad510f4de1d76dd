/// What the catalogue says about one built-in transition: enough for a client to
/// list it and pick it, without its scene or parameters.
public struct PresetDescription: Sendable, Hashable {
    /// Stable identifier clients send back, such as `instagram.pop.interactive`.
    public var id: String
    /// A short human name for the transition.
    public var title: String
    /// One sentence on what the transition does.
    public var summary: String
    /// The seed document and section the transition comes from.
    public var source: String
    public init(id: String, title: String, summary: String, source: String) {
        self.id = id
        self.title = title
        self.summary = summary
        self.source = source
    }
}
