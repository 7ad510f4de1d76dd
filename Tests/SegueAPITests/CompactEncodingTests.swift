import Foundation
import SegueEngine
import SegueTestSupport
import Testing

@testable import SegueAPI

/// `"encoding": "compact"` against the full encoding, for every example request: the compact
/// answer, parsed by Foundation and rebuilt by the rule openapi.yaml gives a client (lay frame
/// k's members over frame k-1's; `"shadow": null` removes the shadow), equals the golden full
/// answer member for member, once both read a state without `frame` as laid out at its layer's.
@Suite struct CompactEncodingTests {
    static let examples = Fixtures.exampleRequests()
    func respond(_ body: [UInt8]) -> HTTPResponse {
        SegueService.standard.simulate(body)
    }

    /// The example's body with `"encoding": "compact"` added.
    static func compactBody(_ body: [UInt8]) throws -> [UInt8] {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        object["encoding"] = "compact"
        return Array(try JSONSerialization.data(withJSONObject: object))
    }

    /// A client's reading of a compact answer: every frame rebuilt in full.
    static func rebuilt(_ compact: [String: Any]) throws -> [[String: Any]] {
        let frames = try #require(compact["frames"] as? [[String: Any]])
        var states: [String: [String: Any]] = [:]
        var result: [[String: Any]] = []
        for frame in frames {
            let changes = try #require(frame["layers"] as? [String: [String: Any]])
            for (id, change) in changes {
                var state = states[id] ?? [:]
                for (name, value) in change {
                    if name == "shadow", value is NSNull {
                        state.removeValue(forKey: name)
                    } else {
                        state[name] = value
                    }
                }
                states[id] = state
            }
            var full = frame
            full["layers"] = states
            result.append(full)
        }
        return result
    }

    /// The frames with every state's `frame` spelled out: a state without one is laid out at its
    /// layer's `frame` (the full encoding leaves it out there; a compact one carries it over).
    static func laidOut(_ frames: [[String: Any]], layers: [[String: Any]]) -> [[String: Any]] {
        let described = Dictionary(
            layers.compactMap { layer in (layer["id"] as? String).map { ($0, layer["frame"] ?? NSNull()) } },
            uniquingKeysWith: { first, _ in first })
        return frames.map { frame in
            var frame = frame
            var states = frame["layers"] as? [String: [String: Any]] ?? [:]
            for (id, state) in states where state["frame"] == nil {
                states[id]?["frame"] = described[id]
            }
            frame["layers"] = states
            return frame
        }
    }

    /// A parsed value written back by Foundation with sorted keys, to compare two parses.
    static func canonical(_ value: Any?) throws -> Data {
        try JSONSerialization.data(withJSONObject: [value ?? NSNull()], options: [.sortedKeys])
    }

    @Test(arguments: examples.map(\.name))
    func compactRebuildsToTheFullAnswer(name: String) throws {
        let body = try #require(Self.examples.first { $0.name == name }?.body)
        let full = try #require(Fixtures.read(Fixtures.goldenPath(name)), "no golden for \(name)")
        let response = respond(try Self.compactBody(body))
        #expect(response.status.code == 200)
        let fullObject = try #require(try JSONSerialization.jsonObject(with: Data(full)) as? [String: Any])
        let compactObject = try #require(
            try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(compactObject["encoding"] as? String == "compact")
        #expect(Set(compactObject.keys) == Set(fullObject.keys).union(["encoding"]))
        for member in fullObject.keys where member != "frames" {
            #expect(
                try Self.canonical(compactObject[member]) == Self.canonical(fullObject[member]),
                "\(name): \(member) differs between the encodings")
        }
        let layers = try #require(fullObject["layers"] as? [[String: Any]])
        let rebuilt = Self.laidOut(try Self.rebuilt(compactObject), layers: layers)
        let fullFrames = Self.laidOut(try #require(fullObject["frames"] as? [[String: Any]]), layers: layers)
        #expect(rebuilt.count == fullFrames.count)
        for (index, (frame, expected)) in zip(rebuilt, fullFrames).enumerated() {
            #expect(NSDictionary(dictionary: frame).isEqual(to: expected), "\(name): frame \(index) differs")
        }
        #expect(response.body.count <= full.count)
    }

    /// A layer is left out of a compact frame exactly when its full state equals the frame
    /// before's: nothing unchanged is repeated, nothing changed is dropped.
    @Test(arguments: examples.map(\.name))
    func exactlyTheUnchangedLayersAreLeftOut(name: String) throws {
        let body = try #require(Self.examples.first { $0.name == name }?.body)
        let full = try #require(Fixtures.read(Fixtures.goldenPath(name)))
        let fullFrames = try #require(
            (try JSONSerialization.jsonObject(with: Data(full)) as? [String: Any])?["frames"] as? [[String: Any]])
        let response = respond(try Self.compactBody(body))
        let compactFrames = try #require(
            (try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])?["frames"]
                as? [[String: Any]])
        for index in fullFrames.indices.dropFirst() {
            let states = try #require(fullFrames[index]["layers"] as? [String: Any])
            let before = try #require(fullFrames[index - 1]["layers"] as? [String: Any])
            let changes = try #require(compactFrames[index]["layers"] as? [String: Any])
            for (id, state) in states {
                let unchanged = try Self.canonical(state) == Self.canonical(before[id])
                #expect(unchanged == (changes[id] == nil), "\(name): frame \(index), layer \(id)")
            }
        }
    }

    @Test func compactWithAnotherOutputIsRefusedAtItsPointer() throws {
        let body = Array(#"{"preset":"instagram.push","output":"svg","encoding":"compact"}"#.utf8)
        let response = respond(body)
        #expect(response.status.code == 422)
        #expect(String(decoding: response.body, as: UTF8.self).contains(#""pointer":"/encoding""#))
    }

    @Test func anUnknownEncodingIsRefused() throws {
        let response = respond(Array(#"{"preset":"instagram.push","encoding":"columns"}"#.utf8))
        #expect(response.status.code == 422)
        #expect(String(decoding: response.body, as: UTF8.self).contains("Unknown encoding 'columns'"))
    }
}
