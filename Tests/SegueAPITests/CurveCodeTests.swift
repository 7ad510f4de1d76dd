import Foundation
import SegueMath
import Testing

@testable import SegueAPI

/// `POST /v1/curves` with `"code": true`: every snippet converts back to the spring that was asked
/// for, by each platform's own definition of its numbers, within 1e-6 relative; the CSS `linear()`
/// stops lie on the spring's closed-form motion and its reported error bounds the real one.
@Suite struct CurveCodeTests {
    let service = SegueService(router: .segue(catalogue: .builtIn, readiness: Readiness()), makeRequestID: { "id" })

    func code(_ curve: String, extra: String = "") throws -> [String: Any] {
        let body = #"{"curve":\#(curve),"code":true\#(extra)}"#
        let response = service.curves(body)
        #expect(response.status.code == 200, "\(String(decoding: response.body, as: UTF8.self))")
        let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        return try #require(object?["code"] as? [String: Any])
    }

    /// The numbers of a snippet after each label, in order: `label: 1.5` or `label = 1.5f`.
    func numbers(_ code: String, _ labels: [String]) -> [Double] {
        labels.compactMap { label in
            guard let range = code.range(of: label) else { return nil }
            let rest = code[range.upperBound...].drop { " :=(".contains($0) }
            let digits = rest.prefix { "0123456789.-e".contains($0) }
            return Double(digits)
        }
    }

    func snippet(_ code: [String: Any], _ api: String) -> String? {
        (code["snippets"] as? [[String: Any]])?.first { $0["api"] as? String == api }?["code"] as? String
    }

    func close(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= 1e-6 * max(abs(a), abs(b), 1e-12)
    }

    /// Physical springs (mass, stiffness, damping) with an initial velocity, sampled from 10 to 30:
    /// ω0² = k/m and 2ζω0 = c/m are what every platform's numbers must give back.
    @Test(arguments: [
        (1.0, 100.0, 10.0, 0.0), (2.0, 1500.0, 40.0, 1.5), (0.1, 15.0, 2.0, -0.5), (1.0, 170.0, 26.0, 0.0),
    ])
    func everySpringSnippetConvertsBack(mass: Double, stiffness: Double, damping: Double, velocity: Double) throws {
        let curve =
            #"{"type":"spring","mass":\#(mass),"stiffness":\#(stiffness),"damping":\#(damping),"initialVelocity":\#(velocity)}"#
        let code = try code(curve, extra: #","from":10,"to":30"#)
        let omega2 = stiffness / mass
        let twoZetaOmega = damping / mass
        let zeta = damping / (2 * (stiffness * mass).squareRoot())

        let timing = try #require(snippet(code, "UISpringTimingParameters"))
        let t = numbers(timing, ["mass", "stiffness", "damping", "dx"])
        #expect(t.count == 4 && close(t[1] / t[0], omega2) && close(t[2] / t[0], twoZetaOmega) && t[3] == velocity)

        let ca = try #require(snippet(code, "CASpringAnimation"))
        let c = numbers(ca, ["mass", "stiffness", "damping", "initialVelocity"])
        #expect(c.count == 4 && close(c[1] / c[0], omega2) && close(c[2] / c[0], twoZetaOmega) && c[3] == velocity)

        // SwiftUI: ω0 = 2π/response, ζ = dampingFraction; `.spring` takes no velocity, so a moving
        // spring has only the interpolating one, whose initialVelocity is relative.
        if velocity == 0 {
            let response = try #require(snippet(code, "Animation.spring(response:dampingFraction:)"))
            let r = numbers(response, ["response", "dampingFraction"])
            let omega = 2 * Double.pi / r[0]
            #expect(close(omega * omega, omega2) && close(2 * r[1] * omega, twoZetaOmega), "\(response)")
        } else {
            #expect(snippet(code, "Animation.spring(response:dampingFraction:)") == nil)
        }

        // SwiftUI duration + bounce: ζ = 1 − bounce (bounce ≥ 0) or 1/(1 + bounce), ω0 = 2π/duration.
        let perceptual = try #require(
            snippet(
                code,
                velocity == 0
                    ? "Animation.spring(duration:bounce:)"
                    : "Animation.interpolatingSpring(duration:bounce:initialVelocity:)"
            ))
        if velocity != 0 {
            #expect(numbers(perceptual, ["initialVelocity"]) == [velocity], "\(perceptual)")
        }
        let p = numbers(perceptual, ["duration", "bounce"])
        let pZeta = p[1] >= 0 ? 1 - p[1] : 1 / (1 + p[1])
        let pOmega = 2 * Double.pi / p[0]
        #expect(close(pOmega * pOmega, omega2) && close(2 * pZeta * pOmega, twoZetaOmega), "\(perceptual)")

        // Compose and Android: unit mass, stiffness = ω0², c = 2ζ√k.
        for api in ["spring()", "SpringForce"] {
            let unit = try #require(snippet(code, api))
            let u = numbers(unit, ["Ratio", "Stiffness", "stiffness"])
            let k = u.count == 3 ? u[2] : u[1]
            #expect(close(k, omega2) && close(u[0], zeta), "\(api): \(unit)")
            // Their velocity, in value units per second (× 20), where the animation starts.
            let start = numbers(unit, ["initialVelocity", "setStartVelocity"])
            #expect(velocity == 0 ? start.isEmpty : start == [velocity * 20], "\(api): \(unit)")
        }

        // Framer Motion and React Native: mass, stiffness, damping; velocity in value units (× 20).
        for api in ["transition", "Animated.spring"] {
            let js = try #require(snippet(code, api))
            let j = numbers(js, ["mass", "stiffness", "damping", "velocity"])
            #expect(close(j[1] / j[0], omega2) && close(j[2] / j[0], twoZetaOmega), "\(api): \(js)")
            #expect(abs(j[3] - velocity * 20) <= 1e-9, "\(api) velocity \(j[3])")
        }

        // Origami (Rebound): k = (tension − 30)·3.62 + 194, c = (friction − 8)·3 + 25, unit mass.
        let origami = try #require(snippet(code, "tension and friction"))
        let o = numbers(origami, ["Friction("])
        let arguments = origami.components(separatedBy: "fromOrigamiTensionAndFriction(").last ?? ""
        let pair =
            arguments.prefix { $0 != ")" }.split(separator: ",").compactMap {
                Double($0.trimmingCharacters(in: CharacterSet(charactersIn: " )")))
            }
        #expect(o.count == 1 && pair.count == 2)
        // Rebound's setVelocity, in value units per second (× 20), on a moving spring.
        let reboundVelocity = numbers(origami, ["setVelocity"])
        #expect(velocity == 0 ? reboundVelocity.isEmpty : reboundVelocity == [velocity * 20], "\(origami)")
        if pair.count == 2 {
            #expect(close((pair[0] - 30) * 3.62 + 194, omega2) && close((pair[1] - 8) * 3 + 25, twoZetaOmega))
        }
    }

    /// UIKit's duration API: the snippet's duration and damping give back, by UIKit's solve, the spring.
    @Test func theUIKitSnippetConvertsBack() throws {
        let code = try code(#"{"type":"spring","duration":0.5,"dampingRatio":0.8,"initialVelocity":0.3}"#)
        let animate = try #require(snippet(code, "UIView.animate(withDuration:delay:usingSpringWithDamping:…)"))
        let n = numbers(animate, ["withDuration", "usingSpringWithDamping", "initialSpringVelocity"])
        #expect(n == [0.5, 0.8, 0.3])
        let timing = try #require(snippet(code, "UISpringTimingParameters"))
        let t = numbers(timing, ["mass", "stiffness", "damping"])
        let uikit = try #require(Spring.uikit(duration: n[0], dampingRatio: n[1], initialVelocity: n[2]))
        #expect(close(t[1] / t[0], uikit.stiffness / uikit.mass) && close(t[2] / t[0], uikit.damping / uikit.mass))
    }

    /// The `linear()` stops of an under-damped spring from rest lie on its closed form
    /// x(t) = 1 − e^(−ζω0·t)(cos ωd·t + ζω0/ωd · sin ωd·t), to the stops' four decimals, and the
    /// straight lines between them stay within the reported error of it.
    @Test func theCSSLinearStopsFollowTheSpring() throws {
        let (mass, stiffness, damping) = (1.0, 100.0, 10.0)
        let code = try code(#"{"type":"spring","mass":1,"stiffness":100,"damping":10}"#, extra: #","frameRate":60"#)
        let css = try #require(code["cssLinear"] as? [String: Any])
        let function = try #require(css["function"] as? String)
        let reported = try #require(css["maxError"] as? Double)
        let stops = try #require(css["stops"] as? Int)
        #expect(reported <= CurveCode.linearTolerance)
        let omega0 = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
        func x(_ t: Double) -> Double {
            1 - exp(-zeta * omega0 * t) * (cos(omegaD * t) + zeta * omega0 / omegaD * sin(omegaD * t))
        }
        // The duration is Core Animation's settling duration, which the answer reports.
        let body = #"{"curve":{"type":"spring","mass":1,"stiffness":100,"damping":10}}"#
        let answer = service.curves(body)
        let duration = try #require(
            (try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])?["duration"] as? Double)
        let inner = function.dropFirst("linear(".count).dropLast()
        let points: [(Double, Double)] = inner.split(separator: ",").enumerated().map { index, item in
            let parts = item.split(separator: " ")
            let value = Double(parts[0]) ?? .nan
            let position = parts.count > 1 ? (Double(parts[1].dropLast()) ?? .nan) / 100 : (index == 0 ? 0 : 1)
            return (position, value)
        }
        #expect(points.count == stops)
        for (position, value) in points.dropLast() {
            #expect(abs(value - x(position * duration)) <= 5e-5 + 1e-6, "stop at \(position)")
        }
        var measured = 0.0
        for (a, b) in zip(points, points.dropFirst()) {
            for step in 1..<10 {
                let within = Double(step) / 10
                let position = a.0 + (b.0 - a.0) * within
                measured = max(measured, abs(a.1 + (b.1 - a.1) * within - x(position * duration)))
            }
        }
        #expect(measured <= reported + 1e-4, "measured \(measured), reported \(reported)")
    }

    /// Issue 25: `cssLinear.maxError` reached 0.0021 for UIKit springs, against README's "within
    /// 0.001". For UIKit-form and physical springs with damping ratios from 0.1 (under-damped, with
    /// and without velocity), the reported error is at most 0.001 in at most 400 stops, and the
    /// `linear()` list, interpolated as CSS does, stays within it of the spring's closed form
    /// x(t) = e^(−ζω0t)·(cos ωd t + (ζω0 − V)/ωd · sin ωd t) at 4 000 points (the animation ends at
    /// its duration, on 1); the spring's ω0 and ζ are read from the answer's mass, stiffness and damping.
    @Test(arguments: [
        #"{"type":"spring","duration":0.5,"dampingRatio":0.3}"#,
        #"{"type":"spring","duration":1,"dampingRatio":0.1,"initialVelocity":-3}"#,
        #"{"type":"spring","duration":0.6,"dampingRatio":0.2,"initialVelocity":2}"#,
        #"{"type":"spring","duration":2,"dampingRatio":0.5}"#,
        #"{"type":"spring","mass":1,"stiffness":300,"damping":3.5}"#,
        #"{"type":"spring","mass":1,"stiffness":100,"damping":4,"initialVelocity":5}"#,
    ])
    func theCSSLinearListKeepsItsPromiseOf0Point001(curve: String) throws {
        let body = #"{"curve":\#(curve),"code":true}"#
        let response = service.curves(body)
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        let spring = try #require(answer["spring"] as? [String: Any])
        let (mass, stiffness, damping, velocity) = (
            try #require(spring["mass"] as? Double), try #require(spring["stiffness"] as? Double),
            try #require(spring["damping"] as? Double), try #require(spring["initialVelocity"] as? Double)
        )
        let duration = try #require(answer["duration"] as? Double)
        let css = try #require((answer["code"] as? [String: Any])?["cssLinear"] as? [String: Any])
        let reported = try #require(css["maxError"] as? Double)
        let stops = try #require(css["stops"] as? Int)
        #expect(reported <= 0.001 && stops <= 400, "maxError \(reported) with \(stops) stops")
        let omega0 = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
        func progress(_ t: Double) -> Double {
            1 - exp(-zeta * omega0 * t) * (cos(omegaD * t) + (zeta * omega0 - velocity) / omegaD * sin(omegaD * t))
        }
        let function = try #require(css["function"] as? String)
        let points = SpringSnippetRoundTripTests.linearStops(function)
        var measured = 0.0
        for index in 0..<4000 {
            let input = Double(index) / 4000
            let line = SpringSnippetRoundTripTests.linear(points, at: input)
            measured = max(measured, abs(line - progress(input * duration)))
        }
        // The list is checked at nine points a step; between them it may stray a little further.
        #expect(measured <= 0.001 + 2e-5, "measured \(measured), reported \(reported)")
    }

    @Test func cubicSnippetsCarryTheControlPointsAndDuration() throws {
        let code = try code(#"{"type":"cubicBezier","controlPoints":[0.25,0.1,0.25,1],"duration":0.4}"#)
        #expect(code["cssLinear"] is NSNull)
        let snippets = try #require(code["snippets"] as? [[String: Any]])
        #expect(snippets.count == 6)
        for snippet in snippets {
            let text = snippet["code"] as? String ?? ""
            #expect(
                text.contains("0.25") && text.contains("0.1") && (text.contains("0.4") || text.contains("400")),
                "\(text)")
        }
    }

    @Test func withoutCodeTheAnswerHasNoCodeMember() throws {
        let body = #"{"curve":{"type":"named","name":"easeIn"}}"#
        let response = service.curves(body)
        let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        #expect(object?["code"] == nil)
    }
}
