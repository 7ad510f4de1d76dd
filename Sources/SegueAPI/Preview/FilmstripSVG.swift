/// The `svg` output: one self-contained SVG with the window drawn at chosen moments
/// (`Preview.filmstripFrameIndices`), a plot of progress and scale, and the decision's
/// explanation as a caption.
///
/// Structure: `<svg>` › `<g class="filmstrip">` › one `<g class="frame">` per moment
/// (`data-index`, `data-time`, `data-phase`, `data-release="true"` on the release frame),
/// each holding one `<g class="layer" data-layer>` per layer, a `<path class="mask">` per
/// masked layer and a `<circle class="finger">` on interactive frames; then
/// `<g class="plot">` and `<text class="caption">`.
public struct FilmstripSVG {
    public var preview: Preview

    /// Width of one frame's cell, SVG pixels.
    static let cellWidth = 180.0
    static let gap = 16.0
    static let margin = 24.0
    static let plotHeight = 180.0

    public init(_ preview: Preview) {
        self.preview = preview
    }

    /// The caption: the decision's explanation, or why there is none.
    public var caption: String {
        preview.simulation.decision?.explanation
            ?? "\(preview.simulation.presetID) is started by a tap; there is no release decision."
    }

    public var bytes: [UInt8] {
        let window = preview.window
        let indices = preview.filmstripFrameIndices
        let scale = Self.cellWidth / window.width
        let cellHeight = window.height * scale
        let count = Double(max(indices.count, 1))
        let width = 2 * Self.margin + count * Self.cellWidth + (count - 1) * Self.gap
        let plotTop = Self.margin + 20 + cellHeight + 32
        let legendHeight = preview.legendHeight(width: width - 2 * Self.margin)
        let height = plotTop + Self.plotHeight + 64 + legendHeight
        let release = preview.releaseFrameIndex

        var writer = SVGWriter(reservingCapacity: 16_384 + indices.count * preview.simulation.layers.count * 900)
        writer.open(
            "svg",
            [
                "xmlns": "http://www.w3.org/2000/svg", "width": .number(width), "height": .number(height),
                "viewBox": .text("0 0 " + SVGWriter.numbers([width, height])),
                "data-preset": .text(preview.simulation.presetID),
            ])
        writer.text("title", [:], "\(preview.simulation.presetID): filmstrip")
        preview.drawImageDefinitions(into: &writer)
        writer.element("rect", ["width": .number(width), "height": .number(height), "fill": "#ffffff"])
        writer.open("g", ["class": "filmstrip"])
        for (position, index) in indices.enumerated() {
            let frame = preview.simulation.frames[index]
            let left = Self.margin + Double(position) * (Self.cellWidth + Self.gap)
            writer.text(
                "text",
                [
                    "x": .number(left), "y": .number(Self.margin + 12), "font-family": "sans-serif",
                    "font-size": 12, "fill": index == release ? "#ff3b30" : "#1c1c1e",
                ],
                SVGWriter.number(frame.time) + " s · " + frame.phase.rawValue + (index == release ? " · release" : ""))
            writer.open(
                "g",
                [
                    "class": "frame", "data-index": .number(Double(index)), "data-time": .number(frame.time),
                    "data-phase": .text(frame.phase.rawValue), "data-release": index == release ? "true" : "false",
                    "transform": .text(
                        "translate(" + SVGWriter.numbers([left, Self.margin + 20]) + ") scale("
                            + SVGWriter.number(scale) + ")"),
                ])
            preview.drawWindow(frameIndex: index, id: "f\(index)", into: &writer)
            writer.close("g")
        }
        writer.close("g")
        writer.open("g", ["transform": .text("translate(" + SVGWriter.numbers([Self.margin + 40, plotTop]) + ")")])
        PreviewPlot(preview: preview, width: width - 2 * Self.margin - 40, height: Self.plotHeight).draw(into: &writer)
        writer.close("g")
        writer.text(
            "text",
            [
                "class": "caption", "x": .number(Self.margin), "y": .number(height - 20 - legendHeight),
                "font-family": "sans-serif", "font-size": 14, "fill": "#1c1c1e",
            ], caption)
        preview.drawLegend(
            left: Self.margin, top: height - legendHeight, width: width - 2 * Self.margin, into: &writer)
        writer.close("svg")
        return writer.bytes
    }
}
