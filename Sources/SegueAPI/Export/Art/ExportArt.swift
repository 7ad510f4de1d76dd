import Foundation
public import SegueEngine
public import SegueMath

/// The drawn look of a catalogue preset's exports (`lottie`, `css`, `waapi`): each image or
/// content layer without an image gets the playground's generated art (`LayerArt`) as an
/// embedded PNG (`PNGEncoder`), which every export already draws stretched to the layer's bounds
/// (`DataImage`); solid layers keep their fill. Only the exports change: the JSON answer's
/// `layers` never carry it.
///
/// The size is declared here once, and the docs, the cost estimate and the tests derive from it:
/// `maxScale` pixels per point of the layer's first frame, fewer when one image would pass
/// `maxPixelsPerImage`, and all of one export's PNGs together within `maxPNGBytes`, scaled down
/// (never up) until they fit.
public enum ExportArt {
    /// Pixels per point at most: 2, a Retina display's.
    public static let maxScale = 2.0
    /// Pixels in one image at most (width × height).
    public static let maxPixelsPerImage = 1_200_000
    /// Bytes of PNG in one export at most, all its images together (base64 adds a third in the
    /// export's text).
    public static let maxPNGBytes = 1_500_000
    /// Times the images are drawn smaller when they do not fit, before the export goes without.
    static let maxAttempts = 4
    /// Frames an export may have and still carry the art. Each image goes on a layer of its own
    /// that repeats its box's keyframes (a Lottie image cannot sit inside the shape layer that
    /// draws the box), so art multiplies a long export's size, about fourfold at 240 frames per
    /// second; past this count (20 s at 60 frames per second) the export keeps its flat boxes.
    public static let maxFrames = 1_200

    /// `simulation` with its layers' art, for a catalogue preset run in `scene` (the request's
    /// scene, its rects lined up with as the playground does). Layers that have an image keep it.
    public static func applied(to simulation: Simulation, scene: [(name: String, value: ParameterValue)]) -> Simulation
    {
        applied(to: simulation, scene: scene, cache: .shared)
    }

    static func applied(
        to simulation: Simulation, scene: [(name: String, value: ParameterValue)], cache: ArtCache
    ) -> Simulation {
        let rects = scene.compactMap { field -> (name: String, rect: Rect)? in
            if case .rect(let rect) = field.value { return (field.name, rect) }
            return nil
        }
        var arts: [(index: Int, art: LayerArt)] = []
        for (index, layer) in simulation.layers.enumerated() where layer.image == nil {
            let first = simulation.frames.first.flatMap { index < $0.layers.count ? $0.layers[index].frame : nil }
            guard
                let art = LayerArt(
                    layer: layer, frame: first ?? layer.frame, index: index, presetID: simulation.presetID,
                    scene: rects)
            else { continue }
            arts.append((index, art))
        }
        guard !arts.isEmpty else { return simulation }
        var factor = 1.0
        for _ in 0..<maxAttempts {
            var images: [(index: Int, png: [UInt8])] = []
            var total = 0
            for (index, art) in arts {
                guard let (width, height) = pixelSize(of: art.size, factor: factor),
                    let png = cache.png(
                        for: ArtCache.Key(art: art, width: width, height: height),
                        draw: { art.raster(width: width, height: height).flatMap(PNGEncoder.encode) })
                else { continue }
                images.append((index, png))
                total += png.count
                if total > maxPNGBytes { break }
            }
            if total <= maxPNGBytes {
                var drawn = simulation
                for (index, png) in images {
                    drawn.layers[index].image = ImageDataURI.Format.png.prefix + Data(png).base64EncodedString()
                }
                return drawn
            }
            // PNG bytes grow about as the pixels, as the square of the scale.
            factor *= (Double(maxPNGBytes) / Double(total)).squareRoot() * 0.9
        }
        return simulation
    }

    /// The pixel size of an image of `size` points at `maxScale × factor`, within
    /// `maxPixelsPerImage`; nil when a side would round to nothing or pass `Raster.maxSide`.
    static func pixelSize(of size: Size, factor: Double) -> (Int, Int)? {
        let area = size.width * size.height
        guard area > 0, area.isFinite else { return nil }
        let scale = min(maxScale * factor, (Double(maxPixelsPerImage) / area).squareRoot())
        let width = (size.width * scale).rounded(.down)
        let height = (size.height * scale).rounded(.down)
        guard width >= 1, height >= 1, width <= Double(Raster.maxSide), height <= Double(Raster.maxSide) else {
            return nil
        }
        return (Int(width), Int(height))
    }

    /// Bytes the art holds at its peak beside an export of `output` (`SimulateCost`): one raster
    /// at a time with its filtered copy and zlib's output buffer (RGBA, 4 bytes a pixel each), the
    /// PNGs of an attempt, their base64 in the layers and as often as the output's text is held
    /// (`SimulateCost.heldCopies`), and each decoded again by the export's check (`DataImage`).
    static func heldBytes(textCopies: Double) -> Int {
        let working = 3 * 4 * maxPixelsPerImage
        let base64 = Double(maxPNGBytes) * 4 / 3
        return working + 2 * maxPNGBytes + Int((base64 * (1 + textCopies)).rounded(.up))
    }
}
