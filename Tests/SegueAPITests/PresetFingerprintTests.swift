import Foundation
import SegueEngine
import SegueMath
import SegueTestSupport
import Testing

@testable import SegueAPI

/// What each preset answers, pinned across its rewrite as a transition document. Before a
/// preset's Swift code went, its answers to many requests (its example; parameters drawn from
/// every declared range at two frame rates; the hostile drags of `HostileGesture`) were
/// fingerprinted into Tests/Fixtures/presets/fingerprints.txt: each answer's `frames` and `events`
/// bytes hashed, with the decision's outcome and time. The document that replaced the code must
/// answer every request with the same bytes. Recorded only with SEGUE_RECORD_FINGERPRINTS=1 (which
/// fails the run on purpose), from the code being replaced, never from a document.
@Suite struct PresetFingerprintTests {
    static let path = Fixtures.root + "/Tests/Fixtures/presets/fingerprints.txt"
    static var isRecording: Bool { ProcessInfo.processInfo.environment["SEGUE_RECORD_FINGERPRINTS"] == "1" }

    /// One request to fingerprint.
    struct Request: Sendable {
        var preset: String
        var name: String
        var body: String
    }

    /// The requests for every catalogue preset, in catalogue order.
    static let requests: [Request] = {
        var requests: [Request] = []
        let examples = Dictionary(uniqueKeysWithValues: Fixtures.exampleRequests().map { ($0.name, $0.body) })
        for (index, preset) in PresetCatalogue.builtIn.presets.enumerated() {
            let id = preset.description.id
            if let example = examples[id] {
                requests.append(Request(preset: id, name: "example", body: String(decoding: example, as: UTF8.self)))
            }
            var generator = SeededGenerator(seed: 0xF1_6E7 + UInt64(index))
            let gesture = preset.exampleGesture.map(Self.gestureJSON)
            for draw in 0..<8 {
                let parameters = preset.parameters.map { spec in
                    "\"\(spec.name)\": \(Self.draw(spec, using: &generator))"
                }
                let frameRate = draw % 2 == 0 ? 60 : 120
                var body = "{\"preset\": \"\(id)\", \"frameRate\": \(frameRate), "
                body += "\"parameters\": {\(parameters.joined(separator: ", "))}"
                if let gesture { body += ", \"gesture\": \(gesture)" }
                requests.append(Request(preset: id, name: "parameters/\(draw)", body: body + "}"))
            }
            guard let example = preset.exampleGesture, let first = example.first, let last = example.last else {
                continue
            }
            for frameRate in [60.0, 120] {
                let drags = HostileGesture.drags(
                    from: (first.location.x, first.location.y),
                    heading: (last.location.x - first.location.x, last.location.y - first.location.y),
                    startTime: first.time, frameRate: frameRate, regrab: preset.acceptsRegrab, count: 8,
                    seed: 0xD0C + UInt64(index) * 2 + (frameRate == 60 ? 0 : 1))
                for (number, drag) in drags.enumerated() {
                    let samples = drag.samples.map {
                        GestureSample(
                            time: $0.time, location: Point(x: $0.x, y: $0.y),
                            phase: GesturePhase(rawValue: $0.phase) ?? .changed)
                    }
                    let body =
                        "{\"preset\": \"\(id)\", \"frameRate\": \(Int(frameRate)), \"gesture\": \(Self.gestureJSON(samples))}"
                    requests.append(Request(preset: id, name: "hostile/\(Int(frameRate))/\(number)", body: body))
                }
            }
        }
        return requests
    }()

    /// A value drawn from a parameter's declared range (a rect or size parameter keeps its default).
    static func draw(_ spec: ParameterSpec, using generator: inout SeededGenerator) -> String {
        switch spec.kind {
        case .number(let range, _):
            // Both ends, and points inside, as often as not.
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: return "\(range.lowerBound)"
            case 1: return "\(range.upperBound)"
            default: return "\(Double.random(in: range, using: &generator))"
            }
        case .bool: return Bool.random(using: &generator) ? "true" : "false"
        case .choice(let choices): return "\"\(choices.randomElement(using: &generator) ?? "")\""
        default:
            var writer = JSONWriter()
            writer.value(spec.defaultValue)
            return String(decoding: writer.bytes, as: UTF8.self)
        }
    }

    static func gestureJSON(_ samples: [GestureSample]) -> String {
        let items = samples.map { sample in
            "{\"t\": \(sample.time), \"x\": \(sample.location.x), \"y\": \(sample.location.y), \"phase\": \"\(sample.phase.rawValue)\"}"
        }
        return "{\"samples\": [\(items.joined(separator: ", "))]}"
    }

    /// The fingerprint of one answer: its status, the FNV-1a hash of its `frames` and `events`
    /// bytes, and the decision's outcome and time (or the problem's pointers for a refusal).
    static func fingerprint(_ request: Request) -> String {
        let response = SegueService.standard.simulate(Array(request.body.utf8))
        let body = response.body
        guard response.status.code == 200,
            let json = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
        else {
            let json = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
            let pointers = (json?["errors"] as? [[String: Any]])?.compactMap { $0["pointer"] as? String } ?? []
            return "\(response.status.code) \(pointers.joined(separator: ","))"
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for member in ["\"frames\":", "\"events\":"] {
            for byte in Self.member(member, of: body) {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        var line = "200 " + String(hash, radix: 16)
        if let decision = json["decision"] as? [String: Any] {
            line += " \(decision["outcome"] as? String ?? "?") \(decision["time"].map { "\($0)" } ?? "?")"
        }
        return line
    }

    /// The raw bytes of the top-level member that starts at `key` (through its closing bracket).
    static func member(_ key: String, of body: [UInt8]) -> ArraySlice<UInt8> {
        let needle = Array(key.utf8)
        guard
            let start = (0...(body.count - needle.count)).first(where: {
                body[$0..<$0 + needle.count].elementsEqual(needle)
            })
        else { return [] }
        var depth = 0
        var inString = false
        var escaped = false
        var index = start + needle.count
        while index < body.count {
            let byte = body[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return body[start...index] }
            }
            index += 1
        }
        return body[start...]
    }

    /// The document `GET /v1/presets/{id}` serves for a preset, as JSON text.
    static func servedDocument(_ id: String) -> String? {
        let detail = SegueService.standard.respond(to: HTTPRequest(method: .get, path: "/v1/presets/\(id)")).body
        let member = Self.member("\"transition\":", of: detail).dropFirst("\"transition\":".utf8.count)
        return member.first == UInt8(ascii: "{") ? String(decoding: member, as: UTF8.self) : nil
    }

    static let recorded: [String: String] = {
        guard let bytes = Fixtures.read(path) else { return [:] }
        var lines: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2 { lines[String(parts[0])] = String(parts[1]) }
        }
        return lines
    }()

    @Test func recordOnRequest() throws {
        guard Self.isRecording else { return }
        let lines = Self.requests.map { "\($0.preset) \($0.name)\t\(Self.fingerprint($0))" }
        #expect(Fixtures.write(Array((lines.joined(separator: "\n") + "\n").utf8), to: Self.path))
        Issue.record("Recorded \(Self.path); run again without SEGUE_RECORD_FINGERPRINTS to check it.")
    }

    /// The presets now written as documents answer as their code did, request by request.
    @Test(arguments: PresetCatalogue.builtIn.presets.filter { $0 is ParametricDocument }.map(\.description.id))
    func documentAnswersAsTheCodeItReplaced(id: String) throws {
        guard !Self.isRecording else { return }
        let requests = Self.requests.filter { $0.preset == id }
        #expect(requests.count >= 9)
        for request in requests {
            let recorded = try #require(
                Self.recorded["\(id) \(request.name)"], "\(id) \(request.name) was never recorded")
            #expect(Self.fingerprint(request) == recorded, "\(id) \(request.name)")
        }
    }

    /// A client that forks a converted preset (`GET /v1/presets/{id}`'s `transition`, posted back
    /// in place of the preset) gets what the preset's code answered, for its default parameters at
    /// both rates and every hostile drag.
    @Test(arguments: PresetCatalogue.builtIn.presets.filter { $0 is ParametricDocument }.map(\.description.id))
    func theServedDocumentAnswersAsTheCodeItReplaced(id: String) throws {
        guard !Self.isRecording else { return }
        let document = try #require(Self.servedDocument(id))
        var checked = 0
        for request in Self.requests where request.preset == id {
            // Parameters and scenes do not apply to a document: only the requests at the defaults.
            var members = try #require(
                try JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: Any])
            guard members["parameters"] == nil, members["scene"] == nil else { continue }
            members["preset"] = nil
            let rest = String(decoding: try JSONSerialization.data(withJSONObject: members), as: UTF8.self)
            var forked = request
            forked.body = "{\"transition\": \(document)" + (rest == "{}" ? "}" : ", " + rest.dropFirst())
            let recorded = try #require(Self.recorded["\(id) \(request.name)"])
            #expect(Self.fingerprint(forked) == recorded, "\(id) \(request.name), posted as its document")
            checked += 1
        }
        // The example, and for a pan its hostile drags: 8 at each of two rates (`requests`).
        #expect(checked >= (PresetCatalogue.builtIn.preset(id: id)?.interactive == true ? 1 + 2 * 8 : 1))
    }
}
