public import SegueEngine
public import SegueMath

/// A simulation as the web animates it: for each layer, one keyframe per frame with the CSS
/// values of its state (`transform`, `opacity`, `border-radius`, `clip-path`, `box-shadow`),
/// at the frame's offset in the run (0 at the first frame, 1 at the last), played linearly
/// between keyframes. Shared by the `css` and `waapi` outputs, so that both say the same.
///
/// The transform is the layer's matrix about its centre, which is CSS's default
/// `transform-origin` and UIKit's anchor point, over a box at the layer's frame; 1 pt is 1 CSS px.
/// A layer that re-lays out (its states' `frame` changes, as the modal card's height does) also
/// keyframes its box (`left`, `top`, `width`, `height`), so the transform about the box's centre
/// never stretches it and its border radius keeps its shape.
public struct WebKeyframes: Sendable {
    /// The attribute that names a layer's element in the CSS page, and by which a client marks
    /// its own elements to play the Web Animations keyframes on: namespaced, so that it does not
    /// meet a page's own `data-layer`.
    public static let layerAttribute = "data-segue-layer"

    /// The CSS selector of layer `id`'s element (ids are letters, digits, `.`, `_` and `-`; a
    /// quote or a backslash in a preset's would be escaped).
    public static func selector(_ id: String) -> String {
        var escaped = ""
        for character in id {
            if character == "\"" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return "[\(layerAttribute)=\"\(escaped)\"]"
    }

    public struct Layer: Sendable {
        public var description: LayerDescription
        public var color: String
        /// The layer's image, a checked `data:` URI (`DataImage`), drawn over `color` and stretched
        /// to the layer's box (`background-size: 100% 100%`, as the Lottie export stretches it);
        /// nil when it has none or it is not a base64 PNG or JPEG with a readable size.
        public var image: String?
        public var keyframes: [Keyframe]
        /// Whether its keyframes carry its box: some frame lays it out elsewhere than another.
        public var relaidOut: Bool
    }

    public struct Keyframe: Sendable, Equatable {
        public var offset: Double
        /// The layer's box, `left`, `top`, `width`, `height` in px, from its state's frame; empty
        /// for a layer that never re-lays out (`Layer.relaidOut`).
        public var box: [String]
        public var transform: String
        public var opacity: String
        public var borderRadius: String
        public var clipPath: String
        public var boxShadow: String
    }

    /// The CSS properties of `Keyframe.box`, in its order.
    static let boxProperties = ["left", "top", "width", "height"]

    public var window: Size
    /// Seconds from the first frame to the last.
    public var duration: Double
    public var layers: [Layer]

    /// Numbers to six decimals, as the JSON answer writes them.
    static let text = DecimalText(decimals: 6, plainLimit: 1e9)

    public init(_ simulation: Simulation, window: Size) {
        self.window = window
        duration = simulation.duration
        let start = simulation.frames.first?.time ?? 0
        let span = simulation.duration
        layers = simulation.layers.enumerated().map { index, layer in
            // By position: the frames list their layers one for one, in order (the JSON answer's check).
            let relaidOut = simulation.frames.contains {
                index < $0.layers.count && $0.layers[index].frame != layer.frame
            }
            let keyframes = simulation.frames.compactMap { frame -> Keyframe? in
                guard index < frame.layers.count else { return nil }
                let state = frame.layers[index]
                let offset = span > 0 ? min(max((frame.time - start) / span, 0), 1) : 0
                return Self.keyframe(state, offset: offset, box: relaidOut)
            }
            return Layer(
                description: layer, color: LayerPaint.css(LayerPaint.fill(layer, index: index)),
                image: layer.image.flatMap(DataImage.init(uri:))?.uri, keyframes: keyframes, relaidOut: relaidOut)
        }
    }

    static func number(_ value: Double) -> String {
        text.string(value.isFinite ? value : 0)
    }

    /// One keyframe of `state`; its `box` only when `box` is set (a layer that re-lays out), so a
    /// layer that never does costs no box strings.
    static func keyframe(_ state: LayerState, offset: Double, box: Bool) -> Keyframe {
        let t = state.transform
        let matrix = [t.a, t.b, t.c, t.d, t.tx, t.ty].map(number).joined(separator: ", ")
        var clip = "none"
        if let mask = state.mask {
            if mask.path == nil {
                // A rounded rect as inset(), which interpolates between keyframes.
                let r = mask.rect
                let insets = [
                    r.minY, state.frame.width - r.maxX, state.frame.height - r.maxY, r.minX,
                ].map { number($0) + "px" }
                clip = "inset(\(insets.joined(separator: " ")) round \(number(mask.cornerRadius))px)"
            } else {
                clip = "path('\(Preview.maskPathData(mask))')"
            }
        }
        var shadow = "none"
        if let s = state.shadow {
            shadow =
                "\(number(s.offset.x))px \(number(s.offset.y))px \(number(s.radius))px rgba(0, 0, 0, \(number(s.opacity)))"
        }
        let f = state.frame
        return Keyframe(
            offset: offset, box: box ? [f.x, f.y, f.width, f.height].map { number($0) + "px" } : [],
            transform: "matrix(\(matrix))", opacity: number(state.opacity),
            borderRadius: number(state.cornerRadius) + "px", clipPath: clip, boxShadow: shadow)
    }
}
