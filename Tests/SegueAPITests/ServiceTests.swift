import Foundation
import SegueEngine
import Testing

@testable import SegueAPI

/// The standard routes, answered in-process: request value in, response value out.
@Suite struct ServiceTests {
    let readiness = Readiness()
    let catalogue = PresetCatalogue(presets: [
        ListedPreset(
            description: PresetDescription(
                id: "a.one", title: "One", summary: "First.", source: "seed 000 §3"), trigger: .tap),
        ListedPreset(
            description: PresetDescription(
                id: "b.two", title: "Two", summary: "Second.", source: "seed 003 §9"),
            trigger: .gesture(
                example: [GestureSample(time: 0, location: .zero, phase: .began)],
                rules: DecisionRules(DecisionRule(id: "r", summary: "A rule.", source: "test")))),
    ])

    var service: SegueService {
        SegueService(router: .segue(catalogue: catalogue, readiness: readiness), makeRequestID: { "generated-id" })
    }

    private func json(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(JSONTestValue.object(response.body))
    }

    @Test func healthzAnswersOK() throws {
        let response = service.respond(to: HTTPRequest(method: .get, path: "/healthz"))
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"status":"ok"}"#)
    }

    @Test func readyzTurns503ProblemOnceDraining() throws {
        let before = service.respond(to: HTTPRequest(method: .get, path: "/readyz"))
        #expect(before.status.code == 200)
        #expect(String(decoding: before.body, as: UTF8.self) == #"{"status":"ready"}"#)

        readiness.beginDraining()
        let after = service.respond(to: HTTPRequest(method: .get, path: "/readyz"))
        #expect(after.status.code == 503)
        #expect(after.headers["Content-Type"] == "application/problem+json")
        let body = try json(after)
        #expect(body["status"] as? Int == 503)
        #expect(body["type"] as? String == "urn:segue:problem:shutting-down")
        // Health is about the process, not about taking work: still 200 while draining.
        #expect(service.respond(to: HTTPRequest(method: .get, path: "/healthz")).status.code == 200)
    }

    @Test func presetsListTheCatalogueInOrder() throws {
        let response = service.respond(to: HTTPRequest(method: .get, path: "/v1/presets"))
        #expect(response.status.code == 200)
        let presets = try #require(try json(response)["presets"] as? [[String: Any]])
        #expect(presets.map { $0["id"] as? String } == ["a.one", "b.two"])
        #expect(presets[1]["interactive"] as? Bool == true)
        #expect(presets[0]["source"] as? String == "seed 000 §3")
        #expect(Set(presets[0].keys) == ["id", "title", "summary", "source", "interactive"])
    }

    @Test func builtInCatalogueServesThePresetListShape() throws {
        let service = SegueService(router: .segue(catalogue: .builtIn, readiness: readiness))
        let response = service.respond(to: HTTPRequest(method: .get, path: "/v1/presets"))
        let body = try json(response)
        #expect(Set(body.keys) == ["presets"])
        #expect((body["presets"] as? [Any])?.count == PresetCatalogue.builtIn.presets.count)
    }

    @Test func openAPIIsServedFromTheBinary() {
        let response = service.respond(to: HTTPRequest(method: .get, path: "/openapi.yaml"))
        #expect(response.status.code == 200)
        #expect(response.headers["Content-Type"] == "application/yaml")
        #expect(String(decoding: response.body.prefix(13), as: UTF8.self) == "openapi: 3.1.")
    }

    /// The document is a YAML block mapping (every unindented line that is not a comment
    /// is a `key:` entry) holding openapi, info and paths, which is how a client that
    /// parses application/yaml sees it; openapi.yaml once documented it as a string, and
    /// contract fuzzing, which parses YAML bodies, flagged the 200 as not matching.
    @Test func openAPIDocumentIsAMappingWithItsRequiredMembers() {
        let response = service.respond(to: HTTPRequest(method: .get, path: "/openapi.yaml"))
        let lines = String(decoding: response.body, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: true)
        let topLevel = lines.filter { line in
            guard let first = line.first else { return false }
            return first != " " && first != "#"
        }
        let keys = topLevel.compactMap { line in line.firstIndex(of: ":").map { String(line[..<$0]) } }
        #expect(keys.count == topLevel.count, "every top-level line is a key")
        #expect(Set(["openapi", "info", "paths"]).isSubset(of: Set(keys)))
        #expect(keys.count == Set(keys).count, "no key twice")
    }

    @Test func playgroundPageIsServedFromTheBinaryAndLoadsNothingFromElsewhere() {
        let response = service.respond(to: HTTPRequest(method: .get, path: "/"))
        #expect(response.status.code == 200)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        let page = String(decoding: response.body, as: UTF8.self)
        #expect(page.hasPrefix("<!doctype html>"))
        for api in ["/v1/presets", "/v1/simulate", "/sdk/segue.js"] { #expect(page.contains(api)) }
        // No CDN, no external request: the only absolute URL is the SVG namespace name.
        let external = page.split(separator: "\"").filter { $0.hasPrefix("http://") || $0.hasPrefix("https://") }
        #expect(external == ["http://www.w3.org/2000/svg"])
    }

    /// The SDK is one module with no imports (its `import("./segue")` are JSDoc types, in
    /// comments), so a page can load it from the server with nothing else; its types beside it.
    @Test func browserSDKIsServedFromTheBinaryAndImportsNothing() {
        let script = service.respond(to: HTTPRequest(method: .get, path: "/sdk/segue.js"))
        #expect(script.status.code == 200)
        #expect(script.headers["Content-Type"] == "text/javascript; charset=utf-8")
        let module = String(decoding: script.body, as: UTF8.self)
        #expect(module.hasPrefix("// Segue's browser SDK"))
        let imports = module.split(separator: "\n").filter { $0.hasPrefix("import ") || $0.contains(" from \"http") }
        #expect(imports.allSatisfy { $0.hasPrefix("//") }, "\(imports)")
        for name in ["class Segue", "class SegueProblem", "function recordPointer", "function applyFrame"] {
            #expect(module.contains("export \(name)"), "exports \(name)")
        }
        let types = service.respond(to: HTTPRequest(method: .get, path: "/sdk/segue.d.ts"))
        #expect(types.status.code == 200)
        #expect(types.headers["Content-Type"] == "application/typescript; charset=utf-8")
        #expect(String(decoding: types.body, as: UTF8.self).contains("export declare class Segue {"))
    }

    @Test func unknownPathIs404ProblemNamingThePath() throws {
        let response = service.respond(to: HTTPRequest(method: .get, path: "/v1/nothing"))
        #expect(response.status.code == 404)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        let body = try json(response)
        #expect(body["type"] as? String == "about:blank")
        #expect(body["title"] as? String == "Not Found")
        #expect(body["status"] as? Int == 404)
        #expect(body["instance"] as? String == "/v1/nothing")
        #expect(body["requestId"] as? String == "generated-id")
        #expect((body["detail"] as? String)?.contains("/v1/nothing") == true)
    }

    @Test func problemInstanceIsTheDecodedPathEncodedAgain() throws {
        let response = service.respond(to: HTTPRequest(method: .get, path: "/a b\"c"))
        #expect(try json(response)["instance"] as? String == "/a%20b%22c")
    }

    @Test func wrongMethodIs405WithAllowHeaderAndMembers() throws {
        let response = service.respond(to: HTTPRequest(method: .delete, path: "/v1/presets"))
        #expect(response.status.code == 405)
        #expect(response.headers["Allow"] == "GET, HEAD")
        let body = try json(response)
        #expect(body["allow"] as? [String] == ["GET", "HEAD"])
        #expect((body["detail"] as? String)?.contains("DELETE") == true)
    }

    @Test func headGetsTheGetResponseSoTheTransportCanStateItsLength() {
        let get = service.respond(to: HTTPRequest(method: .get, path: "/v1/presets"))
        let head = service.respond(to: HTTPRequest(method: .head, path: "/v1/presets"))
        #expect(head.status == get.status)
        #expect(head.body == get.body)
    }

    @Test func transportProblemsCarryTheRequestID() throws {
        let request = HTTPRequest(method: .post, path: "/v1/presets", headers: ["X-Request-Id": "client-7"])
        let response = service.respond(to: request, with: .contentTooLarge(limit: 1024))
        #expect(response.status.code == 413)
        #expect(response.headers["X-Request-Id"] == "client-7")
        let body = try json(response)
        #expect(body["limit"] as? Int == 1024)
        #expect(body["requestId"] as? String == "client-7")
        #expect(body["instance"] as? String == "/v1/presets")
    }
}

/// Parses response bodies with Foundation's JSONSerialization, a reader independent
/// of the encoder under test.
enum JSONTestValue {
    static func object(_ bytes: [UInt8]) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
    }
}

@Suite struct URIPathTests {
    @Test func pathCharactersStayAndOthersArePercentEncoded() {
        #expect(URIPath.encode("/v1/presets/a.b-c_d~e") == "/v1/presets/a.b-c_d~e")
        #expect(URIPath.encode("/a b\"c") == "/a%20b%22c")
        #expect(URIPath.encode("/é") == "/%C3%A9")
        #expect(URIPath.encode("/x?y#z%") == "/x%3Fy%23z%25")
    }
}

/// A preset that only has a catalogue entry, for listing tests.
struct ListedPreset: Preset {
    var description: PresetDescription
    var sceneFields: [ParameterSpec] { [] }
    var parameters: [ParameterSpec] { [] }
    var trigger: Trigger

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        throw SimulationError.fields([])
    }
}
