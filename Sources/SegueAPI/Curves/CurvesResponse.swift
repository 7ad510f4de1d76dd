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
        samples = CurveSampler.samples(of: query.curve, frameRate: query.frameRate, from: query.from, to: query.to)
    }

    /// The JSON bytes, written by hand (the samples can number 100 000).
    public func encoded() throws(Problem) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 128 + samples.count * 64)
        writer.beginObject()
        writer.key("form")
        writer.string(query.form.rawValue)
        writer.key("frameRate")
        writer.number(query.frameRate)
        writer.key("from")
        writer.number(query.from)
        writer.key("to")
        writer.number(query.to)
        writer.key("duration")
        writer.number(query.curve.duration)
        switch query.curve {
        case .cubic(let bezier, _):
            writer.key("controlPoints")
            writer.beginArray()
            for point in bezier.controlPoints { writer.number(point) }
            writer.endArray()
        case .spring(let spring, let initialVelocity, _):
            writer.key("settlingDuration")
            writer.number(spring.settlingDuration(initialVelocity: initialVelocity))
            writer.key("spring")
            Self.write(spring, initialVelocity: initialVelocity, into: &writer)
        }
        writer.key("samples")
        writer.beginArray()
        for sample in samples {
            writer.beginObject()
            writer.key("time")
            writer.number(sample.time)
            writer.key("value")
            writer.number(sample.value)
            writer.key("velocity")
            writer.number(sample.velocity)
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
        writer.key("mass")
        writer.number(spring.mass)
        writer.key("stiffness")
        writer.number(spring.stiffness)
        writer.key("damping")
        writer.number(spring.damping)
        writer.key("dampingRatio")
        writer.number(spring.dampingRatio)
        writer.key("allowsOverdamping")
        writer.bool(spring.allowsOverdamping)
        writer.key("initialVelocity")
        writer.number(initialVelocity)
        writer.key("response")
        writer.number(spring.response)
        writer.key("bounce")
        writer.number(spring.bounce)
        writer.key("uikit")
        if let duration = spring.uikitDuration {
            writer.beginObject()
            writer.key("duration")
            writer.number(duration)
            writer.key("dampingRatio")
            writer.number(spring.renderedDampingRatio)
            writer.endObject()
        } else {
            writer.null()
        }
        writer.key("origami")
        writer.beginObject()
        writer.key("tension")
        writer.number(spring.origami.tension)
        writer.key("friction")
        writer.number(spring.origami.friction)
        writer.endObject()
        writer.endObject()
    }
}
