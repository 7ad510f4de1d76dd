import Glibc
import SegueAPI
import SegueEngine
import SegueMath

/// One fuzz input read as a simulation request built from the catalogue itself (`--structured`):
/// the bytes choose a preset, which of its parameters and scene fields to set and to what (the
/// range's ends, values inside it, just past it, and the extremes a client can send), the
/// output, the frame rate, and how to bend the preset's example gesture. The body goes through
/// the service as the decoder mode's does (`RequestFuzzCase`), failing on a trap or a 5xx, but
/// nearly every input now reaches a preset's simulation instead of stopping at validation.
struct StructuredFuzzCase {
    static let catalogue = PresetCatalogue.builtIn
    /// The largest magnitude a server with default flags accepts (`--max-number-magnitude`).
    static let hugeNumber = RequestLimits().maxNumberMagnitude

    let body: String

    init(_ input: [UInt8]) {
        var bytes = FuzzBytes(input)
        let preset = bytes.pick(Self.catalogue.presets)
        var members = ["\"preset\":\"\(preset.description.id)\""]
        // Mostly JSON; the previews cost a drawing on top, so two inputs in five.
        members.append("\"output\":" + bytes.pick(["\"json\"", "\"json\"", "\"json\"", "\"svg\"", "\"svg-animated\""]))
        if bytes.byte() % 4 == 0 {
            members.append("\"frameRate\":" + Self.json(bytes.pick([1, 24, 30, 60, 120, 240, 0.5, 1e-9])))
        }
        let scene = Self.members(of: preset.sceneFields, &bytes)
        if !scene.isEmpty { members.append("\"scene\":{\(scene)}") }
        let parameters = Self.members(of: preset.parameters, &bytes)
        if !parameters.isEmpty { members.append("\"parameters\":{\(parameters)}") }
        if let samples = preset.exampleGesture {
            members.append("\"gesture\":" + Self.gesture(samples, &bytes))
        }
        body = "{" + members.joined(separator: ",") + "}"
    }

    /// Answers the request and checks the answer as the decoder mode does.
    func check() -> HTTPStatus {
        RequestFuzzCase(path: "/v1/simulate", body: Array(body.utf8)).check()
    }

    /// Each spec set with probability 1/2 (one bit of a byte), to a value the next bytes choose.
    static func members(of specs: [ParameterSpec], _ bytes: inout FuzzBytes) -> String {
        var members: [String] = []
        for spec in specs where bytes.byte() & 1 == 1 {
            members.append("\"\(spec.name)\":" + value(for: spec, &bytes))
        }
        return members.joined(separator: ",")
    }

    /// A value for `spec`: numbers at, inside and just past their range and at the extremes;
    /// every choice and one that is not; rects and sizes scaled from their defaults per axis,
    /// from nothing to huge.
    static func value(for spec: ParameterSpec, _ bytes: inout FuzzBytes) -> String {
        switch spec.kind {
        case .number(let range, _):
            let lower = range.lowerBound
            let upper = range.upperBound
            let span = upper - lower
            let candidates: [Double] = [
                lower, upper, lower + span * bytes.fraction(), lower.nextUp, upper.nextDown,
                lower - max(span, 1) * 1e-6, upper + max(span, 1) * 1e-6, 0, 1e-9, -1, hugeNumber,
                lower + span * pow(bytes.fraction(), 8),
            ]
            return json(bytes.pick(candidates))
        case .bool:
            return bytes.byte() & 1 == 0 ? "false" : "true"
        case .choice(let choices):
            return bytes.pick(choices.map { "\"\($0)\"" } + ["\"none of these\""])
        case .rect:
            let rect: Rect
            if case .rect(let given) = spec.defaultValue { rect = given } else { rect = .zero }
            let (sx, sy) = (scale(&bytes), scale(&bytes))
            let (dx, dy) = (offset(&bytes), offset(&bytes))
            return "{\"x\":\(json(rect.minX * sx + dx)),\"y\":\(json(rect.minY * sy + dy)),"
                + "\"width\":\(json(rect.width * sx)),\"height\":\(json(rect.height * sy))}"
        case .size:
            let size: Size
            if case .size(let given) = spec.defaultValue { size = given } else { size = .zero }
            return "{\"width\":\(json(size.width * scale(&bytes))),\"height\":\(json(size.height * scale(&bytes)))}"
        }
    }

    /// A factor for one axis of a rect or size: 0 (refused), tiny, shrunk, as is, grown, huge.
    static func scale(_ bytes: inout FuzzBytes) -> Double {
        bytes.pick([1, 0.5, 2, 0.1, 0.035, 0.01, 1e-9, 0, 10, 1e3, 1e9, 1 + bytes.fraction()])
    }

    /// A shift for a rect's origin, points.
    static func offset(_ bytes: inout FuzzBytes) -> Double {
        bytes.pick([0, 0, -1, 100, -1e4, 1e6, -hugeNumber / 2])
    }

    /// The example gesture, bent: its timing stretched or squeezed, its movement scaled
    /// (reversed, amplified, stopped), shifted, cut short, and ended as cancelled.
    static func gesture(_ samples: [GestureSample], _ bytes: inout FuzzBytes) -> String {
        guard let first = samples.first else { return "{\"samples\":[]}" }
        let time = bytes.pick([1, 1, 0.5, 2, 0.01, 10, 100, 1e-4])
        let motion = bytes.pick([1, 1, -1, 0, 0.1, 3, 20, -5])
        let shift = Point(x: bytes.pick([0, 0, 100, -500, 1e5]), y: bytes.pick([0, 0, -100, 300, -1e5]))
        let kept = max(2, samples.count - bytes.index(below: samples.count))
        let cancelled = bytes.byte() % 8 == 0
        var list: [String] = []
        for (index, sample) in samples.prefix(kept).enumerated() {
            let phase =
                index == 0 ? GesturePhase.began : index == kept - 1 ? (cancelled ? .cancelled : .ended) : .changed
            let x = first.location.x + (sample.location.x - first.location.x) * motion + shift.x
            let y = first.location.y + (sample.location.y - first.location.y) * motion + shift.y
            let t = first.time + (sample.time - first.time) * time
            list.append("{\"t\":\(json(t)),\"x\":\(json(x)),\"y\":\(json(y)),\"phase\":\"\(phase.rawValue)\"}")
        }
        return "{\"samples\":[" + list.joined(separator: ",") + "]}"
    }

    /// A finite Double as JSON (Swift's shortest form is valid JSON); anything else as 0.
    static func json(_ value: Double) -> String { value.isFinite ? "\(value)" : "0" }
}
