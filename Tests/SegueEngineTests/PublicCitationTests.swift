import SegueEngine
import SegueMath
import Testing

/// What a client reads about a preset cites what a client can open: the article, its author, the
/// library or repository and file, the app. Segue's private working notes (the numbered source
/// documents and the specs written from them) never ship, so no client-visible string may point
/// at them.
@Suite struct PublicCitationTests {
    /// Markers of the private notes: "seed 000" … "seed 004", their file names, and section signs.
    static let privateMarkers = ["seed 0", "seed-transitions", "motion-math", "§", "(S2", " S2 ", " S5 ", " S6 "]

    /// Every string `GET /v1/presets/{id}` and the example's simulation show a client.
    static func clientStrings(_ preset: any Preset) throws -> [String] {
        let d = preset.description
        var strings = [d.title, d.summary, d.source]
        for spec in preset.parameters + preset.sceneFields {
            strings += [spec.summary, spec.source]
        }
        for rule in preset.decisionRules {
            strings += [rule.summary, rule.source]
        }
        let gesture = try preset.exampleGesture.map {
            try GestureTrack(samples: $0, allowsMultipleStrokes: preset.acceptsRegrab)
        }
        let simulation = try preset.simulate(
            SimulationInput(
                scene: ParameterValues(specs: preset.sceneFields, given: [:]),
                parameters: ParameterValues(specs: preset.parameters, given: [:]), gesture: gesture, frameRate: 60))
        strings += simulation.layers.map(\.role)
        if let decision = simulation.decision { strings.append(decision.explanation) }
        for frame in simulation.frames {
            for annotation in frame.annotations {
                if case .text(let text) = annotation.value { strings.append(text) }
            }
        }
        return strings
    }

    @Test(arguments: PresetCatalogue.builtIn.presets.map(\.description.id))
    func clientStringsCitePublicSources(id: String) throws {
        let preset = try #require(PresetCatalogue.builtIn.preset(id: id))
        for text in try Self.clientStrings(preset) {
            for marker in Self.privateMarkers {
                #expect(!text.contains(marker), "\(id): \(text)")
            }
        }
    }
}
