import Foundation
import SegueEngine
import SegueTestSupport
import Testing

@testable import SegueAPI

/// `POST /v1/simulate` with a gesture still in progress, for every interactive preset's example
/// request: cut after each `began` or `changed` sample, the answer says `open: true`, has no
/// decision (unless the whole gesture's was taken by then), and its frames are, as JSON, exactly
/// the first frames of the whole gesture's answer: those at or before the cut's latest sample.
@Suite struct SimulateOpenGestureTests {
    static let interactiveExamples = Fixtures.exampleRequests().filter { example in
        PresetCatalogue.builtIn.preset(id: example.name)?.interactive ?? false
    }
    let service = SegueService(router: .segue(catalogue: .builtIn, readiness: Readiness()))

    func post(_ request: [String: Any]) throws -> (status: Int, body: [String: Any]) {
        let body = try JSONSerialization.data(withJSONObject: request)
        let response = service.respond(
            to: HTTPRequest(
                method: .post, path: "/v1/simulate", headers: ["Content-Type": "application/json"],
                body: Array(body)))
        let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        return (response.status.code, try #require(object))
    }

    @Test(arguments: interactiveExamples.map(\.name))
    func everyOpenCutAnswersTheFirstFramesOfTheWholeAnswer(name: String) throws {
        let example = try #require(Self.interactiveExamples.first { $0.name == name })
        var request = try #require(try JSONSerialization.jsonObject(with: Data(example.body)) as? [String: Any])
        let whole = try post(request)
        #expect(whole.status == 200)
        #expect(whole.body["open"] as? Bool == false)
        let wholeFrames = try #require(whole.body["frames"] as? [[String: Any]])
        var gesture = try #require(request["gesture"] as? [String: Any])
        let samples = try #require(gesture["samples"] as? [[String: Any]])
        for end in samples.indices where ["began", "changed"].contains(samples[end]["phase"] as? String) {
            gesture["samples"] = Array(samples[...end])
            request["gesture"] = gesture
            let open = try post(request)
            #expect(open.status == 200, "cut after sample \(end)")
            #expect(open.body["open"] as? Bool == true)
            let latest = try #require(samples[end]["t"] as? Double)
            let frames = try #require(open.body["frames"] as? [[String: Any]])
            let owned = wholeFrames.prefix { (($0["time"] as? Double) ?? .infinity) <= latest + 1e-6 }
            #expect(frames.count == owned.count, "cut after sample \(end) at \(latest) s")
            #expect(
                NSArray(array: frames).isEqual(to: Array(owned)), "cut after sample \(end): frames differ")
            #expect(frames.allSatisfy { $0["phase"] as? String != "settled" })
            let decided = ((whole.body["decision"] as? [String: Any])?["time"] as? Double).map { $0 <= latest } ?? false
            if !decided {
                #expect(open.body["decision"] is NSNull, "cut after sample \(end): no decision yet")
            }
        }
    }
}
