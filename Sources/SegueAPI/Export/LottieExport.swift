import Glibc
import SegueEngine
import SegueMath

/// The `lottie` output of `POST /v1/simulate`: a Lottie (Bodymovin 5.x JSON) animation of the
/// simulation, for After Effects, LottieFiles and every Lottie player.
///
/// The composition is the scene's window, at the simulation's frame rate, one Lottie frame per
/// simulated frame. Each layer is a shape layer named (`nm`) by its id, in z-order (Lottie lists
/// the top one first): a rectangle of the layer's size and fill, with a keyframe at every frame of
/// its position, scale and rotation about its centre (the anchor, as UIKit's), opacity and corner
/// radius, linear between keyframes. A layer that re-lays out (its state's `frame` changes size)
/// keyframes its rectangle's size and its anchor instead of being scaled, so its corners keep
/// their shape. A rounded-rect mask is a bezier path with the mask's
/// continuous (or circular) corners, always 24 vertices so that players interpolate; frames
/// without a mask keep the whole layer. What Lottie cannot say is listed in `segue.notes` at the
/// top level rather than dropped silently: shadows, masks given as a path, skew.
///
/// A layer with an image (a document's, `LayerDescription.image`) also gets an image layer just
/// above its rectangle, showing an embedded image asset stretched to the layer's bounds
/// (LottieExport+Image.swift).
struct LottieExport {
    let simulation: Simulation
    let window: Size
    /// Points within which keyframes may be thinned to linear segments; nil keeps every frame's.
    var tolerance: Double? = nil

    var bytes: [UInt8] {
        var notes: [String] = []
        var keyframes = 0
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
        // Each layer's image, by layer index; one asset each (see LottieExport+Image.swift).
        let images = simulation.layers.map { $0.image.flatMap(DataImage.init(uri:)) }
        writer.key("assets")
        writer.beginArray()
        for (index, image) in images.enumerated() {
            if let image { Self.writeAsset(image, id: Self.assetID(index), into: &writer) }
        }
        writer.endArray()
        writer.key("layers")
        writer.beginArray()
        for (index, layer) in simulation.layers.enumerated().reversed() {
            // By position: the endpoint has checked (as the JSON answer does) that every frame lists
            // its layers one for one, in order, so no frame needs searching by id.
            let states = frames.compactMap { index < $0.layers.count ? $0.layers[index] : nil }
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
            if layer.image != nil && images[index] == nil {
                notes.append("\(layer.id): its image is left out (not a base64 PNG or JPEG data: URI with a size)")
            }
            if let image = images[index] {
                // Above the layer's rectangle (Lottie lists the top first), numbered after every rectangle.
                keyframes += writeImageLayer(
                    image, index: index, ind: simulation.layers.count + index + 1, states: states, out: out,
                    into: &writer)
            }
            keyframes += writeLayer(layer, index: index, states: states, out: out, into: &writer)
        }
        writer.endArray()
        writer.key("segue")
        writer.beginObject()
        writer.member("preset", simulation.presetID)
        writer.member("keyframes", Double(keyframes))
        if let tolerance { writer.member("tolerance", tolerance) }
        writer.key("notes")
        writer.beginArray()
        for note in notes { writer.string(note) }
        writer.endArray()
        writer.endObject()
        writer.endObject()
        return writer.bytes
    }

    /// Writes one layer; returns how many keyframes it holds.
    private func writeLayer(
        _ layer: LayerDescription, index: Int, states: [LayerState], out: Double, into writer: inout JSONWriter
    ) -> Int {
        var count = 0
        let tolerance = self.tolerance
        // Each property's own measure of a deviation, in points (opacity in percent points).
        func keys(_ values: [[Double]], weights: [Double]) -> [Int] {
            guard let tolerance else { return Array(values.indices) }
            return Self.thinned(values, tolerance: tolerance, weights: weights)
        }
        // Each frame's layout: a layer that re-lays out (the modal card) animates its rectangle's
        // size and its anchor, the rectangle's centre, rather than stretching one size by a scale.
        let frames = states.map(\.frame)
        let sizes = frames.map { [$0.width, $0.height] }
        let halves = sizes.map { $0.map { $0 / 2 } }
        let keptSizes = keys(sizes, weights: [1, 1])
        // The largest size, for the tolerances' weights.
        let size = Size(
            width: frames.map(\.width).max() ?? layer.frame.width,
            height: frames.map(\.height).max() ?? layer.frame.height)
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
        count += Self.property(halves, at: keptSizes, into: &writer)
        let positions = states.map { [$0.frame.midX + $0.transform.tx, $0.frame.midY + $0.transform.ty] }
        let scales = states.map { Self.scale($0.transform).map { $0 * 100 } }
        let rotations = states.map { [Self.rotation($0.transform)] }
        let opacities = states.map { [$0.opacity * 100] }
        let halfDiagonal = (size.width * size.width + size.height * size.height).squareRoot() / 2
        // Position, scale and rotation all move the layer's edges: each gets half the tolerance
        // (weights doubled), so that together (rotation is rare) an edge stays within it.
        for (key, values, weights) in [
            ("p", positions, [2.0, 2.0]), ("s", scales, [size.width / 100, size.height / 100]),
            ("r", rotations, [halfDiagonal * Double.pi / 90]), ("o", opacities, [1.0]),
        ] {
            let kept = keys(values, weights: weights)
            count += kept.count
            writer.key(string: key)
            Self.animated(values, at: kept, into: &writer)
        }
        writer.endObject()
        if masked {
            let shapes = states.map { state in
                let mask = state.mask.flatMap { $0.path == nil ? $0 : nil }
                return Self.roundedRect(
                    mask?.rect ?? Rect(origin: .zero, size: state.frame.size), radius: mask?.cornerRadius ?? 0,
                    continuous: mask?.cornerCurve == .continuous)
            }
            count += Self.writeMask(shapes, keys: { keys($0, weights: $1) }, into: &writer)
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
        count += Self.property(sizes, at: keptSizes, into: &writer)
        writer.key("p")
        count += Self.property(halves, at: keptSizes, into: &writer)
        let radii = states.map { [max(0, min($0.cornerRadius, min($0.frame.width, $0.frame.height) / 2))] }
        let keptRadii = keys(radii, weights: [1])
        count += keptRadii.count
        writer.key("r")
        Self.animated(radii, at: keptRadii, into: &writer)
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
        return count
    }

    /// The frames to keep so that the straight lines between kept frames stay within `tolerance`
    /// of every value (each dimension's deviation times its weight, in points); the first and
    /// last are always kept. Greedy: each segment runs as far as it can, at most 256 frames, so
    /// the cost stays linear in the frames.
    static func thinned(_ values: [[Double]], tolerance: Double, weights: [Double]) -> [Int] {
        guard values.count > 2 else { return Array(values.indices) }
        var kept = [0]
        var start = 0
        while start < values.count - 1 {
            var end = start + 1
            while end + 1 < values.count, end + 1 - start <= 256,
                fits(values, from: start, to: end + 1, tolerance: tolerance, weights: weights)
            {
                end += 1
            }
            kept.append(end)
            start = end
        }
        return kept
    }

    static func fits(_ values: [[Double]], from start: Int, to end: Int, tolerance: Double, weights: [Double]) -> Bool {
        for index in (start + 1)..<end {
            let fraction = Double(index - start) / Double(end - start)
            for dimension in values[index].indices {
                let line = values[start][dimension] + (values[end][dimension] - values[start][dimension]) * fraction
                let weight = dimension < weights.count ? weights[dimension] : 1
                if abs(values[index][dimension] - line) * weight > tolerance { return false }
            }
        }
        return true
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

    /// A value that may change: fixed when every frame's is the same (a layer that never re-lays
    /// out keeps one size), else keyframed at `frames`; returns the keyframes written.
    static func property(_ values: [[Double]], at frames: [Int], into writer: inout JSONWriter) -> Int {
        guard let first = values.first, values.contains(where: { $0 != first }) else {
            fixed(values.first ?? [0], into: &writer)
            return 0
        }
        animated(values, at: frames, into: &writer)
        return frames.count
    }

    /// A value keyframed at the frames `at` (every frame unless thinned), linear between keyframes.
    static func animated(_ values: [[Double]], at frames: [Int], into writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("a", 1)
        writer.key("k")
        writer.beginArray()
        for (position, frame) in frames.enumerated() {
            writer.beginObject()
            writer.member("t", Double(frame))
            writer.key("s")
            writer.beginArray()
            for number in values[frame] { writer.number(number) }
            writer.endArray()
            // The last keyframe carries no easing: players (rlottie among them) read easing on a
            // keyframe as the way to the next one, and a last one with it breaks the property.
            if position < frames.count - 1 { linearEasing(into: &writer) }
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
