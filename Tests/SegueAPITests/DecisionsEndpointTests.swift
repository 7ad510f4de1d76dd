import Foundation
import SegueEngine
import SegueMath
import Testing

@testable import SegueAPI

/// POST /v1/decisions in-process: its cells against POST /v1/simulate on gestures built here, its
/// picture against its JSON, and every error path.
@Suite struct DecisionsEndpointTests {
    let service = SegueService.standard

    private func post(_ body: String, path: String = "/v1/decisions") -> HTTPResponse {
        service.respond(
            to: HTTPRequest(
                method: .post, path: path, headers: ["Content-Type": "application/json"], body: Array(body.utf8)))
    }

    private func answer(_ body: String) throws -> [String: Any] {
        let response = post(body)
        #expect(response.status.code == 200, "\(String(decoding: response.body, as: UTF8.self))")
        return try #require(JSONTestValue.object(response.body))
    }

    private func errorPointers(_ body: String) throws -> [String: String] {
        let response = post(body)
        #expect(response.status.code == 422, "\(String(decoding: response.body, as: UTF8.self))")
        let problem = try #require(JSONTestValue.object(response.body))
        let list = try #require(problem["errors"] as? [[String: String]])
        return Dictionary(list.map { ($0["pointer"] ?? "", $0["detail"] ?? "") }, uniquingKeysWith: { a, _ in a })
    }

    /// A gesture built here, unlike the probe's: 120 Hz samples, a 10 pt start over three samples,
    /// a straight lead-in of 0.3 s, then 0.15 s at `velocity` ending at `translation` from
    /// touch-down along `axis`, lifted 1/120 s later where it last moved.
    static func gesture(
        from touchDown: GestureSample, axis: Point, translation: Double, velocity: Double
    ) -> [[String: Any]] {
        let step = 1.0 / 120
        var samples: [[String: Any]] = []
        func add(_ index: Int, _ along: Double, _ phase: String) {
            let point = touchDown.location + axis * along
            samples.append(["t": touchDown.time + Double(index) * step, "x": point.x, "y": point.y, "phase": phase])
        }
        add(0, 0, "began")
        for index in 1...3 { add(index, Double(index) * 10 / 3, "changed") }
        let tailStart = translation - velocity * 0.15
        for index in 1...36 { add(3 + index, 10 + (tailStart - 10) * Double(index) / 36, "changed") }
        for index in 1...18 { add(39 + index, tailStart + velocity * Double(index) * step, "changed") }
        add(58, translation, "ended")
        return samples
    }

    /// The issue's check: cells on both sides of the boundary, each against POST /v1/simulate with
    /// a gesture built to release there. Presets whose maps have a boundary in their default scene.
    /// 13 × 14 cells, so that no cell centre lands on a round threshold (|vy| > 500 pt/s), where
    /// two gestures a rounding error apart could fall either side, nor on 0 pt/s (a finger at rest).
    @Test(arguments: [
        ("instagram.pop.interactive", #"{"releaseRule": "projection"}"#),
        ("appstore.card.interactiveDismiss", "{}"), ("touchwonders.zoomPop", "{}"),
        ("yui.fbPaper.interactivePop", "{}"),
        ("yui.modalCard", "{}"), ("yui.twitterSwipe", "{}"), ("yui.untitled.interactivePop", "{}"),
    ])
    func cellsOnBothSidesOfTheBoundaryAreWhatSimulateDecides(_ id: String, _ parameters: String) throws {
        let map = try answer(
            #"{"preset": "\#(id)", "parameters": \#(parameters), "translation": {"steps": 13}, "velocity": {"steps": 14}}"#
        )
        let axisObject = try #require(map["axis"] as? [String: Double])
        let axis = Point(x: try #require(axisObject["x"]), y: try #require(axisObject["y"]))
        let columns = try #require((map["translation"] as? [String: Any])?["values"] as? [Double])
        let rows = try #require((map["velocity"] as? [String: Any])?["values"] as? [Double])
        let outcomes = try #require(map["outcomes"] as? [String]).map { Array($0) }
        // Neighbouring cells that disagree: both sides of the boundary.
        var sides: [(column: Int, row: Int)] = []
        for row in rows.indices {
            for column in columns.indices {
                if column + 1 < columns.count && outcomes[row][column] != outcomes[row][column + 1] {
                    sides += [(column, row), (column + 1, row)]
                }
                if row + 1 < rows.count && outcomes[row][column] != outcomes[row + 1][column] {
                    sides += [(column, row), (column, row + 1)]
                }
            }
        }
        #expect(sides.count >= 4, "\(id)'s map has no boundary to check")
        let preset = try #require(PresetCatalogue.builtIn.preset(id: id))
        let touchDown = try #require(preset.exampleGesture?.first)
        for (column, row) in sides.prefix(24) {
            let gesture = Self.gesture(from: touchDown, axis: axis, translation: columns[column], velocity: rows[row])
            let body = try JSONSerialization.data(
                withJSONObject: [
                    "preset": id, "parameters": try JSONSerialization.jsonObject(with: Data(parameters.utf8)),
                    "gesture": ["samples": gesture],
                ])
            let response = service.simulate(Array(body))
            #expect(response.status.code == 200, "\(String(decoding: response.body, as: UTF8.self))")
            let simulation = try #require(JSONTestValue.object(response.body))
            let decision = try #require(simulation["decision"] as? [String: Any])
            let inputs = try #require(decision["inputs"] as? [String: Any])
            let translation = try #require(inputs["translation"] as? [String: Double])
            let velocity = try #require(inputs["velocity"] as? [String: Double])
            // The gesture released where it was built to.
            let along = (translation["x"] ?? .nan) * axis.x + (translation["y"] ?? .nan) * axis.y
            let speed = (velocity["x"] ?? .nan) * axis.x + (velocity["y"] ?? .nan) * axis.y
            #expect(abs(along - columns[column]) < 1e-4, "\(id)")
            #expect(abs(speed - rows[row]) < 1e-3 * max(1, abs(rows[row])), "\(id)")
            let expected = outcomes[row][column] == "f" ? "finish" : "cancel"
            #expect(
                decision["outcome"] as? String == expected,
                "\(id) at \(columns[column]) pt, \(rows[row]) pt/s: \(decision["explanation"] ?? "")")
        }
    }

    @Test func theSVGDrawsTheSameCellsBoundaryAndReleaseAsTheJSON() throws {
        let request =
            #""preset": "touchwonders.zoomPop", "translation": {"steps": 20}, "velocity": {"steps": 10}, "release": {"translation": 150, "velocity": -300}"#
        let json = try answer("{\(request)}")
        let response = post(#"{\#(request), "output": "svg"}"#)
        #expect(response.status.code == 200)
        #expect(response.headers["Content-Type"] == MediaType.svg)
        let svg = String(decoding: response.body, as: UTF8.self)
        let outcomes = try #require(json["outcomes"] as? [String])
        // Each row's runs, as the JSON's strings spell them.
        let runs = outcomes.reduce(0) { count, row in
            count + zip(row, row.dropFirst()).filter { $0 != $1 }.count + 1
        }
        #expect(svg.components(separatedBy: "<rect data-outcome=").count - 1 == runs)
        let boundary = try #require(json["boundary"] as? [Any])
        #expect(svg.components(separatedBy: #"class="boundary""#).count - 1 == boundary.count)
        let release = try #require(json["release"] as? [String: Any])
        let outcome = try #require(release["outcome"] as? String)
        #expect(svg.contains(#"<circle class="release" data-outcome="\#(outcome)""#))
    }

    @Test func theReleaseComesWithItsDecisionAndMargins() throws {
        // The pop's default rule: finish iff vx > 0. Released at 310 pt/s, it would cancel 310 pt/s slower.
        let json = try answer(
            #"{"preset": "instagram.pop.interactive", "velocity": {"min": -1000, "max": 1000, "steps": 8}, "release": {"translation": 120, "velocity": 310}}"#
        )
        let release = try #require(json["release"] as? [String: Any])
        #expect(release["outcome"] as? String == "finish")
        #expect(release["rule"] as? String == "velocitySign")
        let margin = try #require(release["margin"] as? [String: Any])
        let below = try #require(margin["velocityBelow"] as? Double)
        #expect(abs(below - 310) <= 250.0 / 1024)
        #expect(margin["velocityAbove"] is NSNull)
        #expect(margin["translationBelow"] is NSNull)
        #expect(margin["translationAbove"] is NSNull)
        let summary = try #require(release["summary"] as? String)
        #expect(summary.hasPrefix("Released at 120 pt and 310 pt/s: finish. It would cancel if"))
    }

    @Test func defaultsSpanTheWindowAlongTheAxisAndTwoThousandPointsASecondEachWay() throws {
        let json = try answer(#"{"preset": "instagram.pop.interactive"}"#)
        let preset = try #require(PresetCatalogue.builtIn.preset(id: "instagram.pop.interactive"))
        guard case .size(let window) = ParameterValues(specs: preset.sceneFields, given: [:]).values["window"] else {
            Issue.record("no window")
            return
        }
        let translation = try #require(json["translation"] as? [String: Any])
        #expect(translation["min"] as? Double == 0)
        #expect(translation["max"] as? Double == window.width)
        #expect(translation["steps"] as? Double == Double(DecisionsRequest.defaultSteps))
        let velocity = try #require(json["velocity"] as? [String: Any])
        #expect(velocity["min"] as? Double == -2000)
        #expect(velocity["max"] as? Double == 2000)
        let values = try #require(velocity["values"] as? [Double])
        #expect(values.first == -2000 + 2000.0 / 32)
        #expect(json["release"] == nil)
    }

    @Test(arguments: [
        (#"{"preset": "instagram.pop"}"#, "/preset"),
        (#"{"preset": "appstore.card.highlight"}"#, "/preset"),
        (#"{"preset": "nope"}"#, "/preset"),
        (#"{"preset": "instagram.pop.interactive", "translation": {"steps": 2.5}}"#, "/translation/steps"),
        (#"{"preset": "instagram.pop.interactive", "translation": {"steps": 1}}"#, "/translation/steps"),
        (#"{"preset": "instagram.pop.interactive", "translation": {"min": 10, "max": 5}}"#, "/translation/max"),
        (#"{"preset": "instagram.pop.interactive", "translation": {"min": 5000}}"#, "/translation"),
        (#"{"preset": "instagram.pop.interactive", "velocity": {"max": 30000}}"#, "/velocity/max"),
        (
            #"{"preset": "instagram.pop.interactive", "velocity": {"steps": 65}, "translation": {"steps": 64}}"#,
            "/velocity/steps"
        ),
        (#"{"preset": "instagram.pop.interactive", "release": {"translation": 3}}"#, "/release/velocity"),
        (
            #"{"preset": "instagram.pop.interactive", "release": {"translation": 3, "velocity": 1, "x": 1}}"#,
            "/release/x"
        ),
        (#"{"preset": "instagram.pop.interactive", "output": "png"}"#, "/output"),
        (#"{"preset": "instagram.pop.interactive", "gesture": {}}"#, "/gesture"),
        (#"{"preset": "instagram.pop.interactive", "parameters": {"releaseRule": "coin"}}"#, "/parameters/releaseRule"),
    ])
    func badRequestsAre422AtTheirField(_ body: String, _ pointer: String) throws {
        let pointers = try errorPointers(body)
        #expect(Array(pointers.keys) == [pointer], "\(pointers)")
    }

    @Test func theCellCapIsTheServersFlag() throws {
        var limits = RequestLimits()
        limits.maxDecisionCells = 16
        let small = SegueService(router: .segue(catalogue: .builtIn, readiness: Readiness(), limits: limits))
        func post(_ body: String) -> HTTPResponse {
            small.respond(
                to: HTTPRequest(
                    method: .post, path: "/v1/decisions", headers: ["Content-Type": "application/json"],
                    body: Array(body.utf8)))
        }
        let fits = #"{"preset": "instagram.pop.interactive", "translation": {"steps": 4}, "velocity": {"steps": 4}}"#
        #expect(post(fits).status.code == 200)
        let over = post(
            #"{"preset": "instagram.pop.interactive", "translation": {"steps": 4}, "velocity": {"steps": 5}}"#)
        #expect(over.status.code == 422)
        #expect(String(decoding: over.body, as: UTF8.self).contains("--max-decision-cells"))
    }
}
