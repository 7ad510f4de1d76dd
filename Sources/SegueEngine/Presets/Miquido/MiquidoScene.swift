import SegueMath

/// Scene D of seed-transitions.md §15.5: a two-column grid of cards, the selected
/// card's image and title, and where they sit on the detail screen. Seed 001 maps
/// each card element to its detail counterpart (its `TransformModel`s).
struct MiquidoScene: Sendable {
    /// The window, points; the grid and detail screens fill it.
    var window: Size
    /// The selected card, window points; a pan must start on it.
    var cardFrame: Rect
    /// The card's image and title (each model's `initialFrame`), window points.
    var cardImageFrame: Rect
    var cardTitleFrame: Rect
    /// The detail screen's image and title (each model's `finalFrame`), window points.
    var detailImageFrame: Rect
    var detailTitleFrame: Rect

    /// Scene D: a 390 × 844 window; 171 × 220 cards at x = 16 and 203 from y = 120;
    /// the first card's image (16, 120, 171, 150) and title (28, 282, 147, 22); the
    /// detail's image (0, 0, 390, 340) and title (20, 360, 350, 34).
    static let sceneD = MiquidoScene(
        window: Size(width: 390, height: 844), cardFrame: Rect(x: 16, y: 120, width: 171, height: 220),
        cardImageFrame: Rect(x: 16, y: 120, width: 171, height: 150),
        cardTitleFrame: Rect(x: 28, y: 282, width: 147, height: 22),
        detailImageFrame: Rect(x: 0, y: 0, width: 390, height: 340),
        detailTitleFrame: Rect(x: 20, y: 360, width: 350, height: 34))

    static let fields: [ParameterSpec] = [
        Keys.window.spec,
        Keys.cardFrame.spec,
        Keys.cardImageFrame.spec,
        Keys.cardTitleFrame.spec,
        Keys.detailImageFrame.spec,
        Keys.detailTitleFrame.spec,
    ]

    init(
        window: Size, cardFrame: Rect, cardImageFrame: Rect, cardTitleFrame: Rect, detailImageFrame: Rect,
        detailTitleFrame: Rect
    ) {
        self.window = window
        self.cardFrame = cardFrame
        self.cardImageFrame = cardImageFrame
        self.cardTitleFrame = cardTitleFrame
        self.detailImageFrame = detailImageFrame
        self.detailTitleFrame = detailTitleFrame
    }

    init(_ values: ParameterValues) {
        self.init(
            window: values[MiquidoScene.Keys.window], cardFrame: values[MiquidoScene.Keys.cardFrame],
            cardImageFrame: values[MiquidoScene.Keys.cardImageFrame],
            cardTitleFrame: values[MiquidoScene.Keys.cardTitleFrame],
            detailImageFrame: values[MiquidoScene.Keys.detailImageFrame],
            detailTitleFrame: values[MiquidoScene.Keys.detailTitleFrame])
    }

    /// The screens' frame, (0, 0, W, H).
    var bounds: Rect { Rect(origin: .zero, size: window) }

    /// The phantoms' models (seed 001's `TransformModel`s): image → image, title → title.
    var models: [MiquidoTransformModel] {
        [
            MiquidoTransformModel(initialFrame: cardImageFrame, finalFrame: detailImageFrame),
            MiquidoTransformModel(initialFrame: cardTitleFrame, finalFrame: detailTitleFrame),
        ]
    }
}

/// One element's move (seed 001 `TransformModel`): a phantom created at
/// `initialFrame` whose transform and centre animate to the final ones.
struct MiquidoTransformModel: Sendable, Hashable {
    var initialFrame: Rect
    var finalFrame: Rect

    /// Seed 001: `initialCenter ?? CGPoint(x: initialFrame.midX, y: initialFrame.midY)`.
    var initialCenter: Point { initialFrame.center }
    /// Seed 001: `finalCenter ?? CGPoint(x: finalFrame.midX, y: finalFrame.midY)`.
    var finalCenter: Point { finalFrame.center }

    /// `presentTransform` [inferred, seed-transitions.md §7.1]: the non-uniform scale that
    /// makes the phantom (created at `initialFrame`) as large as `finalFrame`.
    var presentScale: (x: Double, y: Double) {
        (finalFrame.width / initialFrame.width, finalFrame.height / initialFrame.height)
    }

    /// The phantom's transform about its centre at morph `x` (0 on the card, 1 on the
    /// detail): scale from identity (`dismissTransform`) toward `presentTransform`,
    /// and the centre's move from `initialCenter` toward `finalCenter` as translation,
    /// every component linear in x (seed-transitions.md §1.2, §7.2).
    func transform(at x: Double) -> AffineTransform {
        let scale = presentScale
        return AffineTransform(
            a: 1 + (scale.x - 1) * x, b: 0, c: 0, d: 1 + (scale.y - 1) * x,
            tx: (finalCenter.x - initialCenter.x) * x, ty: (finalCenter.y - initialCenter.y) * x)
    }
}
