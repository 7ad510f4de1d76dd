import Foundation
import SegueEngine
import SegueMath
import SegueTestSupport
import Testing

@testable import SegueAPI

/// Every built-in preset, driven through the whole service with values its own catalogue entry
/// advertises (each parameter at its minimum, maximum and a few seeded random values; every choice;
/// both bools) and with scene fields at small, huge and degenerate values. Every answer must be a
/// 200 or a 422 whose errors point into the request: never a 500 (a non-finite number the engine
/// produced) and never a trap (which kills this process: that is the red).
///
/// The ranges come from the catalogue, so a new preset is swept without being listed here. The
/// cost of each answer is bounded too, by counts rather than timings: its frames against the
/// frame cap, and the settle search's evaluations against their bound.
@Suite struct PresetSweepTests {
    static let service = SegueService(router: .segue(catalogue: .builtIn, readiness: Readiness()))
    static let presets = PresetCatalogue.builtIn.presets.map { PresetBox(preset: $0) }

    /// A preset that names itself in test output.
    struct PresetBox: CustomTestStringConvertible, Sendable {
        let preset: any Preset
        var testDescription: String { preset.description.id }
    }

    /// The largest magnitude a server with default flags accepts (`--max-number-magnitude`).
    static let hugeNumber = RequestLimits().maxNumberMagnitude

    /// Each parameter alone at every value its spec advertises, the others at their defaults.
    @Test(arguments: presets)
    func everyParameterAcrossItsRangeAnswers200Or422(box: PresetBox) {
        var random = SeededGenerator(seed: Self.seed(box.preset))
        for spec in box.preset.parameters {
            for value in Self.advertisedValues(spec, random: &random) {
                check(box.preset, parameters: [spec.name: value])
            }
        }
    }

    /// Each scene field alone at small, huge, negative and degenerate values (zero-sized rects,
    /// windows shorter or narrower than the elements in them); out-of-range values must be a 422
    /// at the field, the rest a 200 or a 422 that says which field or sample no longer fits.
    @Test(arguments: presets)
    func everySceneFieldAtExtremesAnswers200Or422(box: PresetBox) {
        var random = SeededGenerator(seed: Self.seed(box.preset) ^ 0x5CE4E)
        for spec in box.preset.sceneFields {
            for value in Self.extremeValues(spec, random: &random) {
                check(box.preset, scene: [spec.name: value])
            }
        }
    }

    /// Several parameters and scene fields at once, each drawn from its advertised range (scene
    /// rects and sizes scaled from their defaults), since causes combine (a short window with a
    /// tall peek tab).
    @Test(arguments: presets)
    func randomCombinationsAnswer200Or422(box: PresetBox) {
        var random = SeededGenerator(seed: Self.seed(box.preset) ^ 0xC0B1)
        for _ in 0..<12 {
            var parameters: [String: String] = [:]
            for spec in box.preset.parameters where Bool.random(using: &random) {
                parameters[spec.name] = Self.advertisedValues(spec, random: &random).randomElement(using: &random)
            }
            var scene: [String: String] = [:]
            for spec in box.preset.sceneFields where Bool.random(using: &random) {
                scene[spec.name] = Self.scaledValue(spec, random: &random)
            }
            check(box.preset, scene: scene, parameters: parameters)
        }
    }

    /// The engine work that no frame counts: a Touchwonders simulation searches its spring's settling
    /// time twice per stroke (once per axis, `SettlingGrid`). Over every spring the sweep sends
    /// (mass, stiffness and damping each at the values `advertisedValues` draws) and every relative
    /// initial velocity it can give (0, and ± each advertised velocityClip), no search evaluates the
    /// motion more than `SettlingGrid.maximumEvaluations` = 3·(2 + ⌈log2(1 000 000)⌉) = 66 times, so a
    /// request of 10 000 samples (5 000 strokes) makes at most 2·5 000·66 = 660 000 evaluations, where a
    /// point-by-point scan could make 92 346 per search at the catalogue's slowest spring.
    @Test(arguments: presets.filter { box in box.preset.parameters.contains { $0.name == "springMass" } })
    func everySettleSearchTheSweepReachesStaysWithinItsBound(box: PresetBox) {
        var random = SeededGenerator(seed: Self.seed(box.preset) ^ 0x5E77_1E)
        func values(_ name: String) -> [Double] {
            guard let spec = box.preset.parameters.first(where: { $0.name == name }) else { return [] }
            return Self.advertisedValues(spec, random: &random).compactMap(Double.init)
        }
        let clips = values("velocityClip")
        let velocities = [0] + clips + clips.map { -$0 }
        var searches = 0
        var onTheGrid = 0
        var most = 0
        for mass in values("springMass") {
            for stiffness in values("springStiffness") {
                for damping in values("springDamping") {
                    guard let spring = Spring(mass: mass, stiffness: stiffness, damping: damping) else {
                        Issue.record("m \(mass), k \(stiffness), c \(damping) is in range but not a spring")
                        continue
                    }
                    for velocity in velocities {
                        let search = spring.settlingSearch(initialVelocity: velocity)
                        searches += 1
                        if search.evaluations > 0 { onTheGrid += 1 }
                        most = max(most, search.evaluations)
                    }
                }
            }
        }
        #expect(searches >= 6 * 6 * 6, "the sweep's spring values were not found")
        #expect(onTheGrid > 0, "no spring of the sweep was critically damped, so no search was bounded")
        #expect(most <= SettlingGrid.maximumEvaluations)
    }

    /// Issue 25: `appstore.card.dismiss` with a card 5e-324 pt (or 1e-308 pt) square answered 500, "a
    /// number that is not finite" (its layer's scale, the shown rect over the frame, overflowed). A
    /// scene length below 0.001 pt is a 422 at that length; 0.001 itself is drawn.
    @Test(arguments: [5e-324, 1e-308, 0.0009])
    func aCardTooSmallToDrawIsA422NamingItsSize(side: Double) throws {
        let preset = try #require(
            PresetCatalogue.builtIn.presets.first { $0.description.id == "appstore.card.dismiss" })
        let frame = #"{"x":0,"y":0,"width":\#(side),"height":\#(side)}"#
        let body = Self.body(preset, scene: ["cardFrame": frame], parameters: [:], output: "json")
        let response = Self.service.respond(
            to: HTTPRequest(
                method: .post, path: "/v1/simulate", headers: ["Content-Type": "application/json"],
                body: Array(body.utf8)))
        #expect(response.status.code == 422)
        #expect(Set(Self.pointers(response.body)) == ["/scene/cardFrame/width", "/scene/cardFrame/height"])
        // The detail names the number sent, not its six-decimal rounding ("got 0").
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.contains("Must be at least 0.001; got \(side)."), "\(text)")
        let drawn = Self.body(
            preset, scene: ["cardFrame": #"{"x":0,"y":0,"width":0.001,"height":0.001}"#], parameters: [:],
            output: "json")
        let smallest = Self.service.respond(
            to: HTTPRequest(
                method: .post, path: "/v1/simulate", headers: ["Content-Type": "application/json"],
                body: Array(drawn.utf8)))
        #expect(smallest.status.code == 200, "\(String(decoding: smallest.body.prefix(300), as: UTF8.self))")
    }

    // MARK: - One request

    /// Posts the preset's example request with these overrides (JSON texts by name), as JSON and
    /// as an SVG filmstrip, and checks that both answers agree and are 200 or a 422 into the request.
    func check(
        _ preset: any Preset, scene: [String: String] = [:], parameters: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var statuses: [Int] = []
        for output in ["json", "svg"] {
            let body = Self.body(preset, scene: scene, parameters: parameters, output: output)
            let response = Self.service.respond(
                to: HTTPRequest(
                    method: .post, path: "/v1/simulate", headers: ["Content-Type": "application/json"],
                    body: Array(body.utf8)))
            let text = String(decoding: response.body.prefix(600), as: UTF8.self)
            statuses.append(response.status.code)
            switch response.status.code {
            case 200:
                // A guard on CPU cost that is not a timing: no answer holds more frames than the cap.
                if output == "json", let frames = JSONTestValue.object(response.body)?["frames"] as? [Any] {
                    #expect(
                        frames.count <= RequestLimits().maxFrames, "\(frames.count) frames for \(body)",
                        sourceLocation: sourceLocation)
                    #expect(frames.count >= 1, "no frame for \(body)", sourceLocation: sourceLocation)
                } else if output == "json" {
                    Issue.record("200 without frames for \(body): \(text)", sourceLocation: sourceLocation)
                }
            case 422:
                let pointers = Self.pointers(response.body)
                #expect(!pointers.isEmpty, "422 without errors for \(body): \(text)", sourceLocation: sourceLocation)
                for pointer in pointers where !Self.answerablePrefixes.contains(where: pointer.hasPrefix) {
                    Issue.record(
                        "422 at \(pointer), not in the request's scene, parameters or gesture, for \(body): \(text)",
                        sourceLocation: sourceLocation)
                }
            default:
                Issue.record("\(response.status.code) for \(body): \(text)", sourceLocation: sourceLocation)
            }
        }
        #expect(
            Set(statuses).count == 1, "JSON and SVG disagree (\(statuses)) for \(parameters) \(scene)",
            sourceLocation: sourceLocation)
    }

    /// Where a 422 may point: the values this sweep changed, or the gesture they no longer fit.
    static let answerablePrefixes = ["/parameters/", "/scene/", "/gesture"]

    static func body(_ preset: any Preset, scene: [String: String], parameters: [String: String], output: String)
        -> String
    {
        func object(_ members: [String: String]) -> String {
            "{" + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
        }
        var members = ["\"preset\":\"\(preset.description.id)\"", "\"output\":\"\(output)\""]
        if !scene.isEmpty { members.append("\"scene\":" + object(scene)) }
        if !parameters.isEmpty { members.append("\"parameters\":" + object(parameters)) }
        if let samples = preset.exampleGesture {
            let list = samples.map {
                "{\"t\":\($0.time),\"x\":\($0.location.x),\"y\":\($0.location.y),\"phase\":\"\($0.phase.rawValue)\"}"
            }
            members.append("\"gesture\":{\"samples\":[" + list.joined(separator: ",") + "]}")
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// The `pointer` of every entry of a problem's `errors`.
    static func pointers(_ body: [UInt8]) -> [String] {
        guard let problem = JSONTestValue.object(body), let errors = problem["errors"] as? [[String: Any]] else {
            return []
        }
        return errors.compactMap { $0["pointer"] as? String }
    }

    // MARK: - Values from the catalogue

    /// A seed per preset, from its id, so each preset's cases replay alone.
    static func seed(_ preset: any Preset) -> UInt64 {
        preset.description.id.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    /// What a spec advertises as valid: a number's ends, default and three random values in range
    /// (two uniform, one log-uniform so small values in wide ranges are reached); every choice;
    /// both bools; a rect's or size's default and halves and doubles of it.
    static func advertisedValues(_ spec: ParameterSpec, random: inout SeededGenerator) -> [String] {
        switch spec.kind {
        case .number(let range, _):
            var values = [range.lowerBound, range.upperBound]
            if case .number(let value) = spec.defaultValue { values.append(value) }
            values.append(Double.random(in: range, using: &random))
            values.append(Double.random(in: range, using: &random))
            if range.upperBound > 0 {
                let low = max(range.lowerBound, range.upperBound * 1e-9)
                if low > 0 {
                    values.append(
                        min(
                            exp(Double.random(in: log(low)...log(range.upperBound), using: &random)),
                            range.upperBound))
                }
            }
            return values.map(json)
        case .bool:
            return ["true", "false"]
        case .choice(let choices):
            return choices.map { "\"\($0)\"" }
        case .rect, .size:
            return [0.5, 1, 2].map { scaled(spec.defaultValue, by: $0, $0) }
        }
    }

    /// Values at and past the edges: for numbers 0, a billionth, −1, the largest accepted
    /// magnitude and the range's ends; for rects and sizes zero, tiny, huge, thin and negative
    /// ones, and a 390 × 30 window (shorter than anything in it).
    static func extremeValues(_ spec: ParameterSpec, random: inout SeededGenerator) -> [String] {
        switch spec.kind {
        case .number(let range, _):
            return [0, 1e-9, -1, hugeNumber, range.lowerBound, range.upperBound].map(json)
        case .bool, .choice:
            return advertisedValues(spec, random: &random)
        case .size:
            let sizes: [(Double, Double)] = [
                (390, 30), (30, 844), (1, 1), (1e-9, 1e-9), (hugeNumber, hugeNumber), (hugeNumber, 1),
                (1, hugeNumber), (0, 844), (390, -1),
            ]
            return sizes.map { "{\"width\":\(json($0.0)),\"height\":\(json($0.1))}" } + componentExtremes(spec)
        case .rect:
            let rects: [(Double, Double, Double, Double)] = [
                (0, 0, 1e-9, 1e-9), (0, 0, 1, 1), (0, 0, hugeNumber, hugeNumber), (-hugeNumber, -hugeNumber, 10, 10),
                (hugeNumber, hugeNumber, 10, 10), (0, 0, 390, 1e-9), (0, 0, 1e-9, 844), (0, 0, 0, 100), (0, 0, 100, -5),
                (-50, -50, 5000, 5000),
            ]
            return rects.map {
                "{\"x\":\(json($0.0)),\"y\":\(json($0.1)),\"width\":\(json($0.2)),\"height\":\(json($0.3))}"
            } + componentExtremes(spec)
        }
    }

    /// Issue 25: a card frame 5e-324 pt wide answered 500. Each component of a rect or size alone
    /// at the edges of a double: subnormal, tiny, huge (past the accepted magnitude) and negative,
    /// both signs, the others at the field's default.
    static let componentValues: [Double] = [
        5e-324, -5e-324, 1e-308, -1e-308, 1e-12, 1e-6, 0.0009, 1e15, -1e15, 1e308, -1e308, -1,
    ]

    static func componentExtremes(_ spec: ParameterSpec) -> [String] {
        let components: [(String, Double)]
        switch spec.defaultValue {
        case .rect(let rect):
            components = [("x", rect.minX), ("y", rect.minY), ("width", rect.width), ("height", rect.height)]
        case .size(let size):
            components = [("width", size.width), ("height", size.height)]
        default:
            return []
        }
        return components.indices.flatMap { changed in
            componentValues.map { value in
                "{"
                    + components.indices.map { index in
                        "\"\(components[index].0)\":\(json(index == changed ? value : components[index].1))"
                    }.joined(separator: ",") + "}"
            }
        }
    }

    /// A random value for a scene field: a number in its range, or its default rect or size with
    /// each dimension scaled by a random factor from 0.01 to 4.
    static func scaledValue(_ spec: ParameterSpec, random: inout SeededGenerator) -> String {
        switch spec.kind {
        case .rect, .size:
            let sx = exp(Double.random(in: log(0.01)...log(4), using: &random))
            let sy = exp(Double.random(in: log(0.01)...log(4), using: &random))
            return scaled(spec.defaultValue, by: sx, sy)
        default:
            return advertisedValues(spec, random: &random).randomElement(using: &random) ?? "0"
        }
    }

    /// A default rect or size with its origin and size scaled by (sx, sy), as JSON.
    static func scaled(_ value: ParameterValue, by sx: Double, _ sy: Double) -> String {
        switch value {
        case .rect(let rect):
            return "{\"x\":\(json(rect.minX * sx)),\"y\":\(json(rect.minY * sy)),"
                + "\"width\":\(json(rect.width * sx)),\"height\":\(json(rect.height * sy))}"
        case .size(let size):
            return "{\"width\":\(json(size.width * sx)),\"height\":\(json(size.height * sy))}"
        default:
            return "null"
        }
    }

    /// A finite Double as a JSON number (Swift's shortest form, `1e-09` and `1e+12` included,
    /// is valid JSON).
    static func json(_ value: Double) -> String { "\(value)" }
}
