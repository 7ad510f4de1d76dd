import Testing

@testable import SegueEngine

/// What every built-in preset owes the API, checked across the whole catalogue.
@Suite struct CataloguePresetTests {
    static let presets = PresetCatalogue.builtIn.presets.map { PresetBox(preset: $0) }

    /// A preset value that names itself in test output.
    struct PresetBox: CustomTestStringConvertible, Sendable {
        let preset: any Preset
        var testDescription: String { preset.description.id }
    }

    /// Gesture-driven presets refuse to run without a gesture; tap-started ones decide nothing.
    @Test(arguments: presets)
    func triggerShapesTheRun(box: PresetBox) throws {
        let preset = box.preset
        if preset.interactive {
            #expect(throws: SimulationError.gestureRequired) { try run(preset) }
        } else {
            #expect(try run(preset).decision == nil)
        }
    }

    /// Every parameter's default is a value its own spec accepts.
    @Test(arguments: presets)
    func defaultsAreWithinTheirSpecs(box: PresetBox) {
        for spec in box.preset.parameters + box.preset.sceneFields {
            switch (spec.kind, spec.defaultValue) {
            case (.number(let range, _), .number(let value)): #expect(range.contains(value), "\(spec.name)")
            case (.choice(let choices), .choice(let value)): #expect(choices.contains(value), "\(spec.name)")
            case (.bool, .bool), (.rect, .rect), (.size, .size): break
            default: Issue.record("\(spec.name): default does not match its kind")
            }
        }
    }
}
