import SegueMath

/// What the Instagram transitions animate, as values interpolated together
/// (seed-transitions.md §1.2): the detail screen's scale and translation, its mask
/// rect and corner radius, the overlay's opacity, and which helper views exist.
struct InstagramState: Sendable, Hashable {
    /// The detail screen's transform (uniform scale plus translation).
    var scale: Double
    var translation: Point
    /// The detail screen's mask in its own coordinates; nil once removed.
    var mask: Rect?
    var maskRadius: Double
    var overlayOpacity: Double
    var placeholderVisible: Bool
    var gridVisible: Bool
    var detailVisible: Bool

    /// The detail screen alone, before a pop has started (or after it was cancelled
    /// and cleaned up): no mask, no overlay, no placeholder, no grid behind it.
    static func detailAlone(_ scene: InstagramScene) -> InstagramState {
        InstagramState(
            scale: 1, translation: .zero, mask: nil, maskRadius: 0, overlayOpacity: 0,
            placeholderVisible: false, gridVisible: false, detailVisible: true)
    }

    /// The detail screen full size, masked to its bounds with the corner radius:
    /// the start of a pop, and where a cancelled pop returns.
    static func fullScreen(_ scene: InstagramScene, radius: Double, overlay: Double) -> InstagramState {
        InstagramState(
            scale: 1, translation: .zero, mask: scene.bounds, maskRadius: radius, overlayOpacity: overlay,
            placeholderVisible: true, gridVisible: true, detailVisible: true)
    }

    /// The detail image laid exactly over the cell with square corners: the start of a
    /// push and the end of a pop.
    static func onCell(_ scene: InstagramScene, legacyAspectFit: Bool) -> InstagramState {
        let transform = scene.cellTransform
        return InstagramState(
            scale: transform.a, translation: Point(x: transform.tx, y: transform.ty),
            mask: scene.cellMask(legacy: legacyAspectFit), maskRadius: 0, overlayOpacity: 0,
            placeholderVisible: true, gridVisible: true, detailVisible: true)
    }

    /// Every animatable value linearly from `self` to `end` at eased progress `e`;
    /// which views exist is `self`'s until the end.
    func interpolated(to end: InstagramState, _ e: Double) -> InstagramState {
        var state = self
        state.scale = scale + (end.scale - scale) * e
        state.translation = Point.interpolate(from: translation, to: end.translation, fraction: e)
        if let from = mask, let to = end.mask {
            state.mask = Rect.interpolate(from: from, to: to, fraction: e)
        }
        state.maskRadius = maskRadius + (end.maskRadius - maskRadius) * e
        state.overlayOpacity = overlayOpacity + (end.overlayOpacity - overlayOpacity) * e
        return state
    }

    /// Every layer's state, bottom to top.
    func layers(_ layers: InstagramLayers) -> [LayerState] {
        let transform = AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: translation.x, ty: translation.y)
        return [
            layers.grid.state(opacity: gridVisible ? 1 : 0),
            layers.placeholder.state(opacity: placeholderVisible ? 1 : 0),
            layers.overlay.state(opacity: overlayOpacity),
            layers.detail.state(
                transform: transform, opacity: detailVisible ? 1 : 0,
                mask: mask.map { MaskState(rect: $0, cornerRadius: maskRadius, cornerCurve: .continuous) }),
        ]
    }
}

/// The Instagram family's layers, each declared once: the list a simulation reports and the
/// layers every frame's states are built from.
struct InstagramLayers {
    let grid: LayerDescription
    let placeholder: LayerDescription
    let overlay: LayerDescription
    let detail: LayerDescription

    init(_ scene: InstagramScene) {
        grid = LayerDescription(id: "grid", role: "the profile grid screen", frame: scene.bounds)
        placeholder = LayerDescription(
            id: "placeholder", role: "a white rect over the selected cell while the transition runs",
            frame: scene.cellFrame, kind: .solid, fill: .white)
        overlay = LayerDescription(
            id: "overlay", role: "black dimming view over the grid", frame: scene.bounds, kind: .solid, fill: .black)
        detail = LayerDescription(
            id: "detail", role: "the detail screen, masked to a continuous-corner rect", frame: scene.bounds)
    }

    /// Bottom to top.
    var all: [LayerDescription] { [grid, placeholder, overlay, detail] }
}
