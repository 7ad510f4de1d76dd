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

    /// What citing the public originals instead of the notes can leave behind when a citation is
    /// cut out of a sentence: punctuation before a closing parenthesis ("jump,)", "0.8;)"), a
    /// possessive with nobody before it ("begins,'s gate"), a phrase said
    /// twice in a row ("X, X"), or a source naming Segue's internals ("engine", an issue).
    static func leftovers(in text: String, isSource: Bool) -> [String] {
        var found = [",)", ";)", "–,", "(,", "( ", ",'s"].filter { text.contains($0) }
        let characters = Array(text)
        for index in characters.indices
        where characters[index] == "," && index + 1 < characters.count && characters[index + 1] == " " {
            let after = characters[(index + 2)...]
            for length in stride(from: min(index, after.count), through: 12, by: -1) {
                if Array(characters[(index - length)..<index]) == Array(after.prefix(length)) {
                    found.append("said twice: \(String(after.prefix(length)))")
                    break
                }
            }
        }
        if isSource && (text == "engine" || text.hasPrefix("engine ") || text.contains("issue")) {
            found.append("an internal source")
        }
        return found
    }

    @Test(arguments: PresetCatalogue.builtIn.presets.map(\.description.id))
    func clientStringsReadAsWhole(id: String) throws {
        let preset = try #require(PresetCatalogue.builtIn.preset(id: id))
        let sources = Set(
            [preset.description.source] + (preset.parameters + preset.sceneFields).map(\.source)
                + preset.decisionRules.map(\.source))
        for text in try Self.clientStrings(preset) {
            let found = Self.leftovers(in: text, isSource: sources.contains(text))
            #expect(found.isEmpty, "\(id): \(found) in \(text)")
        }
    }

    /// The check above finds what it is for, on sentences written here.
    @Test func leftoversAreFound() {
        #expect(Self.leftovers(in: "animated directly (no first-frame jump,); drawn", isSource: false) == [",)"])
        #expect(!Self.leftovers(in: "a duration (UIKit's mapping, UIKit's mapping).", isSource: false).isEmpty)
        #expect(Self.leftovers(in: "engine", isSource: true) == ["an internal source"])
        #expect(Self.leftovers(in: "finish() and cancel() play the rest, as UIKit's do", isSource: false).isEmpty)
        #expect(Self.leftovers(in: "|v| > 3 and vy > 0 finishes, |v| > 3 and vy < 0 cancels", isSource: false).isEmpty)
    }

    /// Names on the wire are what a client types: no choice value or decision rule is named
    /// after the private notes ("seed" meant "as the original does").
    @Test(arguments: PresetCatalogue.builtIn.presets.map(\.description.id))
    func wireNamesSayWhatTheyAre(id: String) throws {
        let preset = try #require(PresetCatalogue.builtIn.preset(id: id))
        var names = preset.decisionRules.map(\.id)
        for spec in preset.parameters + preset.sceneFields {
            if case .choice(let choices) = spec.kind { names += choices }
        }
        for name in names {
            #expect(!name.lowercased().contains("seed"), "\(id): \(name)")
        }
    }
}
