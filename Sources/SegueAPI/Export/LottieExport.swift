import Glibc
import SegueEngine
import SegueMath

/// The `lottie` output of `POST /v1/simulate`: a Lottie (Bodymovin 5.x JSON) animation of the
/// simulation, for After Effects, LottieFiles and every Lottie player.
///
/// The composition is the window, at the simulation's frame rate, one Lottie frame per simulated
/// frame. Each layer is a shape layer named (`nm`) by its id, in z-order (Lottie lists the top
/// one first): a rectangle of the layer's size and fill, with a keyframe at every frame of its
/// position, scale and rotation about its centre (the anchor, as UIKit's), opacity and corner
/// radius, linear between keyframes. A rounded-rect mask is a bezier path with the mask's
/// continuous (or circular) corners, always 24 vertices so that players interpolate; frames
/// without a mask keep the whole layer. What Lottie cannot say is listed in `segue.notes` at the
/// top level rather than dropped silently: shadows, masks given as a path, skew.
struct LottieExport {
    let simulation: Simulation
    let window: Size

    var bytes: [UInt8] {
        var notes: [String] = []
        var writer = JSONWriter(reservingCapacity: 4096 + simulation.frames.count * simulation.layers.count * 900)
        let frames = simulation.frames
        let out = Double(max(frames.count, 1))
        writer.beginObject()
        writer.member("v", "5.7.4")
        writer.member("fr", simulation.frameRate)
        writer.member("ip", 0)
        writer.member("op", out)
        // Lottie's composition size is whole pixels: the window's, rounded up.
        writer.member("w", window.width.rounded(.up))
        writer.member("h", window.height.rounded(.up))
        writer.member("nm", simulation.presetID)
        writer.member("ddd", 0)
        writer.key("assets")
        writer.beginArray()
        writer.endArray()
        writer.key("layers")
        writer.beginArray()
        for (index, layer) in simulation.layers.enumerated().reversed() {
            let states = frames.compactMap { $0[layer: layer.id] }
            guard states.count == frames.count else { continue }
            if states.contains(where: { ($0.shadow?.opacity ?? 0) > 0 }) {
                notes.append(
                    "\(layer.id): its shadow is left out (Lottie's drop shadow is an effect most players skip)")
            }
            if states.contains(where: { $0.mask?.path != nil }) {
                notes.append("\(layer.id): its mask, given as a path, is left out (the layer is shown unmasked)")
            }
            if states.contains(where: { abs(Self.skew($0.transform)) > 1e-6 }) {
                notes.append("\(layer.id): the skew of its transform is left out")
            }
            writeLayer(layer, index: index, states: states, out: out, into: &writer)
        }
        writer.endArray()
        writer.key("segue")
        writer.beginObject()
        writer.member("preset", simulation.presetID)
        writer.key("notes")
        writer.beginArray()
        for note in notes { writer.string(note) }
        writer.endArray()
        writer.endObject()
        writer.endObject()
        return writer.bytes
    }

    private func writeLayer(
        _ layer: LayerDescription, index: Int, states: [LayerState], out: Double, into writer: inout JSONWriter
    ) {
        let size = layer.frame.size
        let centre = Point(x: layer.frame.midX, y: layer.frame.midY)
        let masked = states.contains { $0.mask != nil && $0.mask?.path == nil }
        writer.beginObject()
        writer.member("ddd", 0)
        writer.member("ind", Double(index + 1))
        writer.member("ty", 4)
        writer.member("nm", layer.id)
        writer.member("sr", 1)
        writer.member("ao", 0)
        writer.member("ip", 0)
        writer.member("op", out)
        writer.member("st", 0)
        writer.member("bm", 0)
        writer.key("ks")
        writer.beginObject()
        writer.key("a")
        Self.fixed([size.width / 2, size.height / 2], into: &writer)
        writer.key("p")
        Self.animated(states.map { [centre.x + $0.transform.tx, centre.y + $0.transform.ty] }, into: &writer)
        writer.key("s")
        Self.animated(states.map { Self.scale($0.transform).map { $0 * 100 } }, into: &writer)
        writer.key("r")
        Self.animated(states.map { [Self.rotation($0.transform)] }, into: &writer)
        writer.key("o")
        Self.animated(states.map { [$0.opacity * 100] }, into: &writer)
        writer.endObject()
        if masked {
            writer.member("hasMask", true)
            writer.key("masksProperties")
            writer.beginArray()
            writer.beginObject()
            writer.member("inv", false)
            writer.member("mode", "a")
            writer.member("nm", "mask")
            writer.key("pt")
            writer.beginObject()
            writer.member("a", 1)
            writer.key("k")
            writer.beginArray()
            for (frame, state) in states.enumerated() {
                let mask = state.mask.flatMap { $0.path == nil ? $0 : nil }
                let shape = Self.roundedRect(
                    mask?.rect ?? Rect(origin: .zero, size: size), radius: mask?.cornerRadius ?? 0,
                    continuous: mask?.cornerCurve == .continuous)
                writer.beginObject()
                writer.member("t", Double(frame))
                writer.key("s")
                writer.beginArray()
                Self.write(shape, into: &writer)
                writer.endArray()
                if frame < states.count - 1 { Self.linearEasing(into: &writer) }
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
            writer.key("o")
            Self.fixed([100], into: &writer)
            writer.key("x")
            Self.fixed([0], into: &writer)
            writer.endObject()
            writer.endArray()
        }
        let fill = LayerPaint.fill(layer, index: index)
        writer.key("shapes")
        writer.beginArray()
        writer.beginObject()
        writer.member("ty", "gr")
        writer.member("nm", layer.id)
        writer.key("it")
        writer.beginArray()
        writer.beginObject()
        writer.member("ty", "rc")
        writer.member("d", 1)
        writer.key("s")
        Self.fixed([size.width, size.height], into: &writer)
        writer.key("p")
        Self.fixed([size.width / 2, size.height / 2], into: &writer)
        writer.key("r")
        Self.animated(states.map { [max(0, min($0.cornerRadius, min(size.width, size.height) / 2))] }, into: &writer)
        writer.endObject()
        writer.beginObject()
        writer.member("ty", "fl")
        writer.key("c")
        Self.fixed([Double(fill.red) / 255, Double(fill.green) / 255, Double(fill.blue) / 255, 1], into: &writer)
        writer.key("o")
        Self.fixed([fill.alpha * 100], into: &writer)
        writer.member("r", 1)
        writer.endObject()
        writer.beginObject()
        writer.member("ty", "tr")
        writer.key("p")
        Self.fixed([0, 0], into: &writer)
        writer.key("a")
        Self.fixed([0, 0], into: &writer)
        writer.key("s")
        Self.fixed([100, 100], into: &writer)
        writer.key("r")
        Self.fixed([0], into: &writer)
        writer.key("o")
        Self.fixed([100], into: &writer)
        writer.endObject()
        writer.endArray()
        writer.endObject()
        writer.endArray()
        writer.endObject()
    }

    // MARK: the transform, as Lottie takes it

    /// The scale along each axis of the transform's linear part `[a c; b d]` = R(θ)·diag(sx, sy).
    static func scale(_ t: AffineTransform) -> [Double] {
        let sx = (t.a * t.a + t.b * t.b).squareRoot()
        let sy = sx > 0 ? (t.a * t.d - t.b * t.c) / sx : (t.c * t.c + t.d * t.d).squareRoot()
        return [sx, sy]
    }

    /// The rotation, degrees clockwise on screen (+y down), as Lottie's `r`.
    static func rotation(_ t: AffineTransform) -> Double {
        atan2(t.b, t.a) * 180 / Double.pi
    }

    /// What R(θ)·diag(sx, sy) leaves out: the columns' dot product, relative to their sizes.
    static func skew(_ t: AffineTransform) -> Double {
        let scale = (t.a * t.a + t.b * t.b).squareRoot() * (t.c * t.c + t.d * t.d).squareRoot()
        return scale > 0 ? (t.a * t.c + t.b * t.d) / scale : 0
    }

    // MARK: values and keyframes

    static func fixed(_ values: [Double], into writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("a", 0)
        writer.key("k")
        if values.count == 1 {
            writer.number(values[0])
        } else {
            writer.beginArray()
            for value in values { writer.number(value) }
            writer.endArray()
        }
        writer.endObject()
    }

    /// A value keyframed at every frame, linear between keyframes.
    static func animated(_ values: [[Double]], into writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("a", 1)
        writer.key("k")
        writer.beginArray()
        for (frame, value) in values.enumerated() {
            writer.beginObject()
            writer.member("t", Double(frame))
            writer.key("s")
            writer.beginArray()
            for number in value { writer.number(number) }
            writer.endArray()
            // The last keyframe carries no easing: players (rlottie among them) read easing on a
            // keyframe as the way to the next one, and a last one with it breaks the property.
            if frame < values.count - 1 { linearEasing(into: &writer) }
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }

    static func linearEasing(into writer: inout JSONWriter) {
        writer.key("o")
        writer.beginObject()
        writer.key("x")
        writer.beginArray()
        writer.number(0)
        writer.endArray()
        writer.key("y")
        writer.beginArray()
        writer.number(0)
        writer.endArray()
        writer.endObject()
        writer.key("i")
        writer.beginObject()
        writer.key("x")
        writer.beginArray()
        writer.number(1)
        writer.endArray()
        writer.key("y")
        writer.beginArray()
        writer.number(1)
        writer.endArray()
        writer.endObject()
    }

    // MARK: masks

    /// A closed bezier path: vertices with in and out tangents relative to them.
    struct Shape {
        var vertices: [Point] = []
        var inTangents: [Point] = []
        var outTangents: [Point] = []
    }

    static func write(_ shape: Shape, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("c", true)
        for (key, points) in [("v", shape.vertices), ("i", shape.inTangents), ("o", shape.outTangents)] {
            writer.key(string: key)
            writer.beginArray()
            for point in points {
                writer.beginArray()
                writer.number(point.x)
                writer.number(point.y)
                writer.endArray()
            }
            writer.endArray()
        }
        writer.endObject()
    }

    /// A rounded rect as 24 vertices, 6 a corner, whatever the radius: the continuous corner's
    /// three cubics and two short lines (motion-math's table), or a circular corner drawn on the
    /// same vertices (the quarter circle as three cubics), so that every keyframe of a mask has
    /// the same vertex count and players interpolate between them.
    static func roundedRect(_ rect: Rect, radius: Double, continuous: Bool) -> Shape {
        let r = rect.standardized
        let extentLimit = min(r.width, r.height) / 2
        let table: [Point]
        if continuous {
            let scale = max(0, min(radius, extentLimit / RoundedRectangle.continuousCornerExtent))
            table = RoundedRectangle.continuousCornerPoints.map { Point(x: $0.x * scale, y: $0.y * scale) }
        } else {
            let q = max(0, min(radius, extentLimit))
            table = circularCornerPoints(radius: q)
        }
        // Corners clockwise from the top right, each with the edge it arrives on and leaves by.
        let corners: [(vertex: Point, arriving: Point, leaving: Point)] = [
            (Point(x: r.maxX, y: r.minY), Point(x: 1, y: 0), Point(x: 0, y: 1)),
            (Point(x: r.maxX, y: r.maxY), Point(x: 0, y: 1), Point(x: -1, y: 0)),
            (Point(x: r.minX, y: r.maxY), Point(x: -1, y: 0), Point(x: 0, y: -1)),
            (Point(x: r.minX, y: r.minY), Point(x: 0, y: -1), Point(x: 1, y: 0)),
        ]
        var shape = Shape()
        for corner in corners {
            let p = table.map { uv in
                Point(
                    x: corner.vertex.x - corner.arriving.x * uv.x + corner.leaving.x * uv.y,
                    y: corner.vertex.y - corner.arriving.y * uv.x + corner.leaving.y * uv.y)
            }
            // Vertices 0, 3, 4, 7, 8, 11 of the corner; cubics 0→3, 4→7, 8→11, lines between.
            let vertices = [p[0], p[3], p[4], p[7], p[8], p[11]]
            let outs = [p[1], p[3], p[5], p[7], p[9], p[11]]
            let ins = [p[0], p[2], p[4], p[6], p[8], p[10]]
            for (vertex, (out, inPoint)) in zip(vertices, zip(outs, ins)) {
                shape.vertices.append(vertex)
                shape.outTangents.append(Point(x: out.x - vertex.x, y: out.y - vertex.y))
                shape.inTangents.append(Point(x: inPoint.x - vertex.x, y: inPoint.y - vertex.y))
            }
        }
        return shape
    }

    /// A circular corner of radius `q` in the continuous table's twelve-point layout: a zero-length
    /// line, the quarter circle as three cubics of 30° each joined by zero-length lines.
    static func circularCornerPoints(radius q: Double) -> [Point] {
        // The arc from (q, 0) to (0, q) about the centre (q, q), in (u, v): u back along the
        // arriving edge, v along the leaving edge.
        func point(_ angle: Double) -> Point { Point(x: q - q * sin(angle), y: q - q * cos(angle)) }
        func tangent(_ angle: Double) -> Point { Point(x: -q * cos(angle), y: q * sin(angle)) }
        let step = Double.pi / 6
        let k = 4.0 / 3.0 * tan(step / 4)
        var points: [Point] = []
        for segment in 0..<3 {
            let a0 = Double(segment) * step
            let a1 = a0 + step
            let start = point(a0)
            let end = point(a1)
            let t0 = tangent(a0)
            let t1 = tangent(a1)
            points += [
                start, Point(x: start.x + k * t0.x, y: start.y + k * t0.y),
                Point(x: end.x - k * t1.x, y: end.y - k * t1.y), end,
            ]
        }
        return points
    }
}
