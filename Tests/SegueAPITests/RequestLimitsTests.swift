import Foundation
import SegueEngine
import SegueTestSupport
import Testing

@testable import SegueAPI

/// Every cap of `RequestLimits`, met through the real routes with small limits so the
/// edge of each can be computed by hand: one past the limit is a 422 at the value's
/// pointer naming the flag, the limit itself is accepted.
@Suite struct RequestLimitsTests {
    private func service(_ configure: (inout RequestLimits) -> Void) -> SegueService {
        var limits = RequestLimits()
        configure(&limits)
        return SegueService(
            router: .segue(catalogue: .builtIn, readiness: Readiness(), limits: limits), makeRequestID: { "id" })
    }

    private func post(_ service: SegueService, _ path: String, _ body: String) -> HTTPResponse {
        var request = HTTPRequest(method: .post, path: path, body: Array(body.utf8))
        request.headers.add(name: "Content-Type", value: "application/json")
        return service.respond(to: request)
    }

    /// The single error of a 422, as (pointer, detail).
    private func onlyError(_ response: HTTPResponse) throws -> (pointer: String, detail: String) {
        #expect(response.status.code == 422, "\(String(decoding: response.body, as: UTF8.self))")
        let problem = try #require(JSONTestValue.object(response.body))
        let errors = try #require(problem["errors"] as? [[String: String]])
        try #require(errors.count == 1, "\(errors)")
        return (errors[0]["pointer"] ?? "?", errors[0]["detail"] ?? "")
    }

    // MARK: JSON text

    @Test func nestingOnePastTheDepthLimitIsRefusedAtTheInnermostAllowedValue() throws {
        let segue = service { $0.maxJSONDepth = 3 }
        // Depth counts from the root (0): arrays at depths 0, 1 and 2 are allowed, a
        // fourth array sits at depth 3, inside /0/0/0.
        let error = try onlyError(post(segue, "/v1/curves", "[[[[1]]]]"))
        #expect(error.pointer == "/0/0/0")
        #expect(error.detail.contains("more than 3 levels deep"))
        #expect(error.detail.contains("--max-json-depth"))
        // Three levels are well-formed and within the limit: the 422 is about the shape, at the root.
        let allowed = try onlyError(post(segue, "/v1/curves", "[[[1]]]"))
        #expect(allowed.pointer == "")
        #expect(!allowed.detail.contains("--max-json-depth"))
    }

    @Test func aHugeNestIsRefusedWithoutRecursingIntoIt() throws {
        let segue = service { _ in }
        let body = String(repeating: "{\"a\":", count: 100_000)
        let error = try onlyError(post(segue, "/v1/simulate", body))
        // The default limit is 32 levels: the 33rd object sits at /a repeated 32 times.
        #expect(error.pointer == String(repeating: "/a", count: 32))
    }

    /// Ten bytes: the longest member name these bodies use ("parameters") still fits.
    private let tenBytes = 10

    @Test func stringsLongerThanTheLimitAreRefusedAtTheirPointer() throws {
        let segue = service { $0.maxStringBytes = tenBytes }
        let error = try onlyError(post(segue, "/v1/simulate", #"{"preset":"abcdefghijk"}"#))
        #expect(error.pointer == "/preset")
        #expect(error.detail.contains("11 bytes long, more than the 10"))
        #expect(error.detail.contains("--max-string-bytes"))
        // Ten bytes pass the scanner and reach validation: an unknown preset, not a limit.
        let atLimit = try onlyError(post(segue, "/v1/simulate", #"{"preset":"abcdefghij"}"#))
        #expect(atLimit.detail.contains("Unknown preset 'abcdefghij'"))
    }

    @Test func escapesCountAsTheBytesSent() throws {
        let segue = service { $0.maxStringBytes = tenBytes }
        // "\u00e9\u00e9" is two characters but twelve bytes on the wire.
        let error = try onlyError(post(segue, "/v1/simulate", #"{"preset":"\u00e9\u00e9"}"#))
        #expect(error.detail.contains("12 bytes long"))
    }

    @Test func longMemberNamesPointAtTheirObject() throws {
        let segue = service { $0.maxStringBytes = tenBytes }
        let error = try onlyError(post(segue, "/v1/simulate", #"{"parameters":{"abcdefghijk":1}}"#))
        #expect(error.pointer == "/parameters")
        #expect(error.detail.contains("member name of this object is 11 bytes long"))
    }

    @Test func numbersBeyondTheMagnitudeLimitAreRefusedEitherSign() throws {
        let segue = service { $0.maxNumberMagnitude = 100 }
        for (text, refused) in [("-100.5", true), ("101", true), ("1e3", true), ("100", false), ("-100", false)] {
            let response = post(segue, "/v1/curves", #"{"from":\#(text)}"#)
            let problem = try #require(JSONTestValue.object(response.body))
            let errors = try #require(problem["errors"] as? [[String: String]])
            let limitErrors = errors.filter { $0["detail"]?.contains("--max-number-magnitude") == true }
            #expect(limitErrors.count == (refused ? 1 : 0), "\(text): \(errors)")
            if refused {
                #expect(limitErrors.first?["pointer"] == "/from")
                #expect(limitErrors.first?["detail"]?.contains("larger in magnitude than 100") == true)
            }
        }
    }

    @Test func theDefaultMagnitudeLimitIsWrittenAsAPowerOfTen() throws {
        let error = try onlyError(
            post(service { _ in }, "/v1/curves", #"{"from":2e12,"curve":{"type":"named","name":"linear"}}"#))
        #expect(error.detail.contains("than 1e12"), "\(error.detail)")
    }

    // MARK: Work

    @Test func framesPastTheLimitAre422AtFrameRate() throws {
        let pop = try #require(PresetCatalogue.builtIn.preset(id: "instagram.pop"))
        let spec = try #require(pop.parameters.first { $0.name == "duration" })
        guard case .number(let duration) = spec.defaultValue else {
            Issue.record("instagram.pop's duration is not a number")
            return
        }
        // FrameGrid: frames k/60 for every k with k/60 < duration, then one at the end.
        let expectedFrames = Int((duration * 60 - 1e-9).rounded(.up)) + 1
        let body = #"{"preset":"instagram.pop","frameRate":60}"#

        let tooFew = service { $0.maxFrames = expectedFrames - 1 }
        let error = try onlyError(post(tooFew, "/v1/simulate", body))
        #expect(error.pointer == "/frameRate")
        #expect(error.detail.contains("more than \(expectedFrames - 1) frames"))

        let enough = service { $0.maxFrames = expectedFrames }
        let response = post(enough, "/v1/simulate", body)
        #expect(response.status.code == 200)
        let frames = try #require(JSONTestValue.object(response.body)?["frames"] as? [Any])
        #expect(frames.count == expectedFrames)
    }

    @Test func gesturesWithMoreSamplesThanTheLimitAre422() throws {
        let example = try #require(Fixtures.exampleRequests().first { $0.name == "instagram.pop.interactive" })
        let json = try #require(JSONTestValue.object(example.body))
        let samples = try #require((json["gesture"] as? [String: Any])?["samples"] as? [Any])
        let body = String(decoding: example.body, as: UTF8.self)

        let error = try onlyError(post(service { $0.maxGestureSamples = samples.count - 1 }, "/v1/simulate", body))
        #expect(error.pointer == "/gesture/samples")
        #expect(error.detail.contains("has \(samples.count) samples, more than the \(samples.count - 1)"))
        #expect(error.detail.contains("--max-gesture-samples"))
        #expect(post(service { $0.maxGestureSamples = samples.count }, "/v1/simulate", body).status.code == 200)
    }

    @Test func curvesWithMoreSamplesThanTheLimitAre422() throws {
        // 1 s at 60 Hz: t = k/60 for k = 0…59, then t = 1: 61 samples.
        let body = #"{"frameRate":60,"curve":{"type":"named","name":"easeInOut","duration":1}}"#
        let error = try onlyError(post(service { $0.maxCurveSamples = 60 }, "/v1/curves", body))
        #expect(error.pointer == "/frameRate")
        #expect(error.detail.contains("--max-curve-samples"))
        let response = post(service { $0.maxCurveSamples = 61 }, "/v1/curves", body)
        #expect(response.status.code == 200)
        let samples = try #require(JSONTestValue.object(response.body)?["samples"] as? [Any])
        #expect(samples.count == 61)
    }

    // MARK: Answers

    @Test func aBodyFullOfMistakesListsAHundredAndCountsTheRest() throws {
        let unknown = 150
        let members = (0..<unknown).map { #""k\#($0)":1"# }.joined(separator: ",")
        let response = post(service { _ in }, "/v1/simulate", "{\(members)}")
        #expect(response.status.code == 422)
        let problem = try #require(JSONTestValue.object(response.body))
        let errors = try #require(problem["errors"] as? [[String: String]])
        // 150 unknown fields and the missing preset: 151 problems, 99 listed and one line for the rest.
        let problems = unknown + 1
        #expect(errors.count == FieldValidator.maxErrors)
        #expect(errors.last?["pointer"] == "")
        #expect(errors.last?["detail"]?.contains("…and \(problems - 99) more problems") == true)
    }
}
