import SegueEngine
import SegueMath

extension ResolvedTransition {
    /// The document with every default spelled out, as the answer's `transition` member: the
    /// first pose gives each layer's whole state (scale 1, translation 0, opacity 1, corner
    /// radius 0 and curve `continuous`, mask and shadow null unless set); a later pose lists
    /// only what it changes, as the client wrote it. Posting it again gives the same frames.
    func write(into writer: inout JSONWriter) {
        // Exact, so that posting the document back gives the frames it was served for.
        let wasExact = writer.exactNumbers
        writer.exactNumbers = true
        defer { writer.exactNumbers = wasExact }
        writer.beginObject()
        writer.key("window")
        writer.beginObject()
        writer.member("width", document.window.width)
        writer.member("height", document.window.height)
        writer.endObject()
        writer.key("layers")
        writer.beginArray()
        for (index, layer) in document.layers.enumerated() {
            writer.beginObject()
            writer.member("id", layer.id)
            writer.member("kind", layer.kind.rawValue)
            let description = LayerDescription(id: layer.id, role: "", frame: .zero, kind: layer.kind, fill: layer.fill)
            writer.member("fill", LayerPaint.fill(description, index: index).hexRGB)
            if let image = layer.image { writer.member("image", image) }
            if let role = layer.role { writer.member("role", role) }
            writer.endObject()
        }
        writer.endArray()
        writer.key("poses")
        writePoses(into: &writer)
        writer.key("interaction")
        switch document.interaction {
        case .tap(let tap):
            writer.beginObject()
            writeMove(
                "tap", from: tap.from, to: tap.to, curve: tap.curve, settled: tap.settled ?? tap.to, into: &writer)
            if !tap.tracks.isEmpty { write(tap.tracks, into: &writer) }
            writer.endObject()
        case .pan(let pan):
            write(pan, into: &writer)
        case .press(let press):
            writer.beginObject()
            writeMove(
                "press", from: press.from, to: press.to, curve: press.curve, settled: press.settled ?? press.from,
                into: &writer)
            writer.endObject()
        }
        writer.endObject()
    }

    /// The members a tap and a press share: type, the two poses, the curve and the settled pose.
    private func writeMove(
        _ type: String, from: String, to: String, curve: CurveSpec, settled: String, into writer: inout JSONWriter
    ) {
        writer.member("type", type)
        writer.member("from", from)
        writer.member("to", to)
        writer.key("curve")
        write(curve, into: &writer)
        writer.member("settled", settled)
    }

    private func writePoses(into writer: inout JSONWriter) {
        writer.beginArray()
        let first = document.poses.first.flatMap { document.resolved($0.name) } ?? []
        for (index, pose) in document.poses.enumerated() {
            writer.beginObject()
            writer.member("name", pose.name)
            writer.key("layers")
            writer.beginObject()
            for (layerIndex, layer) in document.layers.enumerated() {
                if index == 0, layerIndex < first.count {
                    writer.key(string: layer.id)
                    Self.write(first[layerIndex], into: &writer)
                } else if index > 0, let change = pose.layers[layer.id] {
                    writer.key(string: layer.id)
                    Self.write(change, into: &writer)
                }
            }
            writer.endObject()
            writer.endObject()
        }
        writer.endArray()
    }

    /// A layer's whole state.
    static func write(_ state: LayerPose, into writer: inout JSONWriter) {
        var change = PoseChange(
            frame: state.frame, scale: state.scale, translation: state.translation, rotation: state.rotation,
            opacity: state.opacity, cornerRadius: state.cornerRadius, cornerCurve: state.cornerCurve)
        change.mask = state.mask.map { .set($0) } ?? .removed
        change.shadow = state.shadow.map { .set($0) } ?? .removed
        write(change, into: &writer)
    }

    /// The fields a pose sets, in the order docs/transitions.md lists them.
    static func write(_ change: PoseChange, into writer: inout JSONWriter) {
        writer.beginObject()
        if let frame = change.frame {
            writer.key("frame")
            writer.rect(frame)
        }
        if let scale = change.scale {
            if scale.isUniform {
                writer.member("scale", scale.x)
            } else {
                writer.key("scale")
                writer.point(Point(x: scale.x, y: scale.y))
            }
        }
        if let translation = change.translation {
            writer.key("translation")
            writer.point(translation)
        }
        if let rotation = change.rotation { writer.member("rotation", rotation) }
        if let opacity = change.opacity { writer.member("opacity", opacity) }
        if let radius = change.cornerRadius { writer.member("cornerRadius", radius) }
        if let curve = change.cornerCurve { writer.member("cornerCurve", curve.rawValue) }
        if let mask = change.mask {
            writer.key("mask")
            if let mask = mask.value {
                writer.beginObject()
                writer.key("rect")
                writer.rect(mask.rect)
                writer.member("cornerRadius", mask.cornerRadius)
                writer.member("cornerCurve", mask.cornerCurve.rawValue)
                writer.endObject()
            } else {
                writer.null()
            }
        }
        if let shadow = change.shadow {
            writer.key("shadow")
            if let shadow = shadow.value {
                writer.beginObject()
                writer.member("color", shadow.color.hexRGB)
                writer.member("opacity", shadow.opacity)
                writer.member("radius", shadow.radius)
                writer.key("offset")
                writer.point(shadow.offset)
                writer.endObject()
            } else {
                writer.null()
            }
        }
        writer.endObject()
    }

    /// A curve as the client wrote it, defaults filled in; one the request did not give (a
    /// document built in code) in the plainest form that makes it.
    func write(_ spec: CurveSpec, into writer: inout JSONWriter) {
        var members = curves[spec] ?? [:]
        if members.isEmpty {
            switch spec {
            case .cubic(let bezier, let duration):
                members = [
                    "type": .string("cubicBezier"), "controlPoints": .array(bezier.controlPoints.map { .number($0) }),
                    "duration": .number(duration),
                ]
            case .uikitSpring(let duration, let ratio, let velocity):
                members = [
                    "type": .string("spring"), "duration": .number(duration), "dampingRatio": .number(ratio),
                    "initialVelocity": .number(velocity),
                ]
            case .spring(let spring, let velocity, _):
                members = [
                    "type": .string("spring"), "mass": .number(spring.mass), "stiffness": .number(spring.stiffness),
                    "damping": .number(spring.damping), "initialVelocity": .number(velocity),
                    "allowOverdamping": .bool(spring.allowsOverdamping),
                ]
            }
        }
        writer.beginObject()
        for name in ParsedCurve.memberOrder {
            guard let value = members[name] else { continue }
            writer.key(string: name)
            Self.write(value, into: &writer)
        }
        writer.endObject()
    }

    /// A JSON value as it was read (a curve's members: numbers, strings, booleans, an array).
    static func write(_ value: JSONValue, into writer: inout JSONWriter) {
        switch value {
        case .number(let number): writer.number(number)
        case .string(let string): writer.string(string)
        case .bool(let bool): writer.bool(bool)
        case .null: writer.null()
        case .array(let items):
            writer.beginArray()
            for item in items { write(item, into: &writer) }
            writer.endArray()
        case .object(let members):
            writer.beginObject()
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                writer.key(string: name)
                write(member, into: &writer)
            }
            writer.endObject()
        }
    }
}
