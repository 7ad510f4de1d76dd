public import SegueMath

/// A layer's full state in a document: every field of a pose resolved. The one interpolation
/// of a document's layers (`interpolate`) and the one way a state is drawn (`state`), used by
/// taps, scrubs and settles alike.
public struct LayerPose: Sendable, Hashable {
    /// Layout frame, window points.
    public var frame: Rect
    /// Scale about the frame's centre.
    public var scale = PoseScale.identity
    /// Added after the scale and the rotation, points.
    public var translation = Point.zero
    /// Degrees, about the centre.
    public var rotation = 0.0
    public var opacity = 1.0
    public var cornerRadius = 0.0
    public var cornerCurve = CornerCurve.continuous
    public var mask: PoseMask?
    public var shadow: PoseShadow?

    public init(frame: Rect) {
        self.frame = frame
    }

    /// This state with a pose's changes applied.
    func applying(_ change: PoseChange) -> LayerPose {
        var state = self
        if let frame = change.frame { state.frame = frame }
        if let scale = change.scale { state.scale = scale }
        if let translation = change.translation { state.translation = translation }
        if let rotation = change.rotation { state.rotation = rotation }
        if let opacity = change.opacity { state.opacity = opacity }
        if let radius = change.cornerRadius { state.cornerRadius = radius }
        if let curve = change.cornerCurve { state.cornerCurve = curve }
        if let mask = change.mask { state.mask = mask.value }
        if let shadow = change.shadow { state.shadow = shadow.value }
        return state
    }

    /// The mask as drawn: a null mask is the layer's own bounds with its corner radius.
    var effectiveMask: PoseMask {
        mask
            ?? PoseMask(
                rect: Rect(x: 0, y: 0, width: frame.width, height: frame.height), cornerRadius: cornerRadius,
                cornerCurve: cornerCurve)
    }

    /// The state `fraction` of the way from `start` to `end`: every number linearly (a fraction
    /// outside 0…1 extrapolates, as springs overshoot), and a number the two share exactly as it is. A colour or a corner curve cannot be
    /// halfway: it is the start's at fraction 0 and the end's once the change has begun, as Core
    /// Animation applies a property it does not animate at the start of the transaction. A mask
    /// (or shadow) on one side only is interpolated against the bounds (or a transparent copy of
    /// the other side's shadow), and stays null only when both are.
    public static func interpolate(from start: LayerPose, to end: LayerPose, fraction f: Double) -> LayerPose {
        if f == 0 { return start }
        var state = LayerPose(
            frame: start.frame == end.frame
                ? start.frame : Rect.interpolate(from: start.frame, to: end.frame, fraction: f))
        state.scale =
            start.scale == end.scale
            ? start.scale : PoseScale(x: lerp(start.scale.x, end.scale.x, f), y: lerp(start.scale.y, end.scale.y, f))
        state.translation =
            start.translation == end.translation
            ? start.translation : Point.interpolate(from: start.translation, to: end.translation, fraction: f)
        state.rotation = lerp(start.rotation, end.rotation, f)
        state.opacity = lerp(start.opacity, end.opacity, f)
        state.cornerRadius = lerp(start.cornerRadius, end.cornerRadius, f)
        state.cornerCurve = end.cornerCurve
        if start.mask != nil || end.mask != nil {
            let from = start.effectiveMask
            let to = end.effectiveMask
            state.mask = PoseMask(
                rect: from.rect == to.rect ? from.rect : Rect.interpolate(from: from.rect, to: to.rect, fraction: f),
                cornerRadius: lerp(from.cornerRadius, to.cornerRadius, f), cornerCurve: to.cornerCurve)
        }
        if let shape = end.shadow ?? start.shadow {
            let from =
                start.shadow ?? PoseShadow(color: shape.color, opacity: 0, radius: shape.radius, offset: shape.offset)
            let to =
                end.shadow ?? PoseShadow(color: shape.color, opacity: 0, radius: shape.radius, offset: shape.offset)
            state.shadow = PoseShadow(
                color: to.color, opacity: lerp(from.opacity, to.opacity, f), radius: lerp(from.radius, to.radius, f),
                offset: from.offset == to.offset
                    ? from.offset : Point.interpolate(from: from.offset, to: to.offset, fraction: f))
        }
        return state
    }

    /// The transform about the frame's centre: scaled, rotated, then moved by the translation plus
    /// `offset` (a follow offset), as UIKit's `CGAffineTransform(translationX:y:).rotated(by:)
    /// .scaledBy(x:y:)`.
    func transform(offset: Point) -> AffineTransform {
        let moved = AffineTransform(translationX: translation.x + offset.x, y: translation.y + offset.y)
        // Unrotated, the matrix is exactly [sx 0 0 sy tx ty], as a preset that builds it directly has it.
        return (rotation == 0 ? moved : moved.rotated(by: rotation * .pi / 180)).scaledBy(x: scale.x, y: scale.y)
    }

    /// What the frames show of this state, for the layer `layer`, moved by `offset`.
    func state(of layer: LayerDescription, offset: Point = .zero) -> LayerState {
        state(id: layer.id, offset: offset)
    }

    /// What the frames show of this state, for the layer with id `id`, moved by `offset`: the
    /// state built straight from its fields (as `LayerDescription.state` builds it from a frame it
    /// is given), the layer's description not copied on every frame.
    func state(id: String, offset: Point = .zero) -> LayerState {
        LayerState(
            id: id, frame: frame, transform: transform(offset: offset), opacity: opacity, cornerRadius: cornerRadius,
            mask: mask.map { MaskState(rect: $0.rect, cornerRadius: $0.cornerRadius, cornerCurve: $0.cornerCurve) },
            shadow: shadow.map { ShadowState(opacity: $0.opacity, radius: $0.radius, offset: $0.offset) })
    }
}

/// a + (b − a)·f: a itself at f = 0 and when a = b (a layer that does not change must not seem
/// to), as UIKit-era code writes a property's animation (`from + (to - from) * progress`). Frames,
/// points and mask rects go as SegueMath's `Rect.interpolate` and `Point.interpolate` do, so a
/// preset written as a document draws its frames as its code did, to the last bit.
@inline(__always) func lerp(_ a: Double, _ b: Double, _ f: Double) -> Double {
    a + (b - a) * f
}
