import Testing

@testable import SegueAPI
@testable import SegueEngine

/// The pan fields of Instagram's drag-to-dismiss survive the API: the document the preset builds
/// for parameters that use each of them (YUI's gate and rules, |tx| progress, the spring settle,
/// the projection's lookahead), written as the API answers it and read back, is the same pan.
@Suite struct TransitionPanClampRoundTripTests {
    @Test(arguments: [
        ["gate": "yui", "releaseRule": "yui", "progressMode": "absolute", "springSettle": "true"],
        ["releaseRule": "projection", "scaleRate": "0", "keepMaskOnCancel": "true"],
    ])
    func theDocumentReadsBackAsWritten(_ given: [String: String]) throws {
        let preset = try #require(
            PresetCatalogue.builtIn.preset(id: "instagram.pop.interactive") as? ParametricDocument)
        var values: [String: ParameterValue] = [:]
        for (name, text) in given {
            values[name] =
                text == "true" ? .bool(true) : Double(text).map { .number($0) } ?? .choice(text)
        }
        let document = preset.build(
            ParameterValues(specs: preset.sceneFields, given: [:]),
            ParameterValues(specs: preset.parameters, given: values))
        var writer = JSONWriter()
        ResolvedTransition(document: document).write(into: &writer)
        let value = try JSONParser.parse(writer.bytes)
        var validator = FieldValidator()
        var reader = TransitionReader(limits: RequestLimits())
        let read = reader.read(value, at: "", validator: &validator)
        #expect(validator.errors.isEmpty, "\(validator.errors)")
        // The writer fills in every default of the layers and poses; the pan reads back as it was.
        #expect(read?.document.interaction == document.interaction)
    }
}
