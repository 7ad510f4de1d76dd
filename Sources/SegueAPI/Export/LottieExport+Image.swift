import SegueEngine
import SegueMath

/// A layer's image in the Lottie export: an embedded image asset (`e: 1`, the data URI as `p`,
/// its pixel size as `w` and `h`, Bodymovin 5.x's image asset) and an image layer (`ty: 2`)
/// that shows it, placed just above the layer's rectangle.
///
/// The image is stretched to the layer's bounds (UIKit's default `scaleToFill`, CSS's
/// `background-size: 100% 100%`, SVG's `preserveAspectRatio="none"`), the same in every output.
/// The image layer's own coordinates are the image's pixels, so its anchor is the image's centre
/// and its scale at each frame is the rectangle's (the layer's transform) times the layout
/// frame's size over the pixel size; its position, rotation and opacity are the rectangle's.
/// Rounded corners and a rounded-rect mask clip it as they clip the rectangle, by a mask drawn
/// in pixel coordinates.
extension LottieExport {
    /// The asset id of the image of the layer at `index`.
    static func assetID(_ index: Int) -> String { "image-\(index)" }

    static func writeAsset(_ image: DataImage, id: String, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("id", id)
        writer.member("w", Double(image.width))
        writer.member("h", Double(image.height))
        writer.member("u", "")
        writer.member("p", image.uri)
        writer.member("e", 1)
        writer.endObject()
    }

    /// Writes the image layer of the layer at `index`, numbered `ind`; returns its keyframes.
    func writeImageLayer(
        _ image: DataImage, index: Int, ind: Int, states: [LayerState], out: Double, into writer: inout JSONWriter
    ) -> Int {
        let tolerance = self.tolerance
        func keys(_ values: [[Double]], weights: [Double]) -> [Int] {
            guard let tolerance else { return Array(values.indices) }
            return Self.thinned(values, tolerance: tolerance, weights: weights)
        }
        let pixels = Size(width: Double(image.width), height: Double(image.height))
        // Points of the layout frame per pixel, along each axis.
        let stretch = states.map { [$0.frame.width / pixels.width, $0.frame.height / pixels.height] }
        var count = 0
        writer.beginObject()
        writer.member("ddd", 0)
        writer.member("ind", Double(ind))
        writer.member("ty", 2)
        writer.member("nm", (states.first?.id ?? "") + " image")
        writer.member("refId", Self.assetID(index))
        writer.member("sr", 1)
        writer.member("ao", 0)
        writer.member("ip", 0)
        writer.member("op", out)
        writer.member("st", 0)
        writer.member("bm", 0)
        writer.key("ks")
        writer.beginObject()
        writer.key("a")
        Self.fixed([pixels.width / 2, pixels.height / 2], into: &writer)
        let positions = states.map { [$0.frame.midX + $0.transform.tx, $0.frame.midY + $0.transform.ty] }
        let scales = zip(states, stretch).map { state, stretch in
            zip(Self.scale(state.transform), stretch).map { $0 * $1 * 100 }
        }
        let rotations = states.map { [Self.rotation($0.transform)] }
        let opacities = states.map { [$0.opacity * 100] }
        // The rectangle's weights, the scale's in pixels (a percent of scale moves an edge by a
        // hundredth of the image's pixels).
        let size = Size(
            width: states.map(\.frame.width).max() ?? 0, height: states.map(\.frame.height).max() ?? 0)
        let halfDiagonal = (size.width * size.width + size.height * size.height).squareRoot() / 2
        for (key, values, weights) in [
            ("p", positions, [2.0, 2.0]), ("s", scales, [pixels.width / 50, pixels.height / 50]),
            ("r", rotations, [halfDiagonal * Double.pi / 90]), ("o", opacities, [1.0]),
        ] {
            let kept = keys(values, weights: weights)
            count += kept.count
            writer.key(string: key)
            Self.animated(values, at: kept, into: &writer)
        }
        writer.endObject()
        // The clip, in the layer's points: its rounded-rect mask, else its bounds with its corner
        // radius (as the rectangle's own `r`); none when nothing is ever cut.
        let clips = states.map { state in
            let mask = state.mask.flatMap { $0.path == nil ? $0 : nil }
            let bounds = Rect(origin: .zero, size: state.frame.size)
            return (
                rect: mask?.rect ?? bounds,
                radius: mask?.cornerRadius ?? max(0, min(state.cornerRadius, min(bounds.width, bounds.height) / 2)),
                continuous: mask.map { $0.cornerCurve == .continuous } ?? false
            )
        }
        if states.contains(where: { ($0.mask != nil && $0.mask?.path == nil) || $0.cornerRadius > 0 }) {
            let shapes = zip(clips, stretch).map { clip, stretch in
                let shape = Self.roundedRect(clip.rect, radius: clip.radius, continuous: clip.continuous)
                // Points to pixels; a frame of zero size shows nothing, whatever its mask.
                let toPixels = stretch.map { $0 > 0 ? 1 / $0 : 0 }
                func pixels(_ points: [Point]) -> [Point] {
                    points.map { Point(x: $0.x * toPixels[0], y: $0.y * toPixels[1]) }
                }
                return Shape(
                    vertices: pixels(shape.vertices), inTangents: pixels(shape.inTangents),
                    outTangents: pixels(shape.outTangents))
            }
            count += Self.writeMask(shapes, keys: keys, into: &writer)
        }
        writer.endObject()
        return count
    }
}
