import SegueMath

/// The Instagram family's scene and the geometry every one of its transitions
/// derives from it (seed-transitions.md §2–§3, scene A of §15.1).
struct InstagramScene: Sendable {
    /// The window, points; the detail and grid screens fill it.
    var window: Size
    /// The selected grid cell, window points (`Fc`).
    var cellFrame: Rect
    /// The detail screen's image, window points (`Fd`).
    var detailImageFrame: Rect

    /// Scene A (seed-transitions.md §15.1): a 390 × 844 window; a 3-column grid with
    /// 2 pt spacing below a header ending at y = 97, so cells are (390 − 4)/3 wide and
    /// item 4 sits at (c + 2, 97 + c + 2); a 4:5 detail image at y = 160.
    static let sceneA = InstagramScene(window: Size(width: 390, height: 844))

    /// The scene in a window of `window`: the grid's item 4 and the 4:5 detail image laid out
    /// for that window's width, as scene A lays them out for 390 pt.
    init(window: Size) {
        self.init(window: window, cellFrame: Self.cell(in: window), detailImageFrame: Self.detailImage(in: window))
    }

    /// Item 4 of a 3-column grid with 2 pt spacing below a header ending at y = 97.
    static func cell(in window: Size) -> Rect {
        let cell = (window.width - 4) / 3
        return Rect(x: cell + 2, y: 97 + cell + 2, width: cell, height: cell)
    }

    /// A 4:5 image filling the window's width at y = 160.
    static func detailImage(in window: Size) -> Rect {
        Rect(x: 0, y: 160, width: window.width, height: window.width * 1.25)
    }

    /// The scene's fields, as clients set them.
    enum Keys {
        static let window = ParameterKey.size(
            "window", default: sceneA.window, summary: "The window; the grid and detail screens fill it.",
            source: "Segue's default scene: an iPhone window (390 × 844)")
        static let cellFrame = ParameterKey.rect(
            "cellFrame", default: sceneA.cellFrame, follows: { cell(in: $0[window]) },
            summary: "The selected grid cell (Fc), window points; left out, item 4 of a 3-column grid in the window.",
            source: "Segue's default scene, grid item 4 of 3 columns with 2 pt spacing")
        static let detailImageFrame = ParameterKey.rect(
            "detailImageFrame", default: sceneA.detailImageFrame, follows: { detailImage(in: $0[window]) },
            summary:
                "The detail screen's image (Fd), window points; left out, a 4:5 image filling the window's width at y = 160.",
            source: "Segue's default scene, a 4:5 image at y = 160")
    }
    static let fields = [ParameterSpec](Keys.window, Keys.cellFrame, Keys.detailImageFrame)

    init(window: Size, cellFrame: Rect, detailImageFrame: Rect) {
        self.window = window
        self.cellFrame = cellFrame
        self.detailImageFrame = detailImageFrame
    }

    /// The client's scene. The cell and the detail image follow the window when the client
    /// sets the window and leaves them out (their keys' `follows`): an iPad's 1024 pt window gets
    /// a 1024 pt wide image and its grid's cells, not the phone's.
    init(_ values: ParameterValues) {
        self.init(
            window: values[Keys.window], cellFrame: values[Keys.cellFrame],
            detailImageFrame: values[Keys.detailImageFrame])
    }

    /// The family's layers, bottom to top: grid, placeholder, overlay, detail.
    var layers: InstagramLayers { InstagramLayers(self) }

    /// The screens' frame, (0, 0, W, H).
    var bounds: Rect { Rect(origin: .zero, size: window) }

    /// `A`: the transform that lays the detail image over the cell, covering it
    /// (aspect fill about the detail screen's centre; seed-transitions.md §2.2).
    var cellTransform: AffineTransform {
        AffineTransform.transform(parent: bounds, suchThatChild: detailImageFrame, aspectFills: cellFrame)
    }

    /// `m0`: the mask that, pushed through `A`, shows exactly the cell: the cell's
    /// shape fitted into the detail image (§2.5). `legacy` reproduces the seeds'
    /// inverted-ratio bug, which is only right for square cells (§14.1).
    func cellMask(legacy: Bool) -> Rect {
        legacy
            ? Rect.seedAspectFitWithInvertedRatio(cellFrame.size, in: detailImageFrame)
            : Rect.aspectFit(cellFrame.size, in: detailImageFrame)
    }
}
