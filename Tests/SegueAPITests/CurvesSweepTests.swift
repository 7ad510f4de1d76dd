import Foundation
import Testing

@testable import SegueAPI

/// `POST /v1/curves` with every number of every spring form at the edges of a double, alone and
/// together, with and without code: each answer is a 200 or a 422 whose errors point into the
/// request, never a 5xx (issue 26: mass, stiffness and damping 1e-200 answered 500, "a number that
/// is not finite").
@Suite struct CurvesSweepTests {
    let service = SegueService(router: .segue(catalogue: .builtIn, readiness: Readiness()), makeRequestID: { "id" })

    /// Each form with values that make a well-behaved spring; one field at a time is swept.
    static let forms: [[String: Double]] = [
        ["duration": 0.5, "dampingRatio": 0.8, "initialVelocity": 0.5],
        ["mass": 1, "stiffness": 100, "damping": 10, "initialVelocity": -1],
        ["response": 0.5, "dampingFraction": 0.825, "initialVelocity": 2],
        ["duration": 0.5, "bounce": -0.3, "initialVelocity": 1],
        ["tension": 40, "friction": 7, "initialVelocity": 0.5],
    ]

    static let extremes: [Double] = [
        5e-324, -5e-324, 1e-308, 1e-200, -1e-200, 1e-12, 1e-6, 1e6, 1e12, 1e15, 1e308, -1e308, -1, 0,
    ]

    func post(_ body: String) -> HTTPResponse {
        service.respond(
            to: HTTPRequest(
                method: .post, path: "/v1/curves", headers: ["Content-Type": "application/json"],
                body: Array(body.utf8)))
    }

    func body(_ fields: [String: Double], code: Bool) -> String {
        let members = fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }
        return #"{"curve":{"type":"spring",\#(members.joined(separator: ","))},"code":\#(code),"frameRate":10}"#
    }

    /// A 200, or a 422 with at least one error, each at /curve… or /frameRate.
    func check(_ body: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let response = post(body)
        let text = String(decoding: response.body.prefix(400), as: UTF8.self)
        switch response.status.code {
        case 200:
            break
        case 422:
            let errors = (JSONTestValue.object(response.body)?["errors"] as? [[String: Any]]) ?? []
            #expect(!errors.isEmpty, "422 without errors for \(body)", sourceLocation: sourceLocation)
            for pointer in errors.compactMap({ $0["pointer"] as? String })
            where !(pointer.hasPrefix("/curve") || pointer == "/frameRate") {
                Issue.record("422 at \(pointer) for \(body): \(text)", sourceLocation: sourceLocation)
            }
        default:
            Issue.record("\(response.status.code) for \(body): \(text)", sourceLocation: sourceLocation)
        }
    }

    @Test func everySpringFieldAtTheEdgesOfADoubleAnswers200Or422() {
        for form in Self.forms {
            for field in form.keys {
                for value in Self.extremes {
                    var fields = form
                    fields[field] = value
                    check(body(fields, code: true))
                }
            }
            // Every field of the form at once at each value (1e-200 everywhere, …).
            for value in Self.extremes {
                check(body(form.mapValues { _ in value }, code: true))
                check(body(form.mapValues { _ in value }, code: false))
            }
        }
    }

    /// Issue 26's request: the fields too small to make a spring are named.
    @Test func aSpringOfMassStiffnessAndDamping1e200NamesItsFields() throws {
        let response = post(#"{"curve":{"type":"spring","mass":1e-200,"stiffness":1e-200,"damping":1e-200}}"#)
        #expect(response.status.code == 422, "\(String(decoding: response.body, as: UTF8.self))")
        let errors = try #require(JSONTestValue.object(response.body)?["errors"] as? [[String: Any]])
        let pointers = Set(errors.compactMap { $0["pointer"] as? String })
        #expect(pointers == ["/curve/mass", "/curve/stiffness"], "\(errors)")
    }
}
