import SegueEngine

/// The legend under a preview: one swatch per layer, its fill, id and kind (`LayerPaint`).
extension Preview {
    /// The legend's row height.
    static let legendHeight = 28.0

    /// Where each layer's swatch goes in a legend `width` wide, wrapping to new rows: (row, x).
    func legendPlaces(width: Double) -> [(row: Int, x: Double)] {
        var places: [(row: Int, x: Double)] = []
        var row = 0
        var x = 0.0
        for layer in simulation.layers {
            let advance = 40 + Double(legendLabel(layer).count) * 7
            if x > 0, x + advance > width {
                row += 1
                x = 0
            }
            places.append((row, x))
            x += advance
        }
        return places
    }

    /// The legend's height in a `width` wide picture.
    func legendHeight(width: Double) -> Double {
        Double((legendPlaces(width: width).last?.row ?? 0) + 1) * Self.legendHeight
    }

    func legendLabel(_ layer: LayerDescription) -> String {
        "\(layer.id) (\(layer.kind.rawValue))"
    }

    /// One swatch per layer, bottom to top: its fill and its id and kind, in rows `width` wide.
    func drawLegend(left start: Double, top: Double, width: Double, into writer: inout SVGWriter) {
        writer.open("g", ["class": "legend"])
        for (index, (layer, place)) in zip(simulation.layers, legendPlaces(width: width)).enumerated() {
            let color = LayerPaint.fill(layer, index: index)
            let left = start + place.x
            let y = top + Double(place.row) * Self.legendHeight
            writer.element(
                "rect",
                [
                    "x": .number(left), "y": .number(y + 4), "width": 14, "height": 14, "fill": .text(color.hexRGB),
                    "fill-opacity": .number(color.alpha), "stroke": "#3a3a3c", "stroke-width": 1,
                    "data-layer": .text(layer.id),
                ])
            writer.text(
                "text",
                [
                    "x": .number(left + 20), "y": .number(y + 16), "font-family": "sans-serif", "font-size": 12,
                    "fill": "#1c1c1e",
                ], legendLabel(layer))
        }
        writer.close("g")
    }
}
