public import SegueEngine
public import SegueMath

/// What the SVG previews draw: a simulation, the gesture that drove it, and the
/// choices they share (the window, the frames shown, the main layer, the finger).
public struct Preview: Sendable {
    public var simulation: Simulation
    /// The request's gesture; nil for a tap-started preset.
    public var gesture: GestureTrack?

    /// Frames shown evenly spaced in the filmstrip, besides the release frame.
    public static let evenlySpacedFrameCount = 8

    /// The window, in points, at the origin: the canvas of every picture and export.
    public var window: Rect
    /// Each layer's image (`LayerDescription.image`), decoded once for the whole document: it is
    /// written once, as a symbol (Preview+Image.swift), however many frames draw it.
    let images: [DataImage?]

    /// - Parameter window: the scene's window (`Preset.window(of:)`). Nil only for a scene without
    ///   one (none of the built-in presets'), drawn in the smallest rect holding the origin and
    ///   every layer's frame. The layers cannot stand in for the window: the modal card, inset
    ///   12 pt from the edges, would make it 378 × 798, a card beside the screen (the Paper
    ///   presets' next card) would widen it, and the Twitter swipe's rows leave most of it empty.
    public init(simulation: Simulation, gesture: GestureTrack?, window: Size?) {
        self.simulation = simulation
        self.gesture = gesture
        self.window = Rect(origin: Point(x: 0, y: 0), size: window ?? Self.extent(of: simulation.layers))
        images = simulation.layers.map { $0.image.flatMap(DataImage.init(uri:)) }
    }

    /// The smallest size, from the origin, holding every layer's untransformed frame (at least 1 × 1).
    static func extent(of layers: [LayerDescription]) -> Size {
        var maxX = 1.0
        var maxY = 1.0
        for layer in layers {
            maxX = max(maxX, layer.frame.x + layer.frame.width)
            maxY = max(maxY, layer.frame.y + layer.frame.height)
        }
        return Size(width: maxX, height: maxY)
    }

    /// The index of the release frame: the first frame at or after the decision's
    /// time, within a microsecond (the wire's rounding, so a client reading the JSON
    /// finds the same frame); nil without a decision.
    public var releaseFrameIndex: Int? {
        guard let decision = simulation.decision, !simulation.frames.isEmpty else { return nil }
        return simulation.frames.firstIndex { $0.time >= decision.time - 1e-6 } ?? simulation.frames.count - 1
    }

    /// The frames the filmstrip shows, in time order: `evenlySpacedFrameCount` frames
    /// evenly spaced by index from the first to the last (index `round(i·(n−1)/7)`),
    /// plus the release frame; a frame chosen twice is shown once.
    public var filmstripFrameIndices: [Int] {
        let count = simulation.frames.count
        guard count > 0 else { return [] }
        let spans = Double(Self.evenlySpacedFrameCount - 1)
        var indices = (0..<Self.evenlySpacedFrameCount).map {
            Int((Double($0) * Double(count - 1) / spans).rounded())
        }
        if let release = releaseFrameIndex { indices.append(release) }
        return Array(Set(indices)).sorted()
    }

    /// The main layer, whose scale is plotted: the layer whose transform's linear part
    /// (a, b, c, d) moves furthest from its first frame's, summing the absolute
    /// differences over the frames; the first such layer on a tie, nil with no layers.
    public var mainLayerIndex: Int? {
        guard let first = simulation.frames.first, !simulation.layers.isEmpty else { return nil }
        var best = 0
        var bestChange = -1.0
        for index in simulation.layers.indices {
            let start = first.layers[index].transform
            var change = 0.0
            for frame in simulation.frames {
                let t = frame.layers[index].transform
                change += abs(t.a - start.a) + abs(t.b - start.b) + abs(t.c - start.c) + abs(t.d - start.d)
            }
            if change > bestChange {
                best = index
                bestChange = change
            }
        }
        return best
    }

    /// A layer's scale: the square root of its transform's |determinant| (unitless).
    static func scale(of transform: AffineTransform) -> Double {
        abs(transform.determinant).squareRoot()
    }

    /// Where the finger is at `time`, in window points: the latest gesture sample at
    /// or before `time`, when the frame is interactive; nil otherwise.
    func finger(for frame: SimulationFrame) -> Point? {
        guard frame.phase == .interactive, let gesture else { return nil }
        return gesture.samples.last { $0.time <= frame.time + 1e-9 }?.location
    }
}
