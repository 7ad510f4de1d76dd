import Foundation
import SegueEngine
import SegueTestSupport
import Testing

@testable import SegueAPI

/// Valid documents mutated at random (members dropped, numbers altered, values replaced by hostile
/// ones: huge and tiny numbers, negative sizes, empty containers, deep nests, long strings), in
/// every output: each answer is a 200 or a 4xx problem, never a 5xx and never a trap.
@Suite struct TransitionFuzzTests {
    /// Values a hostile client sends in place of any other.
    static var hostile: [Any] {
        let numbers: [Double] = [1e308, -1e308, 1e12, -1e12, 1e-320, 0, -1, -0.0001, 0.5, 1, 2, 1e6, 36_001]
        let strings: [String] = [
            "", String(repeating: "x", count: 1000), "start", "gone", "photo", "backdrop", "#zzzzzz",
            "data:image/png;base64,iVBORw0KGgo=",
        ]
        var deep: Any = 1.0
        for _ in 0..<40 { deep = [deep] }
        let empty: [Any] = []
        let objects: [[String: Any]] = [
            [:], ["type": "spring", "stiffness": 1e-6, "damping": 0.0],
            ["type": "spring", "duration": 600.0, "dampingRatio": 1e-9], ["gt": 1e308], ["rubberBand": 1e-300],
        ]
        let guards: [Any] = Array(repeating: ["to": "start", "outcome": "cancel"] as [String: Any], count: 40)
        var values: [Any] = numbers.map { $0 as Any } + strings.map { $0 as Any }
        values += objects.map { $0 as Any }
        values += [deep, empty, NSNull(), true, guards]
        return values
    }

    /// Every path to a value in `tree`: member names and array indices.
    static func paths(_ node: Any, _ prefix: [Any] = []) -> [[Any]] {
        var found: [[Any]] = [prefix]
        if let object = node as? [String: Any] {
            for key in object.keys.sorted() { found += paths(object[key] as Any, prefix + [key]) }
        } else if let array = node as? [Any] {
            for (index, item) in array.enumerated() { found += paths(item, prefix + [index]) }
        }
        return found
    }

    static func value(at path: [Any], in tree: Any) -> Any? {
        var node: Any? = tree
        for step in path {
            if let key = step as? String { node = (node as? [String: Any])?[key] }
            if let index = step as? Int {
                node = (node as? [Any]).flatMap { $0.indices.contains(index) ? $0[index] : nil }
            }
        }
        return node
    }

    /// One mutation of `body` at a random path: drop it, scale a number, or replace it.
    static func mutate(_ body: inout [String: Any], hostile: [Any], using generator: inout SeededGenerator) {
        let candidates = paths(body).filter { !$0.isEmpty }
        guard let path = candidates.randomElement(using: &generator) else { return }
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
            TransitionValidationTests.set(nil, at: path, in: &body)
        case 1:
            if let number = value(at: path, in: body) as? Double {
                let factors: [Double] = [-1, 0, 1e6, -1e6, 1e-6, 1.000001]
                let factor: Double = factors.randomElement(using: &generator) ?? 1
                TransitionValidationTests.set(number * factor, at: path, in: &body)
            } else {
                fallthrough
            }
        default:
            TransitionValidationTests.set(hostile.randomElement(using: &generator), at: path, in: &body)
        }
    }

    @Test(arguments: [(TransitionSimulateTests.tap, UInt64(27)), (TransitionSimulateTests.pan, UInt64(2027))])
    func mutatedDocumentsAreAnsweredWithoutFault(request: String, seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let hostile = Self.hostile
        let outputs = SimulateOutput.allCases.map(\.rawValue)
        var statuses: [Int: Int] = [:]
        for round in 0..<400 {
            var body = TransitionSimulateTests.tree(request)
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                Self.mutate(&body, hostile: hostile, using: &generator)
            }
            if round % 4 == 0 { body["output"] = outputs.randomElement(using: &generator) }
            guard let data = try? JSONSerialization.data(withJSONObject: body) else { continue }
            let response = SegueService.standard.simulate(Array(data))
            statuses[response.status.code, default: 0] += 1
            #expect(
                response.status.code == 200 || (400..<500).contains(response.status.code),
                "round \(round): \(response.status.code) \(String(decoding: response.body.prefix(600), as: UTF8.self)) for \(String(decoding: data.prefix(3000), as: UTF8.self))"
            )
            if response.status.code == 422 {
                let problem = JSONTestValue.object(response.body)
                #expect(((problem?["errors"] as? [[String: Any]]) ?? []).isEmpty == false, "round \(round)")
            }
        }
        // Both kinds of answer were met: the mutations reach past the checks and into runs.
        #expect(statuses[200, default: 0] > 10 && statuses[422, default: 0] > 10, "\(statuses)")
    }

    /// Every document the catalogue serves, each with its own fields (percent-driven scrubs, bounds
    /// holding the progress or the layers, detents, follow, a press, per-target settles, lift-off
    /// guards), mutated as above and sent with its example gesture: a 200 or a 4xx, never a fault.
    @Test(arguments: PresetCatalogue.builtIn.presets.filter { $0.transitionGap == nil }.map(\.description.id))
    func mutatedCatalogueDocumentsAreAnsweredWithoutFault(id: String) throws {
        let served = try #require(PresetFingerprintTests.servedDocument(id))
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(served.utf8)) as? [String: Any])
        let preset = try #require(PresetCatalogue.builtIn.preset(id: id))
        var request: [String: Any] = ["transition": document]
        if case .gesture(let trigger) = preset.trigger {
            request["gesture"] = [
                "samples": trigger.example.map {
                    ["t": $0.time, "x": $0.location.x, "y": $0.location.y, "phase": $0.phase.rawValue] as [String: Any]
                }
            ]
        }
        var generator = SeededGenerator(seed: UInt64(truncatingIfNeeded: id.utf8.reduce(7) { $0 &* 31 &+ Int($1) }))
        let hostile = Self.hostile
        var answered = 0
        for round in 0..<40 {
            var body = request
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                Self.mutate(&body, hostile: hostile, using: &generator)
            }
            guard let data = try? JSONSerialization.data(withJSONObject: body) else { continue }
            let response = SegueService.standard.simulate(Array(data))
            if response.status.code == 200 { answered += 1 }
            #expect(
                response.status.code == 200 || (400..<500).contains(response.status.code),
                "\(id) round \(round): \(response.status.code) \(String(decoding: response.body.prefix(600), as: UTF8.self))"
            )
        }
        // Most single mutations of a large document leave it valid: the runs were reached.
        #expect(answered > 0, "\(id): no mutated document ran")
    }
}
