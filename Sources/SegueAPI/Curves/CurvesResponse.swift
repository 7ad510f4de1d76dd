public import SegueEngine
import SegueMath

/// The body of a `POST /v1/curves` answer, as openapi.yaml's `CurvesResponse`:
/// the samples, when the curve ends, and for springs every equivalent description.
public struct CurvesResponse: Sendable {
    public var query: CurvesQuery
    public var samples: [CurveSample]

    /// Samples the query's curve.
    public init(_ query: CurvesQuery) {
        self.query = query
        samples = CurveSampler.samples(
            of: query.curve, duration: query.duration, frameRate: query.frameRate, from: query.from, to: query.to)
    }

    /// The JSON bytes, written by hand (the samples can number 100 000).
    public func encoded() throws(Problem) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 128 + samples.count * 64)
        writer.beginObject()
        writer.member("form", query.form.rawValue)
        writer.member("frameRate", query.frameRate)
        writer.member("from", query.from)
        writer.member("to", query.to)
        writer.member("duration", query.duration)
        switch query.curve {
        case .cubic(let bezier, _):
            writer.key("controlPoints")
            writer.beginArray()
            for point in bezier.controlPoints { writer.number(point) }
            writer.endArray()
        case .spring(let spring, let initialVelocity, let uikitDuration):
            // Without a UIKit duration the curve already ends when it settles.
            let settling =
                uikitDuration == nil ? query.duration : spring.settlingDuration(initialVelocity: initialVelocity)
            writer.member("settlingDuration", settling)
            writer.key("spring")
            Self.write(spring, initialVelocity: initialVelocity, into: &writer)
        }
        if query.code {
            writer.key("code")
            Self.write(CurveCode(query), into: &writer)
        }
        writer.key("samples")
        writer.beginArray()
        for sample in samples {
            writer.beginObject()
            writer.member("time", sample.time)
            writer.member("value", sample.value)
            writer.member("velocity", sample.velocity)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        guard !writer.hasNonFiniteNumber else {
            throw Problem.internalError("The curve produced a number that is not finite; please report this request.")
        }
        return writer.bytes
    }

    /// Every description of the same spring a designer might need.
    static func write(_ spring: Spring, initialVelocity: Double, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("mass", spring.mass)
        writer.member("stiffness", spring.stiffness)
        writer.member("damping", spring.damping)
        writer.member("dampingRatio", spring.dampingRatio)
        writer.member("allowsOverdamping", spring.allowsOverdamping)
        writer.member("initialVelocity", initialVelocity)
        writer.member("response", spring.response)
        writer.member("bounce", spring.bounce)
        writer.key("uikit")
        if let duration = spring.uikitDuration(initialVelocity: initialVelocity) {
            writer.beginObject()
            writer.member("duration", duration)
            writer.member("dampingRatio", spring.renderedDampingRatio)
            writer.endObject()
        } else {
            writer.null()
        }
        writer.key("origami")
        writer.beginObject()
        writer.member("tension", spring.origami.tension)
        writer.member("friction", spring.origami.friction)
        writer.endObject()
        writer.endObject()
    }

    /// `{"snippets":[{"platform","api","language","code"}], "cssLinear": {"function","stops","maxError"} or null}`.
    static func write(_ code: CurveCode, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("snippets")
        writer.beginArray()
        for snippet in code.snippets {
            writer.beginObject()
            writer.member("platform", snippet.platform)
            writer.member("api", snippet.api)
            writer.member("language", snippet.language)
            writer.member("code", snippet.code)
            writer.endObject()
        }
        writer.endArray()
        writer.key("cssLinear")
        if let css = code.cssLinear {
            writer.beginObject()
            writer.member("function", css.function)
            writer.member("stops", Double(css.stops))
            writer.member("maxError", css.maxError)
            writer.endObject()
        } else {
            writer.null()
        }
        writer.endObject()
    }
}
