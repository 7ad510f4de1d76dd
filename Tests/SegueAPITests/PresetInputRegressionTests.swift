import Foundation
import SegueEngine
import SegueTestSupport
import Testing

@testable import SegueAPI

/// Issue 12's requests, each of which trapped the process or answered 500 with values the preset's
/// own catalogue entry advertises as valid, answered now as 200 or as a 422 a designer can act on,
/// the same whether JSON or an SVG is asked for.
@Suite struct PresetInputRegressionTests {
    let service = SegueService(router: .segue(catalogue: .builtIn, readiness: Readiness()))

    /// The example request of `preset` (scripts/examples) with `extra` members merged in.
    private func post(_ preset: String, _ extra: String, output: String = "json") throws -> HTTPResponse {
        let example = try #require(Fixtures.exampleRequests().first { $0.name == preset })
        let trimmed = String(decoding: example.body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let members: String = extra.isEmpty ? "" : "," + extra
        let text: String = String(trimmed.dropLast()) + ",\"output\":\"" + output + "\"" + members + "}"
        return service.respond(
            to: HTTPRequest(
                method: .post, path: "/v1/simulate", headers: ["Content-Type": "application/json"],
                body: Array(text.utf8)))
    }

    /// The single error's pointer and detail of a 422, as JSON and as SVG alike.
    private func onlyError(_ preset: String, _ extra: String) throws -> (pointer: String, detail: String) {
        var found: [(String, String)] = []
        for output in ["json", "svg"] {
            let response = try post(preset, extra, output: output)
            let body = String(decoding: response.body, as: UTF8.self)
            #expect(response.status.code == 422, "\(output): \(body)")
            let problem = try #require(JSONTestValue.object(response.body), "\(body)")
            let errors = try #require(problem["errors"] as? [[String: String]], "\(body)")
            #expect(errors.count == 1, "\(body)")
            found.append((errors.first?["pointer"] ?? "", errors.first?["detail"] ?? ""))
        }
        #expect(found[0] == found[1])
        return found[0]
    }

    static let springPresets = ["touchwonders.zoomPop", "touchwonders.shapeDrop"]

    /// springDamping 0, the documented minimum, used to trap: the settle time was infinite and
    /// `Format.amount` converted it to an Int. An undamped spring never settles, so it is a 422
    /// that names critical damping 2√(k·m): zoomPop m 0.1, k 15 → 2√1.5 = 2.449; shapeDrop m 2,
    /// k 1500 → 2√3000 = 109.545.
    @Test(arguments: zip(springPresets, ["2.449", "109.545"]))
    func anUndampedSpringIsA422AtSpringDamping(preset: String, critical: String) throws {
        let error = try onlyError(preset, #""parameters":{"springDamping":0}"#)
        #expect(error.pointer == "/parameters/springDamping")
        #expect(error.detail.contains("never ends"), "\(error.detail)")
        #expect(error.detail.contains("\(critical) N·s/m"), "\(error.detail)")
    }

    /// A damping of 1e-6 settles, but after ln(1000)/(ζ·ω0) = 2·m·ln(1000)/c s (ζ·ω0 = c/(2m)):
    /// 0.2·6.908/1e-6 ≈ 1.4e6 s for zoomPop, far past 20 000 frames at 60 Hz (333 s).
    @Test(arguments: springPresets)
    func aBarelyDampedSpringIsA422AtSpringDamping(preset: String) throws {
        let error = try onlyError(preset, #""parameters":{"springDamping":0.000001}"#)
        #expect(error.pointer == "/parameters/springDamping")
        #expect(error.detail.contains("20000 frames"), "\(error.detail)")
    }

    /// A heavy mass on a weak spring renders critically damped at ω0 = √(k/m) = √(0.001/1000) =
    /// 0.001 rad/s and settles in ln(1000)/ω0 ≈ 6908 s: no damping fixes that, the stiffness does.
    @Test(arguments: springPresets)
    func aSlowSpringIsA422AtSpringStiffness(preset: String) throws {
        let error = try onlyError(
            preset, #""parameters":{"springMass":1000,"springStiffness":0.001,"springDamping":100000}"#)
        #expect(error.pointer == "/parameters/springStiffness")
        #expect(error.detail.contains("Raise springStiffness"), "\(error.detail)")
    }

    /// A 390 × 30 window with its example gesture used to trap ("Range requires lowerBound <=
    /// upperBound"): the half stage's top sits 0.5·30 + 12 = 27 pt above the safe bottom, below
    /// the 60 pt peek tab, so peek would be above half and full's top below peek's. A 422 with
    /// both ways out: a peekTab of at most 27 pt, or a window of at least 2·(60 − 12) = 96 pt.
    @Test func aWindowTooShortForTheModalCardsStagesIsA422() throws {
        let error = try onlyError("yui.modalCard", #""scene":{"window":{"width":390,"height":30}}"#)
        #expect(error.pointer == "/scene/peekTab")
        #expect(error.detail.contains("at most 27 pt"), "\(error.detail)")
        #expect(error.detail.contains("at least 96 pt"), "\(error.detail)")
    }

    /// 96 pt is exactly tall enough (60 ≤ 0.5·96 + 12), so it runs.
    @Test func aWindowExactlyTallEnoughForTheModalCardRuns() throws {
        #expect(try post("yui.modalCard", #""scene":{"window":{"width":390,"height":96}}"#).status.code == 200)
    }

    /// Insets of 195 pt on each side of a 390 pt window leave the card no width.
    @Test func insetsThatLeaveTheModalCardNoWidthAreA422() throws {
        let error = try onlyError("yui.modalCard", #""scene":{"inset":100,"window":{"width":200,"height":844}}"#)
        #expect(error.pointer == "/scene/inset")
        #expect(error.detail.contains("below 100 pt"), "\(error.detail)")
    }

    /// The App Store present reads the tapped card's distance from the top, d, as a spring of
    /// T = 0.5 + 0.4·d/H s: a card far off screen (a 0.001 pt window, or a card at y = 1e12) used to
    /// be refused at /frameRate ("lasts 30160000000.5 s"), pointing at the wrong field. The card
    /// must be on screen, its top at most one window height above it.
    /// A card wholly outside the window is refused at the card and at the window, for every
    /// preset alike (SceneGeometryTests); one partly on screen but scrolled more than a window
    /// up is the present's own refusal, at the card.
    @Test(arguments: [
        #"{"window":{"width":0.001,"height":0.001}}"#, #"{"cardFrame":{"x":20,"y":1e12,"width":350,"height":420}}"#,
        #"{"cardFrame":{"x":400,"y":67,"width":350,"height":420}}"#,
    ])
    func anAppStoreCardOffScreenIsA422AtCardFrameAndWindow(scene: String) throws {
        for output in ["json", "svg"] {
            let response = try post("appstore.card.present", #""scene":\#(scene)"#, output: output)
            #expect(response.status.code == 422)
            let problem = try #require(JSONTestValue.object(response.body))
            let errors = try #require(problem["errors"] as? [[String: String]])
            #expect(errors.map { $0["pointer"] } == ["/scene/cardFrame", "/scene/window"])
        }
    }

    @Test func anAppStoreCardScrolledTooFarUpIsA422AtCardFrame() throws {
        let scene = #"{"cardFrame":{"x":20,"y":-900,"width":350,"height":1000}}"#
        let error = try onlyError("appstore.card.present", #""scene":\#(scene)"#)
        #expect(error.pointer == "/scene/cardFrame")
        #expect(error.detail.contains("must be on screen"), "\(error.detail)")
    }

    /// A card scrolled up by 800 pt of an 844 pt window still shows its bottom 200 pt: it runs,
    /// on a spring of 0.5 + 0.4·800/844 = 0.879 s.
    @Test func anAppStoreCardScrolledPartlyUpRuns() throws {
        let response = try post(
            "appstore.card.present", #""scene":{"cardFrame":{"x":20,"y":-800,"width":350,"height":1000}}"#)
        #expect(response.status.code == 200, "\(String(decoding: response.body, as: UTF8.self))")
    }

    static let paperPresets = ["yui.fbPaper.push", "yui.fbPaper.pop", "yui.fbPaper.interactivePop"]

    /// titleHeight 0 (the documented minimum: a card without a title band) used to answer 500 as
    /// JSON ("not finite": the band's transform was 0/0) and 200 as SVG. Now 200 both ways, and the
    /// band, a line with no height, keeps scale 1 vertically (d = 1) and height 0 in every frame.
    @Test(arguments: paperPresets)
    func aCardWithoutATitleBandRuns(preset: String) throws {
        let svg = try post(preset, #""parameters":{"titleHeight":0}"#, output: "svg")
        #expect(svg.status.code == 200, "\(String(decoding: svg.body, as: UTF8.self))")
        let response = try post(preset, #""parameters":{"titleHeight":0}"#)
        #expect(response.status.code == 200, "\(String(decoding: response.body, as: UTF8.self))")
        let body = try #require(JSONTestValue.object(response.body))
        let frames = try #require(body["frames"] as? [[String: Any]])
        #expect(!frames.isEmpty)
        for frame in frames {
            let layers = try #require(frame["layers"] as? [String: [String: Any]])
            let title = try #require(layers["selectedTitle"])
            let transform = try #require(title["transform"] as? [String: Double])
            #expect(transform["d"] == 1)
            let presented = try #require(title["presentationFrame"] as? [String: Double])
            #expect(presented["height"] == 0)
        }
    }
}
