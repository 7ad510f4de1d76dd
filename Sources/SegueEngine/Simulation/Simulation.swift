public import SegueMath

/// The outcome of a simulation, in engine terms; the API layer writes it as JSON.
public struct Simulation: Sendable {
    public var presetID: String
    /// Frames per second of the frame grid.
    public var frameRate: Double
    /// Seconds from the first frame to the last.
    public var duration: Double
    /// The layers, bottom to top; every frame lists their states in this order.
    public var layers: [LayerDescription]
    /// The release decision; nil for tap-started presets.
    public var decision: Decision?
    public var events: [SimulationEvent]
    public var frames: [SimulationFrame]
    /// Whether the gesture had not ended yet: the frames then stop at its latest sample, all of
    /// them `interactive`, and there is no decision (`Preset.run` on an open gesture).
    public var isOpen = false

    public init(
        presetID: String, frameRate: Double, duration: Double, layers: [LayerDescription], decision: Decision?,
        events: [SimulationEvent], frames: [SimulationFrame]
    ) {
        self.presetID = presetID
        self.frameRate = frameRate
        self.duration = duration
        self.layers = layers
        self.decision = decision
        self.events = events
        self.frames = frames
    }
}

/// A layer taking part in the transition.
///
/// A family declares each of its layers once, as one of these, and builds every frame's state of
/// the layer from it (`state(...)`), so a state always carries its layer's id.
public struct LayerDescription: Sendable, Hashable {
    public var id: String
    /// What the layer is, in a few words ("the detail screen, masked").
    public var role: String
    /// Its untransformed frame in window points, where layout puts it at the start; a frame's
    /// state may lay it out elsewhere (`LayerState.frame`).
    public var frame: Rect
    /// What the layer shows: a solid colour, an image, or other content (a screen, a list).
    public var kind: LayerKind
    /// Its colour where the source gives one (the black dimming view, the white placeholder);
    /// nil where it does not, and the API then paints it from a documented palette.
    public var fill: Color?
    /// A `data:` URI of a PNG or JPEG that the exports and previews draw over the fill, stretched
    /// to the layer's bounds; nil for none. Only a transition document gives one (its layer's
    /// `image`, docs/transitions.md): no preset does, so their outputs do not change.
    public var image: String?

    public init(
        id: String, role: String, frame: Rect, kind: LayerKind = .content, fill: Color? = nil, image: String? = nil
    ) {
        self.id = id
        self.role = role
        self.frame = frame
        self.kind = kind
        self.fill = fill
        self.image = image
    }

    /// This layer's state at one moment, laid out at `frame` (its own frame when nil).
    public func state(
        frame: Rect? = nil, transform: AffineTransform = .identity, opacity: Double = 1, cornerRadius: Double = 0,
        mask: MaskState? = nil, shadow: ShadowState? = nil
    ) -> LayerState {
        LayerState(
            id: id, frame: frame ?? self.frame, transform: transform, opacity: opacity, cornerRadius: cornerRadius,
            mask: mask, shadow: shadow)
    }
}

/// What a layer shows, for previews and exports to draw it as what it is.
public enum LayerKind: String, Sendable, Hashable, CaseIterable {
    /// A view filled with one colour (a dimming view, a placeholder, a backdrop).
    case solid
    /// An image or a snapshot of one.
    case image
    /// Other content: a screen, a list, a card with text.
    case content
}

/// A colour with alpha, 8 bits a channel as the sources write them (`#1DA1F2`, RGB(82, 77, 153)).
public struct Color: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    /// 0…1.
    public var alpha: Double

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `0xRRGGBB`.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: UInt8(hex >> 16 & 0xFF), green: UInt8(hex >> 8 & 0xFF), blue: UInt8(hex & 0xFF), alpha: alpha)
    }

    public static let black = Color(hex: 0x000000)
    public static let white = Color(hex: 0xFFFFFF)

    /// `#rrggbb`, without the alpha.
    public var hexRGB: String {
        "#" + Self.hexDigits(red) + Self.hexDigits(green) + Self.hexDigits(blue)
    }

    /// A byte's two lowercase hex digits.
    public static func hexDigits(_ byte: UInt8) -> String {
        let digits: StaticString = "0123456789abcdef"
        return String(decoding: [digits.utf8Start[Int(byte >> 4)], digits.utf8Start[Int(byte & 0xF)]], as: UTF8.self)
    }
}

/// A mask on a layer: a rounded rect in the layer's own coordinates, or a shape
/// that is not a rectangle (`path`, with `rect` its bounding box).
public struct MaskState: Sendable, Hashable {
    public var rect: Rect
    public var cornerRadius: Double
    public var cornerCurve: CornerCurve
    /// SVG path data in the layer's own coordinates, for masks that are not rounded
    /// rects (the Twitter splash's bird); nil for a rounded rect.
    public var path: String?

    public init(rect: Rect, cornerRadius: Double, cornerCurve: CornerCurve, path: String? = nil) {
        self.rect = rect
        self.cornerRadius = cornerRadius
        self.cornerCurve = cornerCurve
        self.path = path
    }
}

/// A drop shadow, as a layer's shadow properties.
public struct ShadowState: Sendable, Hashable {
    public var opacity: Double
    /// Blur radius, points.
    public var radius: Double
    /// Offset, points.
    public var offset: Point

    public init(opacity: Double, radius: Double, offset: Point) {
        self.opacity = opacity
        self.radius = radius
        self.offset = offset
    }
}

/// What one layer shows at one moment.
public struct LayerState: Sendable, Hashable {
    /// The layer's id, as in `Simulation.layers`.
    public var id: String
    /// Its layout frame in window points: its description's, unless layout moves or resizes it (a
    /// card whose height constraint changes between stages). A change of size here is a new
    /// layout, as a UIKit view's `frame` after its constraints change: the layer's content, text
    /// and corner radius keep their shape; only `transform` scales them.
    public var frame: Rect
    /// Applied about the anchor point (the frame's centre), as UIKit's `transform`.
    public var transform: AffineTransform
    /// Where the layer appears: its frame under the transform.
    public var presentationFrame: Rect
    public var opacity: Double
    public var cornerRadius: Double
    public var mask: MaskState?
    public var shadow: ShadowState?

    /// A state whose presentation frame is derived from `frame` and `transform`.
    /// Opacity is clamped to [0, 1] and radii to at least 0, as Core Animation
    /// renders them: a spring that overshoots its model values cannot show more.
    public init(
        id: String, frame: Rect, transform: AffineTransform = .identity, opacity: Double = 1, cornerRadius: Double = 0,
        mask: MaskState? = nil, shadow: ShadowState? = nil
    ) {
        self.id = id
        self.frame = frame
        self.transform = transform
        self.presentationFrame = frame.presentationFrame(applying: transform)
        self.opacity = Self.shown(opacity: opacity)
        self.cornerRadius = Self.shown(radius: cornerRadius)
        self.mask = mask.map {
            MaskState(
                rect: $0.rect, cornerRadius: Self.shown(radius: $0.cornerRadius), cornerCurve: $0.cornerCurve,
                path: $0.path)
        }
        self.shadow = shadow
    }
}

/// Where a frame sits in the transition.
public enum FramePhase: String, Sendable, Hashable {
    /// The finger drives the layers.
    case interactive
    /// An animation runs (after a release or a tap).
    case animating
    /// The final state.
    case settled
}

/// One frame: the time, the phase, the transition's progress and every layer's state.
public struct SimulationFrame: Sendable, Hashable {
    public var time: Double
    public var phase: FramePhase
    /// 0 at the start state, 1 at the finished state.
    public var progress: Double
    /// In the order of `Simulation.layers`, each with its layer's id.
    public var layers: [LayerState]
    /// What a frame shows beyond layer geometry, in order (the Path tooltip's post
    /// index and time label); empty for most presets.
    public var annotations: [FrameAnnotation]

    public init(
        time: Double, phase: FramePhase, progress: Double, layers: [LayerState], annotations: [FrameAnnotation] = []
    ) {
        self.time = time
        self.phase = phase
        self.progress = progress
        self.layers = layers
        self.annotations = annotations
    }

    /// The state of the layer with this id, if the frame has one.
    public subscript(layer id: String) -> LayerState? {
        layers.first { $0.id == id }
    }
}

/// A named value a frame carries beside its layers.
public struct FrameAnnotation: Sendable, Hashable {
    public enum Value: Sendable, Hashable {
        case number(Double)
        case text(String)
    }

    public var name: String
    public var value: Value

    public init(name: String, value: Value) {
        self.name = name
        self.value = value
    }
}

/// What the transition decided on release, and the numbers it read.
public struct Decision: Sendable, Hashable {
    public enum Outcome: String, Sendable, Hashable {
        case finish, cancel
    }

    public var outcome: Outcome
    /// Seconds, on the request's clock: the `ended` (or `cancelled`) sample's time.
    public var time: Double
    /// The rule that decided: an identifier from the preset's `decisionRules`, or
    /// `gestureCancelled` (the gesture ended cancelled) or `gate` (the pan never
    /// started the transition).
    public var rule: String
    /// Translation from touch-down, points.
    public var translation: Point
    /// Release velocity, points per second.
    public var velocity: Point
    /// The progress the frames show at `time`: where the settle starts.
    public var progress: Double
    /// A progress the rule compared with its threshold that the frames do not show (an unclamped
    /// ratio such as the App Store dismiss's travel / 100 pt), under its own name so that
    /// `progress` always means what the screen showed; nil where the rule read `progress` or none.
    public var ruleProgress: Double?
    /// One sentence a person reads: what was measured and why that outcome.
    public var explanation: String
    /// Which of several gesture sources drove the transition (the App Store card's
    /// `dragDown` or `edge`); nil where a preset has one source.
    public var source: String?
    /// The scroll offset, points, that gated the gesture; nil where none did.
    public var scrollOffset: Double?

    public init(
        outcome: Outcome, time: Double, rule: String, translation: Point, velocity: Point, progress: Double,
        ruleProgress: Double? = nil, explanation: String, source: String? = nil, scrollOffset: Double? = nil
    ) {
        self.outcome = outcome
        self.time = time
        self.rule = rule
        self.translation = translation
        self.velocity = velocity
        self.progress = progress
        self.ruleProgress = ruleProgress
        self.explanation = explanation
        self.source = source
        self.scrollOffset = scrollOffset
    }
}

/// A moment in the transition's life.
public struct SimulationEvent: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case began, released, finished, cancelled
    }

    public var time: Double
    public var type: Kind

    public init(time: Double, type: Kind) {
        self.time = time
        self.type = type
    }
}

/// One release rule a preset offers.
public struct DecisionRule: Sendable, Hashable {
    public var id: String
    public var summary: String
    public var source: String

    public init(id: String, summary: String, source: String) {
        self.id = id
        self.summary = summary
        self.source = source
    }
}
