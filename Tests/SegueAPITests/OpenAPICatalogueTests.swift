import SegueEngine
import SegueTestSupport
import Testing

/// openapi.yaml's lists of preset ids follow the catalogue: `SimulateRequest.preset`'s examples
/// hold every preset in listing order (it is an open string, not an enum, so that a client
/// generated from the document takes presets added later), and the multi-stroke rule's enum the
/// presets that accept a regrab. Adding a preset fails here until the spec is updated;
/// `SEGUE_RECORD_GOLDENS=1` rewrites both lists from the catalogue (and fails, as every recording
/// run does).
@Suite struct OpenAPICatalogueTests {
    static let path = Fixtures.root + "/openapi.yaml"
    static let catalogue = PresetCatalogue.builtIn

    /// The lines of `SimulateRequest.properties.preset.examples`: `- id` items after the line
    /// `examples:` among the members of a `preset:` whose next line is `type: string` (the other
    /// such presets' examples, if any, are written on one line).
    static func presetExamples(in lines: [Substring]) -> Range<Int>? {
        for index in lines.indices.dropLast(2)
        where lines[index] == "        preset:" && lines[index + 1] == "          type: string" {
            // The preset's own members are indented by 10 (their values deeper); stop at the next
            // property or the end of `properties`.
            var member = index + 1
            while member < lines.count, lines[member].hasPrefix("          ") {
                if lines[member] == "          examples:" {
                    let start = member + 1
                    var end = start
                    while end < lines.count, lines[end].hasPrefix("            - ") { end += 1 }
                    return start..<end
                }
                member += 1
            }
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
        let presets = try #require(Self.presetExamples(in: lines), "SimulateRequest's preset examples not found")
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
