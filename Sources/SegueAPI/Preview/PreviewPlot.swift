/// The plot under the filmstrip: the transition's progress and the main layer's
/// scale against time, one shared vertical axis, the release moment marked.
struct PreviewPlot {
    var preview: Preview
    /// Plot size in SVG pixels.
    var width: Double
    var height: Double

    /// The x of `time` (seconds) across the plot.
    func x(_ time: Double) -> Double {
        let duration = preview.simulation.duration
        return duration > 0 ? time / duration * width : 0
    }

    /// `<g class="plot">`: the frame, the `progress` and `scale` polylines, the
    /// `release` line (with `data-time`, seconds) and a legend; at the origin.
    func draw(into writer: inout SVGWriter) {
        let frames = preview.simulation.frames
        let main = preview.mainLayerIndex
        let progress = frames.map(\.progress)
        let scales = main.map { index in frames.map { Preview.scale(of: $0.layers[index].transform) } } ?? []
        let low = min(0, progress.min() ?? 0, scales.min() ?? 0)
        let high = max(1, progress.max() ?? 1, scales.max() ?? 1)
        func y(_ value: Double) -> Double { height - (value - low) / (high - low) * height }

        writer.open("g", ["class": "plot", "data-duration": .number(preview.simulation.duration)])
        writer.element(
            "rect",
            [
                "x": 0, "y": 0, "width": .number(width), "height": .number(height), "fill": "#f2f2f7",
                "stroke": "#8e8e93",
            ])
        for value in [0.0, 1.0] {
            writer.element(
                "line",
                [
                    "class": "gridline", "x1": 0, "x2": .number(width), "y1": .number(y(value)),
                    "y2": .number(y(value)), "stroke": "#c7c7cc", "stroke-dasharray": "4 4",
                ])
            writer.text(
                "text",
                [
                    "x": -6, "y": .number(y(value) + 4), "text-anchor": "end", "font-family": "sans-serif",
                    "font-size": 12,
                ], SVGWriter.number(value))
        }
        polyline("progress", times: frames.map(\.time), values: progress, color: "#007aff", y: y, into: &writer)
        if !scales.isEmpty {
            polyline("scale", times: frames.map(\.time), values: scales, color: "#ff9500", y: y, into: &writer)
        }
        if let decision = preview.simulation.decision {
            writer.element(
                "line",
                [
                    "class": "release", "data-time": .number(decision.time), "x1": .number(x(decision.time)),
                    "x2": .number(x(decision.time)), "y1": 0, "y2": .number(height), "stroke": "#ff3b30",
                    "stroke-width": 2,
                ])
            writer.text(
                "text",
                [
                    "x": .number(x(decision.time) + 4), "y": 14, "font-family": "sans-serif", "font-size": 12,
                    "fill": "#ff3b30",
                ], "release " + SVGWriter.number(decision.time) + " s")
        }
        let mainName = main.map { preview.simulation.layers[$0].id } ?? "none"
        writer.text(
            "text", ["x": 0, "y": .number(height + 16), "font-family": "sans-serif", "font-size": 12],
            "progress (blue) and scale of \(mainName) (orange) against time, 0 to "
                + SVGWriter.number(preview.simulation.duration) + " s")
        writer.close("g")
    }

    private func polyline(
        _ name: String, times: [Double], values: [Double], color: String, y: (Double) -> Double,
        into writer: inout SVGWriter
    ) {
        let points = zip(times, values).map { SVGWriter.number(x($0)) + "," + SVGWriter.number(y($1)) }
        writer.element(
            "polyline",
            [
                "class": .text(name), "points": .text(points.joined(separator: " ")), "fill": "none",
                "stroke": .text(color), "stroke-width": 2,
            ])
    }
}
