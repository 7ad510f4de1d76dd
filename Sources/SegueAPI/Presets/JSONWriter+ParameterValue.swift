import SegueEngine

extension JSONWriter {
    /// A scene or parameter value as the wire spells it: a number, true or false, a
    /// choice's name, `{"x","y","width","height"}` or `{"width","height"}`.
    mutating func value(_ value: ParameterValue) {
        switch value {
        case .number(let number): self.number(number)
        case .bool(let bool): self.bool(bool)
        case .choice(let name): string(name)
        case .rect(let rect): self.rect(rect)
        case .size(let size): self.size(size)
        }
    }
}
