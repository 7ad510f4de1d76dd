public import SegueMath

/// A transition a client describes as data instead of naming a preset: its layers, the poses
/// they take, and the interaction that moves them from pose to pose (a tap, or a pan with its
/// progress, its release guards and its settle). docs/transitions.md is the user's guide; the
/// field names are those of the wire format.
///
/// A document is compiled onto the drivers the presets share (`TapTransition`,
/// `InteractiveTransition`) by `DocumentPreset`, so it gets the frame grid, the decision and
/// every output a preset gets.
public struct TransitionDocument: Sendable, Hashable {
    /// The window the layers sit in, points.
    public var window: Size
    /// Bottom to top.
    public var layers: [DocumentLayer]
    /// Named states, in order. The first gives every layer's frame; a later pose lists only what
    /// changes from the first.
    public var poses: [Pose]
    public var interaction: Interaction

    public init(window: Size, layers: [DocumentLayer], poses: [Pose], interaction: Interaction) {
        self.window = window
        self.layers = layers
        self.poses = poses
        self.interaction = interaction
    }
}

/// One layer of a document.
public struct DocumentLayer: Sendable, Hashable {
    public var id: String
    public var kind: LayerKind
    /// `#RRGGBB`; nil leaves the colour to the API's palette.
    public var fill: Color?
    /// A `data:` URI of a PNG or JPEG the exports draw in the layer's bounds; nil for none.
    public var image: String?
    /// What the layer is, in a few words, as the answer's layer list says it; nil for the
    /// generic "a layer of the document".
    public var role: String?

    public init(id: String, kind: LayerKind = .content, fill: Color? = nil, image: String? = nil, role: String? = nil) {
        self.id = id
        self.kind = kind
        self.fill = fill
        self.image = image
        self.role = role
    }
}

/// A named state of the layers: for each layer listed, the fields that differ from the first
/// pose (or, in the first pose, from the defaults).
public struct Pose: Sendable, Hashable {
    public var name: String
    public var layers: [String: PoseChange]

    public init(name: String, layers: [String: PoseChange]) {
        self.name = name
        self.layers = layers
    }
}

/// A value a pose may set, leave as it was, or (for a mask or a shadow) remove with `null`.
public enum Removable<Value: Sendable & Hashable>: Sendable, Hashable {
    case removed
    case set(Value)

    /// The value, nil when removed.
    public var value: Value? {
        if case .set(let value) = self { return value }
        return nil
    }
}

/// What one pose says of one layer; nil fields are as in the first pose.
public struct PoseChange: Sendable, Hashable {
    public var frame: Rect?
    public var scale: PoseScale?
    public var translation: Point?
    /// Degrees.
    public var rotation: Double?
    public var opacity: Double?
    public var cornerRadius: Double?
    public var cornerCurve: CornerCurve?
    public var mask: Removable<PoseMask>?
    public var shadow: Removable<PoseShadow>?

    public init(
        frame: Rect? = nil, scale: PoseScale? = nil, translation: Point? = nil, rotation: Double? = nil,
        opacity: Double? = nil, cornerRadius: Double? = nil, cornerCurve: CornerCurve? = nil,
        mask: Removable<PoseMask>? = nil, shadow: Removable<PoseShadow>? = nil
    ) {
        self.frame = frame
        self.scale = scale
        self.translation = translation
        self.rotation = rotation
        self.opacity = opacity
        self.cornerRadius = cornerRadius
        self.cornerCurve = cornerCurve
        self.mask = mask
        self.shadow = shadow
    }
}

/// A scale about the frame's centre: uniform (`x == y`, written as one number) or along each
/// axis (written `{x, y}`), as `CGAffineTransform(scaleX:y:)` takes it.
public struct PoseScale: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public init(_ uniform: Double) {
        self.init(x: uniform, y: uniform)
    }

    public init(floatLiteral value: Double) { self.init(value) }
    public init(integerLiteral value: Int) { self.init(Double(value)) }

    public static let identity = PoseScale(1)

    /// The same on both axes.
    public var isUniform: Bool { x == y }
}

/// A rounded-rect mask in the layer's own coordinates.
public struct PoseMask: Sendable, Hashable {
    public var rect: Rect
    public var cornerRadius: Double
    public var cornerCurve: CornerCurve

    public init(rect: Rect, cornerRadius: Double = 0, cornerCurve: CornerCurve = .continuous) {
        self.rect = rect
        self.cornerRadius = cornerRadius
        self.cornerCurve = cornerCurve
    }
}

/// A drop shadow.
public struct PoseShadow: Sendable, Hashable {
    public var color: Color
    public var opacity: Double
    public var radius: Double
    public var offset: Point

    public init(color: Color = .black, opacity: Double, radius: Double, offset: Point = .zero) {
        self.color = color
        self.opacity = opacity
        self.radius = radius
        self.offset = offset
    }
}

extension TransitionDocument {
    /// The pose named `name`, if any.
    public func pose(named name: String) -> Pose? {
        poses.first { $0.name == name }
    }

    /// Every layer's full state in the pose named `name`, in layer order: the first pose's
    /// fields (defaults where it says nothing), then the named pose's changes. Nil for a name
    /// no pose has, or a layer without a frame in the first pose (`problems` reports both).
    public func resolved(_ name: String) -> [LayerPose]? {
        guard let first = poses.first, let pose = pose(named: name) else { return nil }
        var states: [LayerPose] = []
        states.reserveCapacity(layers.count)
        for layer in layers {
            guard let base = first.layers[layer.id], let frame = base.frame else { return nil }
            var state = LayerPose(frame: frame).applying(base)
            if pose.name != first.name, let change = pose.layers[layer.id] {
                state = state.applying(change)
            }
            states.append(state)
        }
        return states
    }
}
