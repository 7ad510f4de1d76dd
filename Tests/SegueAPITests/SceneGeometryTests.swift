import Foundation
import SegueEngine
import SegueMath
import SegueTestSupport
import Testing

@testable import SegueAPI

/// Scene fields that follow from the window follow it when left out, and geometry that could
/// never be on screen is refused at both fields that could fix it.
@Suite struct SceneGeometryTests {
    static let service = SegueService(router: .segue(catalogue: .builtIn, readiness: Readiness()))

    static func post(_ body: String) throws -> (status: Int, json: [String: Any]) {
        let response = service.respond(
            to: HTTPRequest(
                method: .post, path: "/v1/simulate", headers: ["Content-Type": "application/json"],
                body: Array(body.utf8)))
        return (response.status.code, try #require(JSONTestValue.object(response.body)))
    }

    /// The answer's `scene` shows where the fields left out went: in an iPad window the Instagram
    /// cell is item 4 of a 3-column grid with 2 pt spacing under a 97 pt header, (1024 − 4) / 3 =
    /// 340 pt wide at (342, 439), and the 4:5 detail image fills the 1024 pt width at y = 160;
    /// a field the client sent comes back as sent.
    @Test func theAnswersSceneShowsWhereTheFieldsLeftOutWent() throws {
        let answer = try Self.post(
            #"{"preset":"instagram.push","scene":{"window":{"width":1024,"height":1366},"#
                + #""detailImageFrame":{"x":0,"y":100,"width":1024,"height":1024}}}"#)
        #expect(answer.status == 200)
        let scene = try #require(answer.json["scene"] as? [String: [String: Double]])
        #expect(Array(scene.keys).sorted() == ["cellFrame", "detailImageFrame", "window"])
        #expect(scene["window"] == ["width": 1024, "height": 1366])
        #expect(scene["cellFrame"] == ["x": 342, "y": 439, "width": 340, "height": 340])
        #expect(scene["detailImageFrame"] == ["x": 0, "y": 100, "width": 1024, "height": 1024])
    }

    /// Every rect of every preset's scene, moved wholly to the right of its window, is a 422 at
    /// that rect and at the window; the ids and fields come from the catalogue.
    /// (Transition documents have no scene: their window and frames are the document's.)
    @Test(arguments: PresetCatalogue.builtIn.presets.filter { !$0.sceneFields.isEmpty }.map(\.description.id))
    func aRectOutsideTheWindowIsRefusedAtBothFields(id: String) throws {
        let preset = try #require(PresetCatalogue.builtIn.preset(id: id))
        guard case .size(let window) = preset.sceneFields.first(where: { $0.name == "window" })?.defaultValue else {
            Issue.record("\(id) has no window")
            return
        }
        let example = try #require(Fixtures.exampleRequests().first { $0.name == id })
        var request = try #require(try JSONSerialization.jsonObject(with: Data(example.body)) as? [String: Any])
        for field in preset.sceneFields {
            guard case .rect(let rect) = field.defaultValue else { continue }
            let away = ["x": window.width + 1000, "y": rect.y, "width": rect.width, "height": rect.height]
            var scene = request["scene"] as? [String: Any] ?? [:]
            scene[field.name] = away
            request["scene"] = scene
            let body = String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self)
            let answer = try Self.post(body)
            #expect(answer.status == 422, "\(id) \(field.name)")
            let pointers = (answer.json["errors"] as? [[String: Any]] ?? []).compactMap { $0["pointer"] as? String }
            #expect(pointers.contains("/scene/\(field.name)"), "\(id) \(field.name): \(pointers)")
            #expect(pointers.contains("/scene/window"), "\(id) \(field.name): \(pointers)")
            request["scene"] = nil
        }
    }

    /// An iPad window with the Instagram scene's cell and image left out: the image fills the
    /// 1024 pt width at 4:5, (0, 160, 1024, 1280), and the cell is item 4 of the 3-column grid,
    /// c = (1024 − 4)/3 = 340 at (342, 439). A finished pop's mask is then the cell's square
    /// fitted in the image, (0, 160 + (1280 − 1024)/2, 1024, 1024), and the push starts with the
    /// image scaled to cover the cell, s = max(340/1024, 340/1280).
    @Test func anIPadWindowLaysOutTheImageAndCellForItsWidth() throws {
        let window = #"{"window":{"width":1024,"height":1366}}"#
        let pop = try Self.post(#"{"preset":"instagram.pop","scene":\#(window)}"#)
        #expect(pop.status == 200)
        let popFrames = try #require(pop.json["frames"] as? [[String: Any]])
        let settled = try #require((popFrames.last?["layers"] as? [String: Any])?["detail"] as? [String: Any])
        let mask = try #require((settled["mask"] as? [String: Any])?["rect"] as? [String: Double])
        #expect(mask == ["x": 0, "y": 288, "width": 1024, "height": 1024])

        let push = try Self.post(#"{"preset":"instagram.push","scene":\#(window)}"#)
        let first = try #require((push.json["frames"] as? [[String: Any]])?.first)
        let detail = try #require((first["layers"] as? [String: Any])?["detail"] as? [String: Any])
        let scale = try #require((detail["transform"] as? [String: Double])?["a"])
        #expect(abs(scale - 340.0 / 1024) < 1e-6)
        let placeholder = try #require((first["layers"] as? [String: Any])?["placeholder"] as? [String: Any])
        #expect(
            placeholder["presentationFrame"] as? [String: Double] == ["x": 342, "y": 439, "width": 340, "height": 340])
    }

    /// A field the client gives is kept as given, whatever the window.
    @Test func aGivenDetailImageIsKept() throws {
        let answer = try Self.post(
            #"{"preset":"instagram.pop","scene":{"window":{"width":1024,"height":1366},"#
                + #""detailImageFrame":{"x":0,"y":160,"width":390,"height":487.5}}}"#)
        #expect(answer.status == 200)
        let frames = try #require(answer.json["frames"] as? [[String: Any]])
        let settled = try #require((frames.last?["layers"] as? [String: Any])?["detail"] as? [String: Any])
        let mask = try #require((settled["mask"] as? [String: Any])?["rect"] as? [String: Double])
        #expect(mask["width"] == 390)
    }
}
