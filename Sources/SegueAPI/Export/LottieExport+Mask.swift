/// A mask in the Lottie export, shared by a layer's rectangle and its image.
extension LottieExport {
    /// `masksProperties` of one additive mask keyframed through `shapes`; returns its keyframes.
    static func writeMask(
        _ shapes: [Shape], keys: ([[Double]], [Double]) -> [Int], into writer: inout JSONWriter
    ) -> Int {
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
        let flattened = shapes.map { shape in
            (shape.vertices + shape.inTangents + shape.outTangents).flatMap { [$0.x, $0.y] }
        }
        let kept = keys(flattened, Array(repeating: 1, count: flattened.first?.count ?? 0))
        for (position, frame) in kept.enumerated() {
            writer.beginObject()
            writer.member("t", Double(frame))
            writer.key("s")
            writer.beginArray()
            write(shapes[frame], into: &writer)
            writer.endArray()
            if position < kept.count - 1 { linearEasing(into: &writer) }
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        writer.key("o")
        fixed([100], into: &writer)
        writer.key("x")
        fixed([0], into: &writer)
        writer.endObject()
        writer.endArray()
        return kept.count
    }
}
