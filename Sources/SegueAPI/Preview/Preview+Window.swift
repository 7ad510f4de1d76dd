import SegueEngine
import SegueMath

/// Drawing the window at one frame, shared by the filmstrip and the animated SVG.
extension Preview {
    /// The window's background, its layers bottom to top (one `<g class="layer">` each)
    /// and, on interactive frames, the finger; in window points. `id` makes the
    /// clip-path and filter ids unique within the document.
    func drawWindow(frameIndex: Int, id: String, into writer: inout SVGWriter) {
        let frame = simulation.frames[frameIndex]
        let window = self.window
        writer.element(
            "rect",
            [
                "class": "window", "x": 0, "y": 0, "width": .number(window.width),
                "height": .number(window.height), "fill": "#ffffff", "stroke": "#8e8e93",
            ])
        writer.open("clipPath", ["id": .text("\(id)-window")])
        writer.element(
            "rect", ["x": 0, "y": 0, "width": .number(window.width), "height": .number(window.height)])
        writer.close("clipPath")
        writer.open("g", ["clip-path": .text("url(#\(id)-window)")])
        for (index, (layer, state)) in zip(simulation.layers, frame.layers).enumerated() {
            drawLayer(
                layer, state, color: LayerPaint.fill(layer, index: index),
                image: index < images.count ? images[index] : nil,
                imageIndex: index, id: "\(id)-\(index)", into: &writer)
        }
        writer.close("g")
        if let finger = finger(for: frame) {
            writer.element(
                "circle",
                [
                    "class": "finger", "cx": .number(finger.x), "cy": .number(finger.y), "r": 22,
                    "fill": "#ff3b30", "fill-opacity": 0.45, "stroke": "#ff3b30", "stroke-width": 2,
                ])
        }
    }

    /// One layer: its shadow (blurred), its presentation rect with its corner radius and its
    /// image over it (both clipped by its mask when it has one), and the mask's outline, dashed.
    private func drawLayer(
        _ layer: LayerDescription, _ state: LayerState, color: Color, image: DataImage?, imageIndex: Int, id: String,
        into writer: inout SVGWriter
    ) {
        let rect = state.presentationFrame
        let scale = Self.scale(of: state.transform)
        let radius = min(state.cornerRadius * scale, min(rect.width, rect.height) / 2)
        writer.open("g", ["class": "layer", "data-layer": .text(layer.id), "opacity": .number(state.opacity)])
        if let shadow = state.shadow, shadow.opacity > 0 {
            writer.open(
                "filter", ["id": .text("\(id)-shadow"), "x": "-50%", "y": "-50%", "width": "200%", "height": "200%"])
            writer.element("feGaussianBlur", ["stdDeviation": .number(shadow.radius / 2)])
            writer.close("filter")
            writer.element(
                "rect",
                [
                    "class": "shadow", "x": .number(rect.x + shadow.offset.x), "y": .number(rect.y + shadow.offset.y),
                    "width": .number(rect.width), "height": .number(rect.height), "rx": .number(radius),
                    "fill": "#000000", "opacity": .number(shadow.opacity), "filter": .text("url(#\(id)-shadow)"),
                ])
        }
        let mask = state.mask.map { (data: Self.maskPathData($0), matrix: Self.maskMatrix(state)) }
        if let mask {
            writer.open("clipPath", ["id": .text("\(id)-mask")])
            writer.element("path", ["d": .text(mask.data), "transform": .text(mask.matrix)])
            writer.close("clipPath")
        }
        let body: KeyValuePairs<String, SVGWriter.Value> = [
            "class": "body", "x": .number(rect.x), "y": .number(rect.y), "width": .number(rect.width),
            "height": .number(rect.height), "rx": .number(radius), "fill": .text(color.hexRGB),
            "fill-opacity": .number(color.alpha), "stroke": "#3a3a3c",
            "stroke-width": 1,
        ]
        if mask != nil { writer.open("g", ["clip-path": .text("url(#\(id)-mask)")]) }
        writer.element("rect", body)
        if image != nil { Self.drawImage(imageIndex, in: rect, radius: radius, id: id, into: &writer) }
        if mask != nil { writer.close("g") }
        if let mask {
            writer.element(
                "path",
                [
                    "class": "mask", "d": .text(mask.data), "transform": .text(mask.matrix), "fill": "none",
                    "stroke": "#007aff", "stroke-width": 2, "stroke-dasharray": "6 4",
                    "vector-effect": "non-scaling-stroke",
                ])
        }
        writer.close("g")
    }

    /// The mask's outline in the layer's own coordinates: its `path` when it has one,
    /// else its rounded rect with its corner curve (a squircle for `continuous`).
    static func maskPathData(_ mask: MaskState) -> String {
        mask.path
            ?? RoundedRectangle(rect: mask.rect, cornerRadius: mask.cornerRadius, cornerCurve: mask.cornerCurve)
            .svgPathData
    }

    /// The SVG `matrix(a b c d e f)` taking the layer's own coordinates to the window:
    /// a local point q lands at `F.origin + C + M(q − C)`, C the centre of the frame F (the
    /// state's layout frame) and M the layer's transform (the anchor is the centre, as UIKit's
    /// default).
    static func maskMatrix(_ state: LayerState) -> String {
        let frame = state.frame
        let t = state.transform
        let cx = frame.width / 2
        let cy = frame.height / 2
        let e = frame.x + cx - (t.a * cx + t.c * cy) + t.tx
        let f = frame.y + cy - (t.b * cx + t.d * cy) + t.ty
        return "matrix(" + SVGWriter.numbers([t.a, t.b, t.c, t.d, e, f]) + ")"
    }
}
