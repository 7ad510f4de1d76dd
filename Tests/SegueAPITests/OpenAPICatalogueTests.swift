import SegueEngine
import SegueTestSupport
import Testing

/// openapi.yaml's lists of preset ids follow the catalogue: `SimulateRequest.preset`'s enum
/// holds every preset in listing order, and the multi-stroke rule's enum the presets that accept
/// a regrab. Adding a preset fails here until the spec is updated; `SEGUE_RECORD_GOLDENS=1`
/// rewrites both lists from the catalogue (and fails, as every recording run does).
@Suite struct OpenAPICatalogueTests {
    static let path = Fixtures.root + "/openapi.yaml"
    static let catalogue = PresetCatalogue.builtIn

    /// The lines of `SimulateRequest.properties.preset.enum`: `- id` items after the line
    /// `enum:` that follows `preset:` and `type: string`.
    static func presetEnum(in lines: [Substring]) -> Range<Int>? {
        for index in lines.indices.dropLast(3)
        where lines[index] == "        preset:" && lines[index + 1] == "          type: string"
            && lines[index + 2] == "          enum:"
        {
            let start = index + 3
            var end = start
            while end < lines.count, lines[end].hasPrefix("            - ") { end += 1 }
            return start..<end
        }
        return nil
    }

    /// The one-line enum under the multi-stroke rule's `not:`: the presets that take several strokes.
    static func regrabEnum(in lines: [Substring]) -> Int? {
        lines.indices.dropLast().first { lines[$0].hasSuffix("not:") && lines[$0 + 1].contains("enum: [") }
            .map { $0 + 1 }
    }

    static var expectedPresetLines: [String] { catalogue.ids.map { "            - \($0)" } }

    static func expectedRegrabLine(like line: Substring) -> String {
        let indent = line.prefix { $0 == " " }
        let ids = catalogue.presets.filter(\.acceptsRegrab).map(\.description.id)
        return "\(indent)enum: [\(ids.joined(separator: ", "))]"
    }

    @Test func presetListsFollowTheCatalogue() throws {
        let bytes = try #require(Fixtures.read(Self.path))
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let presets = try #require(Self.presetEnum(in: lines), "SimulateRequest's preset enum not found")
        let regrab = try #require(Self.regrabEnum(in: lines), "the multi-stroke rule's enum not found")
        let expectedRegrab = Self.expectedRegrabLine(like: lines[regrab])
        if Fixtures.isRecording {
            lines[regrab] = Substring(expectedRegrab)
            lines.replaceSubrange(presets, with: Self.expectedPresetLines.map { Substring($0) })
            #expect(Fixtures.write(Array(lines.joined(separator: "\n").utf8), to: Self.path))
            Issue.record("recorded openapi.yaml's preset lists; run again without SEGUE_RECORD_GOLDENS")
            return
        }
        #expect(lines[presets].map(String.init) == Self.expectedPresetLines)
        #expect(String(lines[regrab]) == expectedRegrab)
    }
}
