import SegueMath

/// Scene H (seed-transitions.md §15.9): the [untitled] album grid's selected cell and the
/// detail screen's album art, in a 390 × 844 window.
struct YUIUntitledScene: Sendable {
    /// The window, points; the grid and detail screens fill it.
    var window: Size
    /// The selected cell's album art, window points (`Fc`).
    var cellFrame: Rect
    /// The detail screen's album art, window points (`Fd`).
    var detailArtFrame: Rect

    /// The scene's fields, as clients set them.
    enum Keys {
        static let window = ParameterKey.size(
            "window", default: Size(width: 390, height: 844),
            summary: "The window; the grid and detail screens fill it.",
            source: "Segue's default scene: an iPhone window (390 × 844)")
        static let cellFrame = ParameterKey.rect(
            "cellFrame", default: Rect(x: 32, y: 306, width: 147, height: 147),
            summary: "The selected cell's album art (Fc), window points: item 2 of 2 columns of 147 pt.",
            source:
                "YUI (yihui-hu/YUI) [untitled] grid: insets 32, spacing 32 × 40, top 72 + safe top; Segue's default scene"
        )
        static let detailArtFrame = ParameterKey.rect(
            "detailArtFrame", default: Rect(x: 20, y: 125, width: 350, height: 350),
            summary: "The detail screen's square album art (Fd), window points.",
            source:
                "YUI (yihui-hu/YUI) [untitled] detail: x = 20, width W − 40, y = safeTop + 78; Segue's default scene")
    }
    static let fields = [ParameterSpec](Keys.window, Keys.cellFrame, Keys.detailArtFrame)

    init(_ values: ParameterValues) {
        window = values[Keys.window]
        cellFrame = values[Keys.cellFrame]
        detailArtFrame = values[Keys.detailArtFrame]
    }

    var bounds: Rect { Rect(origin: .zero, size: window) }

    /// The grid's placeholder: the cell enlarged by 2 pt in width and height to hide seams,
    /// about its centre [inferred: the seed does not say which way it grows].
    var gridPlaceholder: Rect {
        Rect(x: cellFrame.minX - 1, y: cellFrame.minY - 1, width: cellFrame.width + 2, height: cellFrame.height + 2)
    }
}

/// Seed 004's [untitled] snapshot radii (S6 `AlbumCell`, `[untitled]DetailView`).
enum YUIUntitledConstants {
    /// The grid snapshot's radius, points (seed 004 AlbumCell: 16, continuous).
    static let gridRadius = 16.0
    /// The detail snapshot's radius, points (seed 004 detail snapshot: 40; the art itself is 39).
    static let detailRadius = 40.0
}

/// Which way the slide-over runs.
enum YUIUntitledDirection: Sendable {
    case push, pop
}

/// The slide-over's layers, each declared once, bottom to top: the #191919 backdrop, the grid
/// (with its placeholder over the cell), the detail (with its placeholder over the art), and the
/// shared snapshot; every frame's states are built from them.
struct YUIUntitledLayers {
    let scene: YUIUntitledScene
    let direction: YUIUntitledDirection
    let backdrop: LayerDescription
    let grid: LayerDescription
    let gridPlaceholder: LayerDescription
    let detail: LayerDescription
    let detailPlaceholder: LayerDescription
    let snapshot: LayerDescription

    init(_ scene: YUIUntitledScene, _ direction: YUIUntitledDirection) {
        self.scene = scene
        self.direction = direction
        backdrop = LayerDescription(
            id: "backdrop", role: "the #191919 backdrop behind both screens", frame: scene.bounds, kind: .solid,
            fill: Color(hex: 0x191919))
        grid = LayerDescription(id: "grid", role: "the album grid screen", frame: scene.bounds)
        gridPlaceholder = LayerDescription(
            id: "gridPlaceholder", role: "a #191919 placeholder hiding the cell's art (in the grid)",
            frame: scene.gridPlaceholder, kind: .solid, fill: Color(hex: 0x191919))
        detail = LayerDescription(id: "detail", role: "the album detail screen", frame: scene.bounds)
        detailPlaceholder = LayerDescription(
            id: "detailPlaceholder", role: "a #191919 placeholder hiding the detail art (in the detail)",
            frame: scene.detailArtFrame, kind: .solid, fill: Color(hex: 0x191919))
        snapshot = LayerDescription(
            id: "snapshot",
            role: direction == .push
                ? "a copy of the cell's art, radius 16, scaled onto the detail art"
                : "a copy of the detail art, radius 40, scaled onto the cell",
            frame: direction == .push ? scene.cellFrame : scene.detailArtFrame, kind: .image)
    }

    /// Bottom to top.
    var all: [LayerDescription] { [backdrop, grid, gridPlaceholder, detail, detailPlaceholder, snapshot] }

    private static func lerp(_ a: Double, _ b: Double, _ f: Double) -> Double { (1 - f) * a + f * b }

    private static func lerp(_ a: AffineTransform, _ b: AffineTransform, _ f: Double) -> AffineTransform {
        AffineTransform(
            a: lerp(a.a, b.a, f), b: lerp(a.b, b.b, f), c: lerp(a.c, b.c, f), d: lerp(a.d, b.d, f),
            tx: lerp(a.tx, b.tx, f), ty: lerp(a.ty, b.ty, f))
    }

    /// The layers mid-animation at eased progress `e`: 0 at the start, 1 at the end; springs may
    /// overshoot (seed-transitions.md §11.1, §11.2).
    func animating(_ e: Double) -> [LayerState] {
        let width = scene.window.width
        let push = direction == .push
        let gridShift = push ? Self.lerp(0, -width, e) : Self.lerp(-width, 0, e)
        let gridOpacity = push ? 1 - e : e
        let detailShift = push ? Self.lerp(width, 0, e) : Self.lerp(0, width, e)
        let snapshotTarget = AffineTransform.transform(
            originalFrame: snapshot.frame, toTargetFrame: push ? scene.detailArtFrame : scene.cellFrame)
        let gridMove = AffineTransform(translationX: gridShift, y: 0)
        let detailMove = AffineTransform(translationX: detailShift, y: 0)
        return [
            backdrop.state(),
            grid.state(transform: gridMove, opacity: gridOpacity),
            gridPlaceholder.state(transform: gridMove, opacity: gridOpacity),
            detail.state(transform: detailMove),
            detailPlaceholder.state(transform: detailMove),
            snapshot.state(
                transform: Self.lerp(.identity, snapshotTarget, e),
                cornerRadius: push ? YUIUntitledConstants.gridRadius : YUIUntitledConstants.detailRadius),
        ]
    }
}
