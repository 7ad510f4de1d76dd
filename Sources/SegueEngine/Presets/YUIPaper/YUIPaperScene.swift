import SegueMath

/// Scene G of seed-transitions.md §15.8: YUI's Facebook Paper home (seed 004). A
/// horizontal strip of cards pinned to the bottom of a 390 × 844 window, each card a
/// 40 pt title band over an image container with the screen's aspect ratio, and the
/// selected card's index and the strip's content offset.
struct YUIPaperScene: Sendable {
    /// The window, points; the home and the demo screens fill it.
    var window: Size
    /// The display corner radius `dcr`, points (seed-transitions.md §2.6; 47.33 for scene G).
    var displayCornerRadius: Double
    /// How many cards the strip holds.
    var itemCount: Int
    /// The tapped card, 0-based, clamped to the strip.
    var selectedIndex: Int
    /// The strip's horizontal content offset with the small layout, points.
    var contentOffset: Double
    /// The home's header (the "YUI" title, the description and the settings button), window points.
    var labelsFrame: Rect

    /// Scene G: 390 × 844, dcr 47.33, card 0 of 8 selected at content offset 0, the
    /// header labels in (20, 67, 350, 160) [inferred layout].
    static let sceneG = YUIPaperScene(
        window: Size(width: 390, height: 844), displayCornerRadius: 47.33, itemCount: 8, selectedIndex: 0,
        contentOffset: 0, labelsFrame: Rect(x: 20, y: 67, width: 350, height: 160))

    static let fields: [ParameterSpec] = [
        Keys.window.spec,
        Keys.displayCornerRadius.spec,
        Keys.itemCount.spec,
        Keys.selectedIndex.spec,
        Keys.contentOffset.spec,
        Keys.labelsFrame.spec,
    ]

    init(
        window: Size, displayCornerRadius: Double, itemCount: Int, selectedIndex: Int, contentOffset: Double,
        labelsFrame: Rect
    ) {
        self.window = window
        self.displayCornerRadius = displayCornerRadius
        self.itemCount = max(itemCount, 1)
        self.selectedIndex = min(max(selectedIndex, 0), self.itemCount - 1)
        self.contentOffset = contentOffset
        self.labelsFrame = labelsFrame
    }

    init(_ values: ParameterValues) {
        self.init(
            window: values[YUIPaperScene.Keys.window],
            displayCornerRadius: values[YUIPaperScene.Keys.displayCornerRadius],
            itemCount: Int(rounding: values[YUIPaperScene.Keys.itemCount]) ?? 1,
            selectedIndex: Int(rounding: values[YUIPaperScene.Keys.selectedIndex]) ?? 0,
            contentOffset: values[YUIPaperScene.Keys.contentOffset], labelsFrame: values[YUIPaperScene.Keys.labelsFrame]
        )
    }

    /// The screens' frame, (0, 0, W, H).
    var bounds: Rect { Rect(origin: .zero, size: window) }
}

/// One flow layout of the strip (seed-transitions.md §10.1–§10.2): item size, the
/// collection view's top edge and its content offset, with the 1.5 pt spacing.
struct YUIPaperLayout: Sendable, Hashable {
    /// Item width and height, points.
    var itemSize: Size
    /// The collection view's top edge, window points.
    var top: Double
    /// Horizontal content offset, points.
    var contentOffset: Double
    /// Line spacing between items, points.
    var spacing: Double
    /// The title band at the top of each cell, points.
    var titleHeight: Double

    /// The home's layout: items `(s·W, s·H + 40)` pinned to the bottom.
    static func small(_ scene: YUIPaperScene, scaleFactor: Double, spacing: Double, titleHeight: Double)
        -> YUIPaperLayout
    {
        let size = Size(
            width: scaleFactor * scene.window.width, height: scaleFactor * scene.window.height + titleHeight)
        return YUIPaperLayout(
            itemSize: size, top: scene.window.height - size.height, contentOffset: scene.contentOffset,
            spacing: spacing, titleHeight: titleHeight)
    }

    /// The push's target layout: items `(W, H + 40)` from y = −40, the selected page at
    /// offset `i·(W + spacing)`, or the seed's `i·W` with `legacyPageOffset`
    /// (seed-transitions.md §14.25).
    static func big(_ scene: YUIPaperScene, spacing: Double, titleHeight: Double, legacyPageOffset: Bool)
        -> YUIPaperLayout
    {
        let width = scene.window.width
        let page = legacyPageOffset ? width : width + spacing
        return YUIPaperLayout(
            itemSize: Size(width: width, height: scene.window.height + titleHeight), top: -titleHeight,
            contentOffset: Double(scene.selectedIndex) * page, spacing: spacing, titleHeight: titleHeight)
    }

    /// Cell `index`'s frame in the window.
    func cell(_ index: Int) -> Rect {
        Rect(
            x: Double(index) * (itemSize.width + spacing) - contentOffset, y: top, width: itemSize.width,
            height: itemSize.height)
    }

    /// Cell `index`'s image container: the cell below its title band.
    func imageContainer(_ index: Int) -> Rect {
        let cell = cell(index)
        return Rect(x: cell.minX, y: cell.minY + titleHeight, width: cell.width, height: cell.height - titleHeight)
    }

    /// Cell `index`'s title band.
    func title(_ index: Int) -> Rect {
        let cell = cell(index)
        return Rect(x: cell.minX, y: cell.minY, width: cell.width, height: titleHeight)
    }
}
