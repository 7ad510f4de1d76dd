public import SegueEngine

/// The JSON body of a `POST /v1/decisions` answer, as openapi.yaml's `DecisionsResponse`.
public struct DecisionsResponse: Sendable {
    public var answer: DecisionsAnswer

    public init(_ answer: DecisionsAnswer) {
        self.answer = answer
    }

    /// Bytes reserved per number written (a value of up to six decimals, its separator), and
    /// for the members around them, the release and its sentences.
    static let bytesPerNumber = 16
    static let fixedBytes = 2048

    public func encoded() throws(Problem) -> [UInt8] {
        let map = answer.map
        // What is written: a character per cell (plus a row's quotes and comma), each span's
        // centres, and two numbers and their member names per boundary vertex.
        let vertices = map.boundary.reduce(0) { $0 + $1.count }
        var writer = JSONWriter(
            reservingCapacity: Self.fixedBytes + (map.translation.steps + 3) * map.velocity.steps
                + (map.translation.steps + map.velocity.steps) * Self.bytesPerNumber
                + vertices * (2 * Self.bytesPerNumber + 32))
        writer.beginObject()
        writer.member("preset", answer.presetID)
        writer.key("axis")
        writer.beginObject()
        writer.member("x", answer.axis.x)
        writer.member("y", answer.axis.y)
        writer.endObject()
        writer.key("translation")
        Self.write(map.translation, into: &writer)
        writer.key("velocity")
        Self.write(map.velocity, into: &writer)
        writer.key("outcomes")
        writer.beginArray()
        for row in map.outcomes {
            writer.string(String(row.map { $0 == .finish ? "f" : "c" }))
        }
        writer.endArray()
        writer.key("boundary")
        writer.beginArray()
        for line in map.boundary {
            writer.beginArray()
            for point in line { Self.write(point, into: &writer) }
            writer.endArray()
        }
        writer.endArray()
        writer.member("probes", Double(map.probes))
        if let release = answer.release {
            writer.key("release")
            writer.beginObject()
            writer.member("translation", release.point.translation)
            writer.member("velocity", release.point.velocity)
            writer.member("outcome", release.decision.outcome.rawValue)
            writer.member("rule", release.decision.rule)
            writer.member("progress", release.decision.progress)
            writer.member("explanation", release.decision.explanation)
            writer.key("margin")
            writer.beginObject()
            for (name, value) in [
                ("velocityBelow", release.margin.velocityBelow), ("velocityAbove", release.margin.velocityAbove),
                ("translationBelow", release.margin.translationBelow),
                ("translationAbove", release.margin.translationAbove),
            ] {
                writer.key(string: name)
                if let value { writer.number(value) } else { writer.null() }
            }
            writer.endObject()
            writer.member("summary", release.summary)
            writer.endObject()
        }
        writer.endObject()
        guard !writer.hasNonFiniteNumber else {
            throw Problem.internalError("The map produced a number that is not finite; please report this request.")
        }
        return writer.bytes
    }

    static func write(_ span: SampledSpan, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("min", span.min)
        writer.member("max", span.max)
        writer.member("steps", Double(span.steps))
        writer.key("values")
        writer.beginArray()
        for index in 0..<span.steps { writer.number(span.value(index)) }
        writer.endArray()
        writer.endObject()
    }

    static func write(_ point: ReleasePoint, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("translation", point.translation)
        writer.member("velocity", point.velocity)
        writer.endObject()
    }
}
