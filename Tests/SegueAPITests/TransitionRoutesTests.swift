import Foundation
import SegueEngine
import SegueTestSupport
import Testing

@testable import SegueAPI

/// A client's own document everywhere a preset goes: `POST /v1/decisions` maps its release rule,
/// and the drive socket's `start` takes it, with the frames, decision and events of
/// `POST /v1/simulate` for the same document and samples.
@Suite struct TransitionRoutesTests {
    static let service = SegueService(router: .segue(catalogue: .builtIn, readiness: Readiness()))

    /// The catalogue's swipe back as a client would fork it: `GET /v1/presets/ios.swipeBack`'s document.
    static func swipeBack() throws -> Any {
        let response = service.respond(to: HTTPRequest(method: .get, path: "/v1/presets/ios.swipeBack"))
        return try #require(JSONTestValue.object(response.body)?["transition"])
    }

    static func post(_ path: String, _ body: [String: Any]) throws -> (status: Int, json: [String: Any]) {
        let bytes = try JSONSerialization.data(withJSONObject: body)
        let response = service.respond(
            to: HTTPRequest(
                method: .post, path: path, headers: ["Content-Type": "application/json"], body: Array(bytes)))
        return (response.status.code, try #require(JSONTestValue.object(response.body)))
    }

    /// Flutter's rule in the document: finish when v > 390 pt/s (one width a second), cancel when
    /// v < −390, else finish past half the width (195 pt). Cells at translations 125 and 275 pt and
    /// velocities −1000, 0 and 1000 pt/s, away from both boundaries: cc, cf, ff by velocity row.
    @Test func aDocumentsDecisionMapIsItsGuards() throws {
        let answer = try Self.post(
            "/v1/decisions",
            [
                "transition": try Self.swipeBack(), "translation": ["min": 50, "max": 350, "steps": 2],
                "velocity": ["min": -1500, "max": 1500, "steps": 3],
            ])
        #expect(answer.status == 200, "\(answer.json)")
        #expect(answer.json["outcomes"] as? [String] == ["cc", "cf", "ff"])
        #expect((answer.json["translation"] as? [String: Any])?["values"] as? [Double] == [125, 275])
        // The map of the named preset is the same.
        let named = try Self.post(
            "/v1/decisions",
            [
                "preset": "ios.swipeBack", "translation": ["min": 50, "max": 350, "steps": 2],
                "velocity": ["min": -1500, "max": 1500, "steps": 3],
            ])
        #expect(named.json["outcomes"] as? [String] == ["cc", "cf", "ff"])
        // A tap document has no release to map.
        var tap = try #require(try Self.swipeBack() as? [String: Any])
        tap["interaction"] = [
            "type": "tap", "from": "pushed", "to": "popped", "curve": ["type": "named", "name": "easeOut"],
        ]
        let refused = try Self.post("/v1/decisions", ["transition": tap])
        #expect(refused.status == 422)
        let pointers = (refused.json["errors"] as? [[String: Any]])?.compactMap { $0["pointer"] as? String }
        #expect(pointers == ["/transition/interaction/type"])
        // Nor does a press: the finger does not travel.
        var press = tap
        press["interaction"] = [
            "type": "press", "from": "pushed", "to": "popped", "curve": ["type": "named", "name": "easeOut"],
        ]
        let pressed = try Self.post("/v1/decisions", ["transition": press])
        #expect(pressed.status == 422)
        let pressPointers = (pressed.json["errors"] as? [[String: Any]])?.compactMap { $0["pointer"] as? String }
        #expect(pressPointers == ["/transition/interaction/type"])
        // Simulated, a press needs a gesture, and says so without sending the client to a preset's page.
        let bare = try Self.post("/v1/simulate", ["transition": press])
        let detail = (bare.json["errors"] as? [[String: Any]])?.first?["detail"] as? String ?? ""
        #expect(bare.status == 422 && detail.contains("the transition document (a pan or a press)"), "\(detail)")
    }

    /// Without spans, a document's map runs along its own drag: the photo's scrub from 0 to its 400 pt
    /// distance (down), the sheet's detents from the medium one (top at 422) back up to the large
    /// (57: −365 pt) and down to dismissed (844: +422 pt), not over the window's 844 pt.
    @Test func aDocumentsMapSpansItsScrubOrItsDetents() throws {
        for (id, span) in [("photo.dragToDismiss", (0.0, 400.0)), ("ios.sheetDetents", (-365.0, 422.0))] {
            let answer = try Self.post("/v1/decisions", ["preset": id, "translation": ["steps": 2]])
            #expect(answer.status == 200, "\(answer.json)")
            let translation = try #require(answer.json["translation"] as? [String: Any])
            #expect(translation["min"] as? Double == span.0, "\(id)")
            #expect(translation["max"] as? Double == span.1, "\(id)")
            #expect(answer.json["axis"] as? [String: Double] == ["x": 0, "y": 1], "\(id): down the screen")
        }
    }

    /// The drive socket started with the document, sent the example gesture in messages of three
    /// samples, sends the frames, decision and events `POST /v1/simulate` answers for it.
    @Test func theDriveSocketTakesADocument() throws {
        let document = try Self.swipeBack()
        let samples = (PresetCatalogue.builtIn.preset(id: "ios.swipeBack")?.exampleGesture ?? []).map {
            ["t": $0.time, "x": $0.location.x, "y": $0.location.y, "phase": $0.phase.rawValue] as [String: Any]
        }
        #expect(samples.count > 3)
        let expected = try Self.post("/v1/simulate", ["transition": document, "gesture": ["samples": samples]])
        #expect(expected.status == 200)
        var session = DriveSessionTests.session()
        var received = DriveSessionTests.messages(
            session.receive(DriveSessionTests.json(["type": "start", "transition": document]), now: 0))
        #expect(received.first?["type"] as? String == "started", "\(received.first ?? [:])")
        var index = 0
        while index < samples.count {
            let end = min(index + 3, samples.count)
            received += DriveSessionTests.messages(
                session.receive(
                    DriveSessionTests.json(["type": "samples", "samples": Array(samples[index..<end])]),
                    now: Double(index) * 0.01))
            index = end
        }
        let frames = received.filter { $0["type"] as? String == "frames" }.flatMap { $0["frames"] as? [Any] ?? [] }
        #expect(DriveSessionTests.same(frames, expected.json["frames"]))
        let decision = received.first { $0["type"] as? String == "decision" }?["decision"]
        #expect(DriveSessionTests.same(decision, expected.json["decision"]))
        #expect(received.last?["type"] as? String == "settled")
        #expect(DriveSessionTests.same(received.last?["events"], expected.json["events"]))
    }
}
