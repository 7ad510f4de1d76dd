import Foundation
import SegueEngine
import SegueTestSupport
import Testing

@testable import SegueAPI

/// Forking a catalogue document: `GET /v1/presets/{id}` gives the document, and posting it as
/// `transition` with the example gesture gives the same frames and decision as naming the preset
/// (byte for byte once parsed: the same numbers, the same order). The catalogue's documents pan
/// with a scrub, with detents, and from an edge.
@Suite struct DocumentRoundTripTests {
    static let documents = PresetCatalogue.builtIn.presets.filter { $0.transitionDocument != nil }.map(
        \.description.id)

    static func get(_ path: String) -> HTTPResponse {
        SegueService.standard.respond(to: HTTPRequest(method: .get, path: path))
    }

    @Test(arguments: documents)
    func postingThePresetsDocumentGivesItsFrames(id: String) throws {
        let detail = try #require(JSONTestValue.object(Self.get("/v1/presets/\(id)").body))
        let document = try #require(detail["transition"] as? [String: Any], "\(id) serves its document")
        #expect(detail["transitionGap"] == nil)
        // A tap takes no gesture.
        let gesture = detail["exampleGesture"].flatMap { $0 is NSNull ? nil : $0 }
        var named: [String: Any] = ["preset": id]
        var forked: [String: Any] = ["transition": document]
        if let gesture {
            named["gesture"] = gesture
            forked["gesture"] = gesture
        }
        let a = SegueService.standard.simulate(Array(try JSONSerialization.data(withJSONObject: named)))
        let b = SegueService.standard.simulate(Array(try JSONSerialization.data(withJSONObject: forked)))
        #expect(a.status.code == 200 && b.status.code == 200, "\(String(decoding: b.body, as: UTF8.self).prefix(400))")
        let first = try #require(JSONTestValue.object(a.body))
        let second = try #require(JSONTestValue.object(b.body))
        #expect((first["frames"] as? NSArray)?.isEqual(second["frames"] as? NSArray) == true, "\(id): frames")
        let decisions = (first["decision"] as? NSDictionary, second["decision"] as? NSDictionary)
        #expect((gesture == nil) == (decisions.0 == nil), "\(id): a pan decides, a tap does not")
        #expect(decisions.0 == decisions.1 || decisions.0?.isEqual(decisions.1) == true, "\(id): decision")
        #expect((first["events"] as? NSArray)?.isEqual(second["events"] as? NSArray) == true, "\(id): events")
    }

    /// Every preset that is still code says why, and every document (a catalogue document, or a
    /// preset written as a document over its parameters) says nothing.
    @Test func everyPresetIsADocumentOrSaysWhyNot() throws {
        for preset in PresetCatalogue.builtIn.presets {
            let id = preset.description.id
            let detail = try #require(JSONTestValue.object(Self.get("/v1/presets/\(id)").body))
            let isDocument = preset is DocumentPreset || preset is ParametricDocument
            #expect((detail["transition"] is NSNull) != isDocument, "\(id)")
            #expect(((detail["transitionGap"] as? String)?.isEmpty == false) != isDocument, "\(id)")
        }
    }
}
