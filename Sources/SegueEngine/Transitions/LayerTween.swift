import SegueMath

/// One layer's way from one pose to another, worked out once so that a frame pays only for what
/// moves: which fields the two poses differ in, the pose every shared field shows, and, for a
/// layer that does not move at all, its state drawn once. `pose(at:)` is
/// `LayerPose.interpolate(from:to:fraction:)` to the last bit; a transition's layers mostly
/// hold still or change two or three fields, and interpolating every field of every layer on
/// every frame was most of what a document cost over the code it replaced. A class, so that a
/// frame reads it where it lies instead of copying a value this large for every layer.
final class LayerTween: Sendable {
    /// The fields that differ between the two poses, each interpolated on its own.
    struct Changes: OptionSet, Sendable {
        let rawValue: UInt16

        static let frame = Changes(rawValue: 1 << 0)
        static let scale = Changes(rawValue: 1 << 1)
        static let translation = Changes(rawValue: 1 << 2)
        static let rotation = Changes(rawValue: 1 << 3)
        static let opacity = Changes(rawValue: 1 << 4)
        static let cornerRadius = Changes(rawValue: 1 << 5)
        static let maskRect = Changes(rawValue: 1 << 6)
        static let maskRadius = Changes(rawValue: 1 << 7)
        static let shadowOpacity = Changes(rawValue: 1 << 8)
        static let shadowRadius = Changes(rawValue: 1 << 9)
        static let shadowOffset = Changes(rawValue: 1 << 10)
    }

    /// The layer's id, as its states carry it.
    let id: String
    let from: LayerPose
    let to: LayerPose
    /// The pose at any fraction but 0, but for the fields in `changes`: interpolation at 1 gives
    /// each field the two poses share as every other fraction does (the corner curve, the mask's
    /// and the shadow's colour and curve already the end's).
    let shared: LayerPose
    let changes: Changes
    /// The masks and shadows interpolated between (a missing one stood in for as `interpolate`
    /// does); read only for the fields in `changes`.
    let fromMask: PoseMask
    let toMask: PoseMask
    let fromShadow: PoseShadow
    let toShadow: PoseShadow
    /// The layer drawn at `shared` when no field of its mask or shadow changes: its id, mask and
    /// shadow as every fraction but 0 shows them, so that a frame places it anew
    /// (`LayerState.placed`) rather than building a state; nil when one does.
    let template: LayerState?
    /// The layer drawn at every fraction but 0 when nothing changes and no follow offset moves it;
    /// nil when something does, or when a translation of −0 would come out +0 once an offset of
    /// ±0 is added to it.
    let still: LayerState?

    init(id: String, from: LayerPose, to: LayerPose) {
        self.id = id
        self.from = from
        self.to = to
        shared = LayerPose.interpolate(from: from, to: to, fraction: 1)
        var changes: Changes = []
        if from.frame != to.frame { changes.insert(.frame) }
        if from.scale != to.scale { changes.insert(.scale) }
        if from.translation != to.translation { changes.insert(.translation) }
        if !Self.holds(from.rotation, to.rotation) { changes.insert(.rotation) }
        if !Self.holds(from.opacity, to.opacity) { changes.insert(.opacity) }
        if !Self.holds(from.cornerRadius, to.cornerRadius) { changes.insert(.cornerRadius) }
        fromMask = from.effectiveMask
        toMask = to.effectiveMask
        if from.mask != nil || to.mask != nil {
            if fromMask.rect != toMask.rect { changes.insert(.maskRect) }
            if !Self.holds(fromMask.cornerRadius, toMask.cornerRadius) { changes.insert(.maskRadius) }
        }
        let shape = to.shadow ?? from.shadow ?? PoseShadow(opacity: 0, radius: 0)
        let clear = PoseShadow(color: shape.color, opacity: 0, radius: shape.radius, offset: shape.offset)
        fromShadow = from.shadow ?? clear
        toShadow = to.shadow ?? clear
        if from.shadow != nil || to.shadow != nil {
            if !Self.holds(fromShadow.opacity, toShadow.opacity) { changes.insert(.shadowOpacity) }
            if !Self.holds(fromShadow.radius, toShadow.radius) { changes.insert(.shadowRadius) }
            if fromShadow.offset != toShadow.offset { changes.insert(.shadowOffset) }
        }
        self.changes = changes
        let masking: Changes = [.maskRect, .maskRadius, .shadowOpacity, .shadowRadius, .shadowOffset]
        template = changes.isDisjoint(with: masking) ? shared.state(id: id) : nil
        let signed = Self.isNegativeZero(shared.translation.x) || Self.isNegativeZero(shared.translation.y)
        still = changes.isEmpty && !signed ? template : nil
    }

    /// Whether `a + (b − a)·f` is `a` itself at every finite f, so that a field the two poses give
    /// as `a` and `b` need not be interpolated: equal, finite, and not −0 (which +0 would replace).
    static func holds(_ a: Double, _ b: Double) -> Bool {
        a == b && a.isFinite && !isNegativeZero(a)
    }

    static func isNegativeZero(_ x: Double) -> Bool { x == 0 && x.sign == .minus }

    /// The pose `fraction` of the way: `LayerPose.interpolate(from:to:fraction:)`, with only the
    /// fields in `changes` computed.
    func pose(at fraction: Double) -> LayerPose {
        if fraction == 0 { return from }
        var pose = shared
        if changes.isEmpty { return pose }
        let f = fraction
        if changes.contains(.frame) { pose.frame = frame(at: f) }
        if changes.contains(.scale) { pose.scale = scale(at: f) }
        if changes.contains(.translation) { pose.translation = translation(at: f) }
        if changes.contains(.rotation) { pose.rotation = rotation(at: f) }
        if changes.contains(.opacity) { pose.opacity = opacity(at: f) }
        if changes.contains(.cornerRadius) { pose.cornerRadius = cornerRadius(at: f) }
        if changes.contains(.maskRect) {
            pose.mask?.rect = Rect.interpolate(from: fromMask.rect, to: toMask.rect, fraction: f)
        }
        if changes.contains(.maskRadius) {
            pose.mask?.cornerRadius = lerp(fromMask.cornerRadius, toMask.cornerRadius, f)
        }
        if changes.contains(.shadowOpacity) { pose.shadow?.opacity = lerp(fromShadow.opacity, toShadow.opacity, f) }
        if changes.contains(.shadowRadius) { pose.shadow?.radius = lerp(fromShadow.radius, toShadow.radius, f) }
        if changes.contains(.shadowOffset) {
            pose.shadow?.offset = Point.interpolate(from: fromShadow.offset, to: toShadow.offset, fraction: f)
        }
        return pose
    }

    // Each field `fraction` (not 0) of the way, as `pose(at:)` gives it.
    func frame(at f: Double) -> Rect {
        changes.contains(.frame) ? Rect.interpolate(from: from.frame, to: to.frame, fraction: f) : shared.frame
    }
    func scale(at f: Double) -> PoseScale {
        changes.contains(.scale)
            ? PoseScale(x: lerp(from.scale.x, to.scale.x, f), y: lerp(from.scale.y, to.scale.y, f)) : shared.scale
    }
    func translation(at f: Double) -> Point {
        changes.contains(.translation)
            ? Point.interpolate(from: from.translation, to: to.translation, fraction: f) : shared.translation
    }
    func rotation(at f: Double) -> Double {
        changes.contains(.rotation) ? lerp(from.rotation, to.rotation, f) : shared.rotation
    }
    func opacity(at f: Double) -> Double {
        changes.contains(.opacity) ? lerp(from.opacity, to.opacity, f) : shared.opacity
    }
    func cornerRadius(at f: Double) -> Double {
        changes.contains(.cornerRadius) ? lerp(from.cornerRadius, to.cornerRadius, f) : shared.cornerRadius
    }

    /// `property` of the pose `fraction` of the way, written into `pose`: what
    /// `property.copy(from: pose(at: fraction), into: &pose)` does, without interpolating the
    /// fields `property` is not (a tracked tap's layer takes a field or two from each track).
    func write(_ property: TrackProperty, at fraction: Double, into pose: inout LayerPose) {
        if fraction == 0 { return property.copy(from: from, into: &pose) }
        let f = fraction
        switch property {
        case .frame: pose.frame = frame(at: f)
        case .frameX: pose.frame.origin.x = frame(at: f).origin.x
        case .frameY: pose.frame.origin.y = frame(at: f).origin.y
        case .frameWidth: pose.frame.size.width = frame(at: f).size.width
        case .frameHeight: pose.frame.size.height = frame(at: f).size.height
        case .scale: pose.scale = scale(at: f)
        case .translation: pose.translation = translation(at: f)
        case .rotation: pose.rotation = rotation(at: f)
        case .opacity: pose.opacity = opacity(at: f)
        case .cornerRadius: pose.cornerRadius = cornerRadius(at: f)
        case .mask, .shadow: property.copy(from: self.pose(at: f), into: &pose)
        }
    }

    /// The layer `fraction` of the way, drawn and moved by `offset`: `still` when it holds.
    func state(at fraction: Double, offset: Point = .zero) -> LayerState {
        if fraction != 0, changes.isEmpty, offset == .zero, let still { return still }
        return draw(pose(at: fraction), at: fraction, offset: offset)
    }

    /// `pose`, this tween's at `fraction`, drawn and moved by `offset`: `template` placed where
    /// it holds (at every fraction but 0), as `LayerPose.state(id:offset:)` draws it.
    func draw(_ pose: LayerPose, at fraction: Double, offset: Point) -> LayerState {
        guard fraction != 0, let template else { return pose.state(id: id, offset: offset) }
        return template.placed(
            frame: pose.frame, transform: pose.transform(offset: offset), opacity: pose.opacity,
            cornerRadius: pose.cornerRadius)
    }
}
