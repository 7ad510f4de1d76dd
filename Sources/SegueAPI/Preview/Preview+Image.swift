import SegueMath

/// Layers' images in the SVG previews. Each image is written once per document, as a `<symbol>`
/// whose viewBox is its pixels with `preserveAspectRatio="none"`, and every frame that draws the
/// layer places it with `<use>` in the layer's rect (SVG 1.1 §5.6 and §5.7: `use` gives a symbol
/// its viewport): stretched to the bounds as every export stretches it, and an image of a
/// megabyte costs a megabyte, not one per frame of the animated SVG's 240.
extension Preview {
    /// The symbol id of the image of the layer at `index`.
    static func imageID(_ index: Int) -> String { "segue-image-\(index)" }

    /// `<defs>` with a symbol per layer image; nothing when no layer has one (every preset).
    func drawImageDefinitions(into writer: inout SVGWriter) {
        guard images.contains(where: { $0 != nil }) else { return }
        writer.open("defs")
        for (index, image) in images.enumerated() {
            guard let image else { continue }
            let width = Double(image.width)
            let height = Double(image.height)
            writer.open(
                "symbol",
                [
                    "id": .text(Self.imageID(index)), "viewBox": .text(SVGWriter.numbers([0, 0, width, height])),
                    "preserveAspectRatio": "none",
                ])
            writer.element(
                "image", ["href": .text(image.uri), "width": .number(width), "height": .number(height)])
            writer.close("symbol")
        }
        writer.close("defs")
    }

    /// The image of the layer at `index` in `rect`, clipped to the rect's rounded corners.
    static func drawImage(_ index: Int, in rect: Rect, radius: Double, id: String, into writer: inout SVGWriter) {
        if radius > 0 {
            writer.open("clipPath", ["id": .text("\(id)-image")])
            writer.element(
                "rect",
                [
                    "x": .number(rect.x), "y": .number(rect.y), "width": .number(rect.width),
                    "height": .number(rect.height), "rx": .number(radius),
                ])
            writer.close("clipPath")
        }
        writer.element(
            "use",
            [
                "class": "image", "href": .text("#" + imageID(index)), "x": .number(rect.x), "y": .number(rect.y),
                "width": .number(rect.width), "height": .number(rect.height),
                "clip-path": .text(radius > 0 ? "url(#\(id)-image)" : "none"),
            ])
    }
}
