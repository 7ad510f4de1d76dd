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

    static let fields: [ParameterSpec] = [
        ParameterSpec(
            name: "window", kind: .size, defaultValue: .size(Size(width: 390, height: 844)),
            summary: "The window; the grid and detail screens fill it.",
            source: "seed-transitions.md §15 common device (390 × 844)"),
        ParameterSpec(
            name: "cellFrame", kind: .rect, defaultValue: .rect(Rect(x: 32, y: 306, width: 147, height: 147)),
            summary: "The selected cell's album art (Fc), window points: item 2 of 2 columns of 147 pt.",
            source: "seed 004 [untitled] grid: insets 32, spacing 32 × 40, top 72 + safe top; seed-transitions.md §15.9"
        ),
        ParameterSpec(
            name: "detailArtFrame", kind: .rect, defaultValue: .rect(Rect(x: 20, y: 125, width: 350, height: 350)),
            summary: "The detail screen's square album art (Fd), window points.",
            source: "seed 004 [untitled] detail: x = 20, width W − 40, y = safeTop + 78; seed-transitions.md §15.9"),
    ]

    init(_ values: ParameterValues) {
        window = values.size("window")
        cellFrame = values.rect("cellFrame")
        detailArtFrame = values.rect("detailArtFrame")
    }

    var bounds: Rect { Rect(origin: .zero, size: window) }

    /// The grid's placeholder: the cell enlarged by 2 pt in width and height to hide seams,
    /// about its centre [inferred: the seed does not say which way it grows].
    var gridPlaceholder: Rect {
        Rect(x: cellFrame.minX - 1, y: cellFrame.minY - 1, width: cellFrame.width + 2, height: cellFrame.height + 2)
    }
}

/// Seed 004's [untitled] constants (S6 `SharedTransitionConfig.untitled`, `AlbumCell`,
/// `[untitled]DetailView`).
enum YUIUntitledConstants {
    /// The grid snapshot's radius, points (seed 004 AlbumCell: 16, continuous).
    static let gridRadius = 16.0
    /// The detail snapshot's radius, points (seed 004 detail snapshot: 40; the art itself is 39).
    static let detailRadius = 40.0
    /// The reported `transitionDuration`, seconds (seed 004: `SharedTransitionConfig.untitled` 0.35).
    static let reportedDuration = 0.35
    /// The animations' duration, seconds (seed 004: 0.4).
    static let animationDuration = 0.4
}

/// Which way the slide-over runs.
enum YUIUntitledDirection: Sendable {
    case push, pop
}

/// What the slide-over shows at eased progress `e`, bottom to top: the #191919 backdrop,
/// the grid (with its placeholder over the cell), the detail (with its placeholder over
/// the art), and the shared snapshot.
struct YUIUntitledState: Sendable {
    var direction: YUIUntitledDirection
    /// 0 at the start of the animation, 1 at its end; springs may overshoot.
    var e: Double

    static func layerDescriptions(_ scene: YUIUntitledScene, _ direction: YUIUntitledDirection) -> [LayerDescription] {
        [
            LayerDescription(id: "backdrop", role: "the #191919 backdrop behind both screens", frame: scene.bounds),
            LayerDescription(id: "grid", role: "the album grid screen", frame: scene.bounds),
            LayerDescription(
                id: "gridPlaceholder", role: "a #191919 placeholder hiding the cell's art (in the grid)",
                frame: scene.gridPlaceholder),
            LayerDescription(id: "detail", role: "the album detail screen", frame: scene.bounds),
            LayerDescription(
                id: "detailPlaceholder", role: "a #191919 placeholder hiding the detail art (in the detail)",
                frame: scene.detailArtFrame),
            LayerDescription(
                id: "snapshot",
                role: direction == .push
                    ? "a copy of the cell's art, radius 16, scaled onto the detail art"
                    : "a copy of the detail art, radius 40, scaled onto the cell",
                frame: direction == .push ? scene.cellFrame : scene.detailArtFrame),
        ]
    }

    private static func lerp(_ a: Double, _ b: Double, _ f: Double) -> Double { (1 - f) * a + f * b }

    private static func lerp(_ a: AffineTransform, _ b: AffineTransform, _ f: Double) -> AffineTransform {
        AffineTransform(
            a: lerp(a.a, b.a, f), b: lerp(a.b, b.b, f), c: lerp(a.c, b.c, f), d: lerp(a.d, b.d, f),
            tx: lerp(a.tx, b.tx, f), ty: lerp(a.ty, b.ty, f))
    }

    /// The layers mid-animation (seed-transitions.md §11.1, §11.2).
    func layers(_ scene: YUIUntitledScene) -> [LayerState] {
        let width = scene.window.width
        let push = direction == .push
        let gridShift = push ? Self.lerp(0, -width, e) : Self.lerp(-width, 0, e)
        let gridOpacity = push ? 1 - e : e
        let detailShift = push ? Self.lerp(width, 0, e) : Self.lerp(0, width, e)
        let snapshotFrame = push ? scene.cellFrame : scene.detailArtFrame
        let snapshotTarget =
            push
            ? AffineTransform.transform(originalFrame: scene.cellFrame, toTargetFrame: scene.detailArtFrame)
            : AffineTransform.transform(originalFrame: scene.detailArtFrame, toTargetFrame: scene.cellFrame)
        let grid = AffineTransform(translationX: gridShift, y: 0)
        let detail = AffineTransform(translationX: detailShift, y: 0)
        return [
            LayerState(frame: scene.bounds),
            LayerState(frame: scene.bounds, transform: grid, opacity: gridOpacity),
            LayerState(frame: scene.gridPlaceholder, transform: grid, opacity: gridOpacity),
            LayerState(frame: scene.bounds, transform: detail),
            LayerState(frame: scene.detailArtFrame, transform: detail),
            LayerState(
                frame: snapshotFrame, transform: Self.lerp(.identity, snapshotTarget, e),
                cornerRadius: push ? YUIUntitledConstants.gridRadius : YUIUntitledConstants.detailRadius),
        ]
    }

    /// After completion: the helpers (backdrop, placeholders, snapshot) are removed and the
    /// screen that left is out of the window (opacity 0); the one that stays is at identity.
    /// `shown` is the screen left on top: the detail after a push or a cancelled pop, the
    /// grid after a finished pop.
    static func settled(_ scene: YUIUntitledScene, _ direction: YUIUntitledDirection, detailShown: Bool)
        -> [LayerState]
    {
        let snapshotFrame = direction == .push ? scene.cellFrame : scene.detailArtFrame
        let detailGone = AffineTransform(translationX: scene.window.width, y: 0)
        return [
            LayerState(frame: scene.bounds, opacity: 0),
            LayerState(frame: scene.bounds, opacity: detailShown ? 0 : 1),
            LayerState(frame: scene.gridPlaceholder, opacity: 0),
            LayerState(
                frame: scene.bounds, transform: detailShown ? .identity : detailGone, opacity: detailShown ? 1 : 0),
            LayerState(frame: scene.detailArtFrame, transform: detailShown ? .identity : detailGone, opacity: 0),
            LayerState(frame: snapshotFrame, opacity: 0),
        ]
    }
}
