public import SegueEngine
import SegueMath

/// The body of a `POST /v1/simulate` answer, written by hand into one reserved
/// buffer (a response can hold 20 000 frames of several layers each).
///
/// Members, in this order: `preset`, `frameRate`, `duration`, `open` (whether the gesture has
/// not ended yet, so the frames stop at its latest sample), `scene` (every scene field the
/// simulation read, by name: the client's value, the default, or what it followed to),
/// `transition` (only for a request that sent a document: it, resolved), `layers`
/// (`{"id","role","frame","kind","fill"}`), `decision` (null for a tap-started preset, else
/// `{"outcome","time","rule","inputs":{"translation","velocity","progress"},"explanation"}`),
/// `events` (`{"time","type"}`) and `frames` (`{"time","phase","progress","layers"}`,
/// where `layers` maps each layer id to its `frame` (only when layout puts it elsewhere than its
/// description's `frame`), `transform`, `presentationFrame`, `opacity`, `cornerRadius`, `mask`
/// (or null) and `shadow` (left out when none)).
///
/// With `FrameEncoding.compact`, `encoding` follows `open`, and each frame after the first holds
/// only what changed since the frame before (see `FrameEncoding`).
public struct SimulateResponse: Sendable {
    public var simulation: Simulation
    public var encoding: FrameEncoding
    /// The scene the simulation ran in, in the preset's field order.
    public var scene: [SceneField]
    /// The transition document the request sent, written back resolved after `scene`; nil for a
    /// preset, whose answer has no `transition` member.
    public var transition: ResolvedTransition?

    /// One resolved scene field.
    public struct SceneField: Sendable {
        public var name: String
        public var value: ParameterValue

        public init(name: String, value: ParameterValue) {
            self.name = name
            self.value = value
        }
    }

    public init(_ simulation: Simulation, encoding: FrameEncoding = .full, scene: [SceneField] = []) {
        self.simulation = simulation
        self.encoding = encoding
        self.scene = scene
    }

    /// Bytes reserved per layer per frame: a plain state is about 170 bytes, one with a
    /// mask and a shadow about 300; the Instagram pop measured 205 on average.
    static let bytesPerLayerState = 224
    /// The most reserved up front, 64 MiB; a larger body grows as it is written.
    static let maximumReservation = 1 << 26

    /// The JSON bytes, in the member order above.
    public func encoded() throws(Problem) -> [UInt8] {
        try checkShape()
        let layerCount = simulation.layers.count
        let frameBytes = 64 + layerCount * Self.bytesPerLayerState
        let estimate = 1024 + layerCount * 256 + simulation.events.count * 48 + simulation.frames.count * frameBytes
        var writer = JSONWriter(reservingCapacity: min(estimate, Self.maximumReservation))

        writer.beginObject()
        writer.member("preset", simulation.presetID)
        writer.member("frameRate", simulation.frameRate)
        writer.member("duration", simulation.duration)
        writer.member("open", simulation.isOpen)
        if encoding == .compact {
            writer.member("encoding", encoding.rawValue)
        }
        writer.key("scene")
        writer.beginObject()
        for field in scene {
            writer.key(string: field.name)
            writer.value(field.value)
        }
        writer.endObject()
        if let transition {
            writer.key("transition")
            transition.write(into: &writer)
        }

        writer.key("layers")
        Self.write(simulation.layers, into: &writer)

        writer.key("decision")
        if let decision = simulation.decision {
            Self.write(decision, into: &writer)
        } else {
            writer.null()
        }

        writer.key("events")
        Self.write(simulation.events, into: &writer)

        writer.key("frames")
        writer.beginArray()
        let frames = simulation.frames
        var templates = LayerTemplates(frames: frames, layers: layerCount)
        for index in frames.indices {
            if encoding == .compact {
                let previous = index > 0 ? frames[index - 1] : nil
                Self.write(frames[index], layers: simulation.layers, changedSince: previous, into: &writer)
            } else {
                Self.write(frame: index, layers: simulation.layers, templates: &templates, into: &writer)
            }
        }
        writer.endArray()
        writer.endObject()

        guard !writer.hasNonFiniteNumber else {
            throw Problem.internalError(
                "The simulation of \(simulation.presetID) produced a number that is not finite; "
                    + "please report this request.")
        }
        return writer.bytes
    }

    /// Faults of the engine's own that would make the body ambiguous: a frame whose
    /// layer states do not match the layers one for one, in order, or two layers with one id.
    func checkShape() throws(Problem) {
        let layers = simulation.layers
        for (index, layer) in layers.enumerated() where layers[..<index].contains(where: { $0.id == layer.id }) {
            throw Problem.internalError(
                "The simulation of \(simulation.presetID) has two layers with the same id; please report this request.")
        }
        let ids = layers.map(\.id)
        if let index = simulation.frames.firstIndex(where: { frame in
            frame.layers.count != ids.count || frame.layers.indices.contains { frame.layers[$0].id != ids[$0] }
        }) {
            throw Problem.internalError(
                "Frame \(index) of the simulation of \(simulation.presetID) has "
                    + "layer states \(simulation.frames[index].layers.map(\.id)) for the layers \(ids); "
                    + "please report this request.")
        }
    }

    static func write(_ layers: [LayerDescription], into writer: inout JSONWriter) {
        writer.beginArray()
        for (index, layer) in layers.enumerated() {
            writer.beginObject()
            writer.member("id", layer.id)
            writer.member("role", layer.role)
            writer.key("frame")
            writer.rect(layer.frame)
            writer.member("kind", layer.kind.rawValue)
            writer.member("fill", LayerPaint.hex(LayerPaint.fill(layer, index: index)))
            writer.endObject()
        }
        writer.endArray()
    }

    static func write(_ events: [SimulationEvent], into writer: inout JSONWriter) {
        writer.beginArray()
        for event in events {
            writer.beginObject()
            writer.member("time", event.time)
            writer.member("type", event.type.rawValue)
            writer.endObject()
        }
        writer.endArray()
    }

    /// One frame, `{"time","phase","progress","layers"}` and `annotations` when it has any: the
    /// same bytes in a `POST /v1/simulate` answer and in a drive session's `frames` message.
    /// `layers` are the simulation's, whose frames a state's `frame` is written against.
    static func write(_ frame: SimulationFrame, layers: [LayerDescription], into writer: inout JSONWriter) {
        write(frame, layers: layers, changedSince: nil, into: &writer)
    }

    /// One frame; with a `previous` frame, as a compact answer writes it: `layers` holds only the
    /// layers whose state differs from `previous`'s, each with only the members that differ. The
    /// checked shape guarantees both frames of an answer list the same layers in the same order as
    /// `layers`; a drive session's come from several runs, so a layer is matched by id, and one
    /// `previous` lacks is written whole.
    static func write(
        _ frame: SimulationFrame, layers: [LayerDescription], changedSince previous: SimulationFrame?,
        into writer: inout JSONWriter
    ) {
        writeHead(of: frame, into: &writer)
        for index in frame.layers.indices {
            let state = frame.layers[index]
            if let previous, let before = Self.state(state.id, at: index, in: previous) {
                guard state != before else { continue }
                writer.key(string: state.id)
                write(state, changedSince: before, into: &writer)
            } else {
                writer.key(string: state.id)
                write(state, laidOutAt: index < layers.count ? layers[index].frame : nil, into: &writer)
            }
        }
        writer.endObject()
        write(frame.annotations, into: &writer)
        writer.endObject()
    }

    /// A frame's members before its layers' states, up to the opening of `layers`: one place for
    /// the order every frame is written in, full, compact or from templates.
    static func writeHead(of frame: SimulationFrame, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("time", frame.time)
        writer.member("phase", frame.phase.rawValue)
        writer.member("progress", frame.progress)
        writer.key("layers")
        writer.beginObject()
    }

    /// The state of the layer `id` in `previous`: at `index` in a checked answer, else looked up.
    static func state(_ id: String, at index: Int, in previous: SimulationFrame) -> LayerState? {
        if index < previous.layers.count, previous.layers[index].id == id { return previous.layers[index] }
        return previous[layer: id]
    }

    /// Frame `index` of `templates`' frames in full, as `write(_:layers:into:)` writes it, each
    /// layer's state copied from the bytes of the last one written for that layer when it is the
    /// same state (`LayerTemplates`).
    static func write(
        frame index: Int, layers: [LayerDescription], templates: inout LayerTemplates, into writer: inout JSONWriter
    ) {
        let frame = templates.frames[index]
        writeHead(of: frame, into: &writer)
        for layer in frame.layers.indices {
            writer.key(string: frame.layers[layer].id)
            if let earlier = templates.bytes(ofLayer: layer, inFrame: index) {
                writer.repeatValue(at: earlier)
            } else {
                let begins = writer.position
                write(
                    frame.layers[layer], laidOutAt: layer < layers.count ? layers[layer].frame : nil, into: &writer)
                templates.remember(layer: layer, inFrame: index, bytes: begins..<writer.position)
            }
        }
        writer.endObject()
        write(frame.annotations, into: &writer)
        writer.endObject()
    }

    /// For each layer, by its index, the last frame whose state of it was written in full and where
    /// those bytes are in the writer. In a transition most layers hold still through most frames
    /// (the Instagram pop's 29 frames change 46 of its 112 later layer states), and a state equal
    /// to the one before is written as the same bytes: copying them costs a comparison and a
    /// `memcpy` instead of twenty numbers' digits. The two states must write the same bytes, not
    /// only be equal: `==` on `Double` calls 0 and −0 equal (both written "0", `DecimalText`) and
    /// never calls a NaN equal (so one is always written afresh), but `==` on `String` is
    /// canonical equivalence, so a mask's path must also match byte for byte.
    struct LayerTemplates {
        let frames: [SimulationFrame]
        private var written: [(frame: Int, bytes: Range<Int>)?]

        init(frames: [SimulationFrame], layers: Int) {
            self.frames = frames
            written = Array(repeating: nil, count: layers)
        }

        /// Where the bytes of layer `layer`'s state in frame `frame` were written already, if the
        /// last state written in full for that layer was the same.
        func bytes(ofLayer layer: Int, inFrame frame: Int) -> Range<Int>? {
            guard layer < written.count, let earlier = written[layer] else { return nil }
            // Compared where they are: an array's subscript would copy both states (and retain
            // their strings) to hand them to `==`, which cost more than the comparison.
            let same = frames[earlier.frame].layers.withUnsafeBufferPointer { before in
                frames[frame].layers.withUnsafeBufferPointer { now in
                    layer < before.count && layer < now.count && before[layer] == now[layer]
                        && Self.samePath(before[layer].mask?.path, now[layer].mask?.path)
                }
            }
            return same ? earlier.bytes : nil
        }

        mutating func remember(layer: Int, inFrame frame: Int, bytes: Range<Int>) {
            guard layer < written.count else { return }
            written[layer] = (frame, bytes)
        }

        private static func samePath(_ one: String?, _ other: String?) -> Bool {
            guard let one, let other else { return one == nil && other == nil }
            return one.utf8.elementsEqual(other.utf8)
        }
    }

    /// The members of `state` that differ from `before`'s (a shadow that went away as null).
    static func write(_ state: LayerState, changedSince before: LayerState, into writer: inout JSONWriter) {
        writer.beginObject()
        if state.frame != before.frame {
            writer.key("frame")
            writer.rect(state.frame)
        }
        if state.transform != before.transform {
            writer.key("transform")
            writer.transform(state.transform)
        }
        if state.presentationFrame != before.presentationFrame {
            writer.key("presentationFrame")
            writer.rect(state.presentationFrame)
        }
        if state.opacity != before.opacity {
            writer.member("opacity", state.opacity)
        }
        if state.cornerRadius != before.cornerRadius {
            writer.member("cornerRadius", state.cornerRadius)
        }
        if state.mask != before.mask {
            writer.key("mask")
            write(state.mask, into: &writer)
        }
        if state.shadow != before.shadow {
            writer.key("shadow")
            if let shadow = state.shadow {
                write(shadow, into: &writer)
            } else {
                writer.null()
            }
        }
        writer.endObject()
    }

    /// `"annotations":{…}` when there are any; nothing otherwise.
    static func write(_ annotations: [FrameAnnotation], into writer: inout JSONWriter) {
        guard !annotations.isEmpty else { return }
        writer.key("annotations")
        writer.beginObject()
        for annotation in annotations {
            writer.key(string: annotation.name)
            switch annotation.value {
            case .number(let number): writer.number(number)
            case .text(let text): writer.string(text)
            }
        }
        writer.endObject()
    }

    static func write(_ decision: Decision, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("outcome", decision.outcome.rawValue)
        writer.member("time", decision.time)
        writer.member("rule", decision.rule)
        writer.key("inputs")
        writer.beginObject()
        writer.key("translation")
        writer.point(decision.translation)
        writer.key("velocity")
        writer.point(decision.velocity)
        writer.member("progress", decision.progress)
        if let ruleProgress = decision.ruleProgress {
            writer.member("ruleProgress", ruleProgress)
        }
        if let source = decision.source {
            writer.member("source", source)
        }
        if let scrollOffset = decision.scrollOffset {
            writer.member("scrollOffset", scrollOffset)
        }
        writer.endObject()
        writer.member("explanation", decision.explanation)
        writer.endObject()
    }

    /// A layer's whole state; its `frame` only when it differs from `described`, the layer
    /// description's (every state of a layer that never re-lays out leaves it out).
    static func write(_ state: LayerState, laidOutAt described: Rect?, into writer: inout JSONWriter) {
        writer.beginObject()
        if state.frame != described {
            writer.key("frame")
            writer.rect(state.frame)
        }
        writer.key("transform")
        writer.transform(state.transform)
        writer.key("presentationFrame")
        writer.rect(state.presentationFrame)
        writer.member("opacity", state.opacity)
        writer.member("cornerRadius", state.cornerRadius)
        writer.key("mask")
        write(state.mask, into: &writer)
        if let shadow = state.shadow {
            writer.key("shadow")
            write(shadow, into: &writer)
        }
        writer.endObject()
    }

    /// `{"rect","cornerRadius","cornerCurve"}` and `path` when it has one, or null.
    static func write(_ mask: MaskState?, into writer: inout JSONWriter) {
        guard let mask else {
            writer.null()
            return
        }
        writer.beginObject()
        writer.key("rect")
        writer.rect(mask.rect)
        writer.member("cornerRadius", mask.cornerRadius)
        writer.member("cornerCurve", mask.cornerCurve.rawValue)
        if let path = mask.path {
            writer.member("path", path)
        }
        writer.endObject()
    }

    /// `{"opacity","radius","offset"}`.
    static func write(_ shadow: ShadowState, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("opacity", shadow.opacity)
        writer.member("radius", shadow.radius)
        writer.key("offset")
        writer.point(shadow.offset)
        writer.endObject()
    }
}
