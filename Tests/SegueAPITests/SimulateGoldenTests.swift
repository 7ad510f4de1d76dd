import Foundation
import SegueEngine
import SegueTestSupport
import Testing

@testable import SegueAPI

/// Each example request's response, byte for byte, against a golden file recorded
/// only on request (SEGUE_RECORD_GOLDENS=1, which fails the run on purpose). The
/// goldens pin behaviour; their key numbers are checked from formulas below and in
/// InstagramPresetTests.
@Suite struct SimulateGoldenTests {
    static let examples = Fixtures.exampleRequests()
    func respond(_ body: [UInt8]) -> HTTPResponse {
        SegueService.standard.simulate(body)
    }

    @Test func everyPresetHasAnExample() {
        #expect(Self.examples.map(\.name) == PresetCatalogue.builtIn.ids.sorted())
    }

    @Test(arguments: examples.map(\.name))
    func responseMatchesItsGolden(name: String) throws {
        let body = try #require(Self.examples.first { $0.name == name }?.body)
        let response = respond(body)
        #expect(response.status.code == 200)
        let path = Fixtures.goldenPath(name)
        if Fixtures.isRecording {
            #expect(Fixtures.write(response.body, to: path))
            Issue.record("Recorded \(path); run again without SEGUE_RECORD_GOLDENS to check it.")
            return
        }
        let golden = try #require(Fixtures.read(path), "no golden at \(path); record with SEGUE_RECORD_GOLDENS=1")
        #expect(response.body == golden, "\(name) differs from its golden")
    }

    /// The interactive-pop golden's frame 12 is §6.7's worked drag: centre (297.96, 457.2),
    /// size 343.2 × 742.72.
    @Test func interactivePopGoldenCarriesTheWorkedNumbers() throws {
        let golden = try #require(Fixtures.read(Fixtures.goldenPath("instagram.pop.interactive")))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(golden)) as? [String: Any])
        let frames = try #require(json["frames"] as? [[String: Any]])
        let detail = try #require((frames[12]["layers"] as? [String: Any])?["detail"] as? [String: Any])
        let frame = try #require(detail["presentationFrame"] as? [String: Double])
        #expect(abs((frame["x"] ?? 0) + (frame["width"] ?? 0) / 2 - 297.96) < 1e-5)
        #expect(abs((frame["y"] ?? 0) + (frame["height"] ?? 0) / 2 - 457.2) < 1e-5)
        #expect(abs((frame["width"] ?? 0) - 343.2) < 1e-6)
        #expect(abs((frame["height"] ?? 0) - 742.72) < 1e-6)
        let decision = try #require(json["decision"] as? [String: Any])
        #expect(decision["outcome"] as? String == "finish")
        #expect(decision["rule"] as? String == "velocitySign")
    }

    /// The push golden starts with the masked image exactly on the cell (§3).
    @Test func pushGoldenStartsOnTheCell() throws {
        let golden = try #require(Fixtures.read(Fixtures.goldenPath("instagram.push")))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(golden)) as? [String: Any])
        let frames = try #require(json["frames"] as? [[String: Any]])
        let detail = try #require((frames[0]["layers"] as? [String: Any])?["detail"] as? [String: Any])
        let transform = try #require(detail["transform"] as? [String: Double])
        let mask = try #require((detail["mask"] as? [String: Any])?["rect"] as? [String: Double])
        let s = try #require(transform["a"])
        let cell = (390.0 - 4) / 3
        let x = 195 + (transform["tx"] ?? 0) + s * ((mask["x"] ?? 0) - 195)
        let y = 422 + (transform["ty"] ?? 0) + s * ((mask["y"] ?? 0) - 422)
        // Each number is rounded to 5e-7 on the wire; through s·(m − 422) + t that
        // bounds the error by about 5e-7·(422 + 1 + 1) ≈ 2.2e-4.
        #expect(abs(x - (cell + 2)) < 5e-4 && abs(y - (97 + cell + 2)) < 5e-4)
        #expect(abs(s * (mask["width"] ?? 0) - cell) < 5e-4)
    }
}
