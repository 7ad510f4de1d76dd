import Foundation
import SegueEngine
import Testing

@testable import SegueAPI

/// POST /v1/curves in-process: every curve form against values computed here from
/// closed forms, and every error path.
@Suite struct CurvesEndpointTests {
    let service = SegueService(router: .segue(catalogue: .builtIn, readiness: Readiness()), makeRequestID: { "id" })

    private func post(_ body: String) -> HTTPResponse {
        service.respond(
            to: HTTPRequest(
                method: .post, path: "/v1/curves", headers: ["Content-Type": "application/json"], body: Array(body.utf8)
            ))
    }

    private func answer(_ body: String) throws -> [String: Any] {
        let response = post(body)
        #expect(response.status.code == 200, "\(String(decoding: response.body, as: UTF8.self))")
        return try #require(JSONTestValue.object(response.body))
    }

    private func samples(_ object: [String: Any]) throws -> [(time: Double, value: Double, velocity: Double)] {
        let list = try #require(object["samples"] as? [[String: Any]])
        return try list.map { sample in
            (
                try #require(sample["time"] as? Double), try #require(sample["value"] as? Double),
                try #require(sample["velocity"] as? Double)
            )
        }
    }

    private func errors(_ body: String) throws -> [String: String] {
        let response = post(body)
        #expect(response.status.code == 422, "\(String(decoding: response.body, as: UTF8.self))")
        let problem = try #require(JSONTestValue.object(response.body))
        let list = try #require(problem["errors"] as? [[String: String]])
        return Dictionary(list.map { ($0["pointer"] ?? "", $0["detail"] ?? "") }, uniquingKeysWith: { $0 + " | " + $1 })
    }

    /// A linear curve over 0.25 s at 60 Hz: t = k/60 for k = 0…14, then 0.25; the value
    /// is from + (t/0.25)·(to − from) and the velocity (to − from)/0.25 throughout.
    @Test func linearCurveSamplesTheFrameGridAndTheEnd() throws {
        let body = try answer(
            #"{"curve":{"type":"cubicBezier","controlPoints":[0,0,1,1],"duration":0.25},"from":10,"to":50}"#)
        let list = try samples(body)
        #expect(list.count == 16)
        for (index, sample) in list.enumerated() {
            let time = index == 15 ? 0.25 : Double(index) / 60
            #expect(abs(sample.time - time) <= 1e-6)
            #expect(abs(sample.value - (10 + time / 0.25 * 40)) <= 2e-6)
            #expect(abs(sample.velocity - 160) <= 2e-6)
        }
        #expect(body["duration"] as? Double == 0.25)
        #expect(body["controlPoints"] as? [Double] == [0, 0, 1, 1])
        #expect(body["form"] as? String == "cubicBezier")
    }

    /// easeInOut is symmetric, so its midpoint is halfway; duration defaults to 0.25 s
    /// and frameRate to 60.
    @Test func namedCurveUsesDefaultsAndIsSymmetric() throws {
        let body = try answer(#"{"curve":{"type":"named","name":"easeInOut"},"from":100,"to":300,"frameRate":40}"#)
        let list = try samples(body)
        #expect(body["frameRate"] as? Double == 40)
        #expect(list.count == 11)
        let middle = list[5]
        #expect(middle.time == 0.125)
        #expect(abs(middle.value - 200) <= 1e-6)
        #expect(list.last?.value == 300)
        #expect(body["controlPoints"] as? [Double] == [0.42, 0, 0.58, 1])
    }

    /// m 1, k 100, c 20 is critical at ω0 = 10: progress 1 − (1 + 10t)e^(−10t), and it
    /// settles on the 0.1 s grid when that falls below 0.001 (for good, being monotone).
    @Test func physicalSpringFollowsTheCriticalClosedForm() throws {
        let body = try answer(#"{"curve":{"type":"spring","mass":1,"stiffness":100,"damping":20},"frameRate":30}"#)
        var settle = 0.0
        while (1 + 10 * settle) * exp(-10 * settle) >= 0.001 { settle = (settle * 10 + 1).rounded() / 10 }
        #expect(abs((body["settlingDuration"] as? Double ?? 0) - settle) <= 1e-6)
        #expect(abs((body["duration"] as? Double ?? 0) - settle) <= 1e-6)
        let list = try samples(body)
        #expect(list.count == Int((settle * 30).rounded()) + 1)
        for (index, sample) in list.enumerated() {
            // The grid time itself, not its 6-decimal rendering, which would move the
            // steep velocity by more than the rounding being checked.
            let t = index == list.count - 1 ? settle : Double(index) / 30
            #expect(abs(sample.time - t) <= 1e-6)
            #expect(abs(sample.value - (1 - (1 + 10 * t) * exp(-10 * t))) <= 1.5e-6)
            #expect(abs(sample.velocity - 100 * t * exp(-10 * t)) <= 1.5e-6)
        }
        let spring = try #require(body["spring"] as? [String: Any])
        #expect(spring["dampingRatio"] as? Double == 1)
        #expect(abs((spring["response"] as? Double ?? 0) - 2 * Double.pi / 10) <= 1e-6)
    }

    /// UIKit's API: duration 0.5, ζ 0.8 → k 323.5895, c 28.7817 (motion-math.md §2.3); the
    /// curve ends at the given duration and reports it back as the UIKit equivalent.
    @Test func uikitSpringEndsAtItsDuration() throws {
        let body = try answer(
            #"{"curve":{"type":"spring","duration":0.5,"dampingRatio":0.8,"initialVelocity":0},"frameRate":60}"#)
        let spring = try #require(body["spring"] as? [String: Any])
        #expect(abs((spring["stiffness"] as? Double ?? 0) - 323.5895) <= 1e-4)
        #expect(abs((spring["damping"] as? Double ?? 0) - 28.7817) <= 1e-4)
        let uikit = try #require(spring["uikit"] as? [String: Double])
        #expect(abs((uikit["duration"] ?? 0) - 0.5) <= 1e-6)
        #expect(uikit["dampingRatio"] == 0.8)
        #expect(body["duration"] as? Double == 0.5)
        let list = try samples(body)
        #expect(list.count == 31)
        #expect(list.last?.time == 0.5)
        #expect(abs((list.last?.value ?? 0) - 1) < 0.001)  // within UIKit's envelope at T
        #expect(body["form"] as? String == "uikit")
    }

    /// SwiftUI: response 0.5, dampingFraction 0.825 → k (2π/0.5)², c 4π·0.825/0.5;
    /// duration 0.5, bounce 0.3 → k 157.9137, c 17.5929 (Apple's example).
    @Test func swiftUIFormsConvert() throws {
        let response = try #require(
            try answer(#"{"curve":{"type":"spring","response":0.5,"dampingFraction":0.825}}"#)["spring"]
                as? [String: Any])
        #expect(abs((response["stiffness"] as? Double ?? 0) - pow(4 * Double.pi, 2)) <= 1e-6)
        #expect(abs((response["damping"] as? Double ?? 0) - 4 * Double.pi * 0.825 / 0.5) <= 1e-6)
        let perceptual = try #require(
            try answer(#"{"curve":{"type":"spring","duration":0.5,"bounce":0.3}}"#)["spring"] as? [String: Any])
        #expect(abs((perceptual["stiffness"] as? Double ?? 0) - 157.9137) <= 1e-4)
        #expect(abs((perceptual["damping"] as? Double ?? 0) - 17.5929) <= 1e-4)
        #expect(perceptual["allowsOverdamping"] as? Bool == true)
        #expect(abs((perceptual["bounce"] as? Double ?? 0) - 0.3) <= 1e-6)
    }

    /// Origami's default 40/7 is Rebound's k 230.2, c 22.
    @Test func origamiFormConverts() throws {
        let spring = try #require(
            try answer(#"{"curve":{"type":"spring","tension":40,"friction":7}}"#)["spring"] as? [String: Any])
        #expect(abs((spring["stiffness"] as? Double ?? 0) - 230.2) <= 1e-6)
        #expect(spring["damping"] as? Double == 22)
        #expect(spring["allowsOverdamping"] as? Bool == false)
        let overdamped = try #require(
            try answer(#"{"curve":{"type":"spring","tension":40,"friction":40,"allowOverdamping":true}}"#)["spring"]
                as? [String: Any])
        #expect(overdamped["allowsOverdamping"] as? Bool == true)
        let origami = try #require(spring["origami"] as? [String: Double])
        #expect(abs((origami["tension"] ?? 0) - 40) <= 1e-6)
        #expect(abs((origami["friction"] ?? 0) - 7) <= 1e-6)
    }

    // MARK: errors

    @Test func unknownTypeAndNameListTheValidOnes() throws {
        #expect(
            try errors(#"{"curve":{"type":"bouncy"}}"#)["/curve/type"]?.contains("named, cubicBezier, spring") == true)
        #expect(
            try errors(#"{"curve":{"type":"named","name":"easeInOutBack"}}"#)["/curve/name"]?.contains("easeInOut")
                == true)
        #expect(try errors(#"{"curve":{"type":"named"}}"#)["/curve/name"]?.contains("Required") == true)
        #expect(try errors(#"{"curve":{}}"#)["/curve/type"]?.contains("Required") == true)
        #expect(try errors(#"{}"#)["/curve"]?.contains("Required") == true)
        #expect(try errors(#"[1]"#)[""]?.contains("object") == true)
    }

    @Test func overAndUnderSpecifiedSpringsNameTheFields() throws {
        let over = try errors(#"{"curve":{"type":"spring","duration":0.5,"dampingRatio":0.8,"bounce":0.2}}"#)
        #expect(over["/curve/bounce"]?.contains("Cannot be combined") == true)
        let under = try errors(#"{"curve":{"type":"spring","stiffness":100}}"#)
        #expect(under["/curve/damping"]?.contains("Required") == true)
        let nothing = try errors(#"{"curve":{"type":"spring"}}"#)
        #expect(nothing["/curve"]?.contains("duration + dampingRatio") == true)
        let typo = try errors(#"{"curve":{"type":"spring","stiffness":100,"dampng":10}}"#)
        #expect(typo["/curve/dampng"]?.contains("Unknown field") == true)
        #expect(typo["/curve/damping"]?.contains("Required") == true)
    }

    @Test func everyBadFieldIsReportedAtOnce() throws {
        let found = try errors(
            #"{"curve":{"type":"spring","mass":0,"stiffness":-5,"damping":10},"frameRate":0,"from":"a","extra":1}"#)
        #expect(found["/curve/mass"]?.contains("at least 0.000001") == true)
        #expect(found["/curve/stiffness"]?.contains("at least 0.000001") == true)
        #expect(found["/frameRate"]?.contains("from 1 to 240") == true)
        #expect(found["/from"]?.contains("number") == true)
        #expect(found["/extra"]?.contains("Unknown field") == true)
    }

    @Test func nonPositiveDurationsAndBadControlPointsAreRefused() throws {
        #expect(try errors(#"{"curve":{"type":"named","name":"linear","duration":0}}"#)["/curve/duration"] != nil)
        let tiny = try errors(#"{"curve":{"type":"named","name":"linear","duration":0.0005}}"#)
        #expect(tiny["/curve/duration"] == "Must be from 0.001 to 600; got 0.0005.")
        #expect(try errors(#"{"curve":{"type":"spring","duration":-1,"dampingRatio":0.5}}"#)["/curve/duration"] != nil)
        let points = try errors(#"{"curve":{"type":"cubicBezier","controlPoints":[1.2,0,-0.1,1]}}"#)
        #expect(points["/curve/controlPoints/0"]?.contains("from 0 to 1") == true)
        #expect(points["/curve/controlPoints/2"]?.contains("from 0 to 1") == true)
        #expect(
            try errors(#"{"curve":{"type":"cubicBezier","controlPoints":[0.1,0,1]}}"#)["/curve/controlPoints"] != nil)
        #expect(
            try errors(#"{"curve":{"type":"cubicBezier","controlPoints":[0.1,"0",1,1]}}"#)["/curve/controlPoints/1"]
                != nil)
        #expect(try errors(#"{"curve":{"type":"spring","duration":1,"bounce":1}}"#)["/curve/bounce"] != nil)
        #expect(try errors(#"{"curve":{"type":"spring","tension":-30,"friction":7}}"#)["/curve"] != nil)
    }

    /// Fields each in range can still give no spring: a response of 5e-324 s (the smallest
    /// double) makes k = (2π/R)² overflow. Each is a
    /// 422 naming /curve (found by contract fuzzing: the response form answered 422 with
    /// an empty `errors`, which openapi.yaml requires to hold at least one item).
    @Test func springsTooExtremeToEvaluateNameTheCurve() throws {
        let bodies = [
            #"{"curve":{"type":"spring","response":5e-324,"dampingFraction":0.825}}"#,
            #"{"curve":{"type":"spring","response":1e-200,"dampingFraction":1,"allowOverdamping":true}}"#,
        ]
        for body in bodies {
            let found = try errors(body)
            #expect(Array(found.keys) == ["/curve"], "\(body)")
            #expect(found["/curve"]?.contains("Use less extreme values") == true, "\(body)")
        }
        // A mass that small is below the documented 1e-6, so it is named.
        let tiny = try errors(#"{"curve":{"type":"spring","mass":1e-320,"stiffness":100,"damping":10}}"#)
        #expect(Array(tiny.keys) == ["/curve/mass"])
    }

    /// 600 s at 240 Hz is 144 001 samples, over the 100 000 cap; an undamped spring never settles.
    @Test func tooManySamplesIsRefusedBeforeAllocating() throws {
        let long = try errors(#"{"curve":{"type":"named","name":"linear","duration":600},"frameRate":240}"#)
        #expect(long["/frameRate"]?.contains("100000") == true)
        let undamped = try errors(#"{"curve":{"type":"spring","stiffness":100,"damping":0}}"#)
        #expect(undamped["/frameRate"]?.contains("never settles") == true)
    }

    @Test func nonJSONAndMalformedBodiesAre415And400AndOverflowIs422() throws {
        var request = HTTPRequest(method: .post, path: "/v1/curves", body: Array("{}".utf8))
        request.headers.add(name: "Content-Type", value: "text/plain")
        #expect(service.respond(to: request).status.code == 415)
        #expect(try errors(#"{"curve":{"type":"named","name":"linear","duration":1e400}}"#)["/curve/duration"] != nil)
        #expect(post(#"{"curve": NaN}"#).status.code == 400)
    }
}
