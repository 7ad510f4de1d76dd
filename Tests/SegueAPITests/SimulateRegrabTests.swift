import Foundation
import SegueEngine
import Testing

@testable import SegueAPI

/// POST /v1/simulate with multi-stroke gestures: only a preset that `acceptsRegrab` takes them;
/// every other preset still refuses a `began` after the release, as before.
@Suite struct SimulateRegrabTests {
    let service = SegueService(
        router: .segue(catalogue: .builtIn, readiness: Readiness()), makeRequestID: { "test-id" })

    /// Stroke 1 drags the shape up 60 pt (0.2 s) and lets go (a cancel); stroke 2 touches it
    /// 0.05 s into the spring back and drags it up 250 pt.
    static let twoStrokes = """
        {"t":0,"x":195,"y":740,"phase":"began"},{"t":0.1,"x":195,"y":710,"phase":"changed"},\
        {"t":0.2,"x":195,"y":680,"phase":"changed"},{"t":0.25,"x":195,"y":680,"phase":"ended"},\
        {"t":0.3,"x":195,"y":700,"phase":"began"},{"t":0.4,"x":195,"y":600,"phase":"changed"},\
        {"t":0.5,"x":195,"y":450,"phase":"changed"},{"t":0.55,"x":195,"y":450,"phase":"ended"}
        """

    private func post(_ body: String) -> (status: Int, json: [String: Any]) {
        var request = HTTPRequest(method: .post, path: "/v1/simulate", body: Array(body.utf8))
        request.headers.add(name: "Content-Type", value: "application/json")
        let response = service.respond(to: request)
        let json = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
        return (response.status.code, json)
    }

    @Test func aPresetThatAcceptsRegrabTakesTwoStrokes() throws {
        let (status, json) = post(#"{"preset":"touchwonders.shapeDrop","gesture":{"samples":[\#(Self.twoStrokes)]}}"#)
        #expect(status == 200, "\(json)")
        let events = try #require(json["events"] as? [[String: Any]]).compactMap { $0["type"] as? String }
        #expect(events == ["began", "released", "began", "released", "finished"])
        let decision = try #require(json["decision"] as? [String: Any])
        #expect(decision["time"] as? Double == 0.55)
        #expect((decision["explanation"] as? String)?.hasPrefix("stroke 2 of 2: ") == true)
    }

    @Test func everyOtherPresetStillRefusesASecondStroke() throws {
        let (status, json) = post(
            #"{"preset":"instagram.pop.interactive","gesture":{"samples":[\#(Self.twoStrokes)]}}"#)
        #expect(status == 422)
        let errors = try #require(json["errors"] as? [[String: String]])
        #expect(errors.map { $0["pointer"] } == (4...7).map { "/gesture/samples/\($0)" })
        #expect(errors[0]["detail"]?.contains("nothing may follow an \"ended\" or \"cancelled\" sample, so") == true)
    }

    @Test func aRegrabPresetStillRefusesABeganMidStroke() throws {
        let samples = #"{"t":0,"x":195,"y":740,"phase":"began"},{"t":0.1,"x":195,"y":700,"phase":"began"}"#
        let (status, json) = post(#"{"preset":"touchwonders.shapeDrop","gesture":{"samples":[\#(samples)]}}"#)
        #expect(status == 422)
        let errors = try #require(json["errors"] as? [[String: String]])
        #expect(errors.map { $0["pointer"] } == ["/gesture/samples/1/phase"])
    }

    @Test func aRegrabThatMissesTheElementIsRefusedAtItsBegan() throws {
        let missed = Self.twoStrokes.replacingOccurrences(
            of: #"{"t":0.3,"x":195,"y":700"#, with: #"{"t":0.3,"x":20,"y":100"#)
        let (status, json) = post(#"{"preset":"touchwonders.shapeDrop","gesture":{"samples":[\#(missed)]}}"#)
        #expect(status == 422, "\(json)")
        let errors = try #require(json["errors"] as? [[String: String]])
        #expect(errors.map { $0["pointer"] } == ["/gesture/samples/4"])
    }
}
