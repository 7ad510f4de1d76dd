import Foundation
import SegueAPI
import SegueTestSupport
import Testing

/// Transition documents posted to a real server over a socket: a tap and a pan, answered 200 with
/// the frames worked out by hand (`TransitionExamples`) and the document back resolved.
@Suite struct TransitionLiveTests {
    @Test func aTapAndAPanDocumentAreAnsweredOverTheSocket() throws {
        let live = try LiveServer()
        let connection = try TestHTTPConnection(port: live.port)
        let cases: [(body: String, frames: Int, interaction: String)] = [
            // Linear over 0.1 s at 60 Hz: k/60 for k = 0…6.
            (TransitionExamples.request(TransitionExamples.tapDocument), 7, "tap"),
            // Released at 7/60 s onto a 0.35 s UIKit spring, which ends at 28/60 s: k = 0…28.
            (
                TransitionExamples.request(TransitionExamples.panDocument, gesture: TransitionExamples.fastDrag), 29,
                "pan"
            ),
        ]
        for (body, frames, interaction) in cases {
            let response = try connection.exchange(
                "POST", "/v1/simulate", headers: [("Content-Type", "application/json")], body: Array(body.utf8))
            #expect(response.status == 200, "\(response.text.prefix(400))")
            let answer = try #require((try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any])
            #expect((answer["frames"] as? [Any])?.count == frames, "\(interaction)")
            let resolved = try #require(answer["transition"] as? [String: Any])
            let kind = (resolved["interaction"] as? [String: Any])?["type"] as? String
            #expect(kind == interaction)
            let poses = try #require(resolved["poses"] as? [[String: Any]])
            #expect(poses.map { $0["name"] as? String } == ["start", "shrunk", "gone"])
            let backdrop = (poses[0]["layers"] as? [String: [String: Any]])?["backdrop"]
            #expect(backdrop?["opacity"] as? Double == 1 && backdrop?["cornerCurve"] as? String == "continuous")
            #expect(resolved["window"] as? [String: Double] == ["width": 390, "height": 844])
        }
        let refused = try connection.exchange(
            "POST", "/v1/simulate", headers: [("Content-Type", "application/json")],
            body: Array(TransitionExamples.request(#"{"window": {"width": 0, "height": 844}}"#).utf8))
        #expect(refused.status == 422)
        #expect(refused.text.contains("/transition/window/width"))
    }
}
