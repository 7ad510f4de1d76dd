import SegueMath

/// The ModalCard's three stages (seed 004, YUI `ModalCard.swift`; seed-transitions.md §12.1),
/// ordered from the lowest card to the tallest.
enum YUIModalCardStage: String, ParameterChoice {
    case peek, half, full

    /// 0 for peek, 1 for half, 2 for full.
    var index: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}

/// The card's two constraint constants: its height `h` and its bottom offset `b` from the
/// safe-area bottom (positive is further down), both in points.
struct YUIModalCardShape: Sendable, Hashable {
    var height: Double
    var bottom: Double

    /// Each constant linearly in `e` (seed-transitions.md §1.2).
    func interpolated(to other: YUIModalCardShape, _ e: Double) -> YUIModalCardShape {
        YUIModalCardShape(height: height + (other.height - height) * e, bottom: bottom + (other.bottom - bottom) * e)
    }
}

/// Scene I (seed-transitions.md §15.10): the window, the safe-area bottom the card is
/// pinned to, and the card's inset and look.
struct YUIModalCardScene: Sendable {
    /// The window, points.
    var window: Size
    /// The safe-area inset at the bottom, points (34 on the common device).
    var safeAreaBottom: Double
    /// The content's inset from the screen's left and right edges, and its bottom
    /// offset in the half and full stages, points (seed 004: 12).
    var inset: Double
    /// How much of the card the peek stage shows above the safe bottom, points (seed 004: 60).
    var peekTab: Double

    /// The scene's fields, as clients set them.
    enum Keys {
        static let window = ParameterKey.size(
            "window", default: Size(width: 390, height: 844),
            summary: "The window; the card spans its width less the insets.",
            source: "Segue's default scene: an iPhone window (390 × 844)")
        static let safeAreaBottom = ParameterKey.number(
            "safeAreaBottom", default: 34, in: 0...200, unit: "pt",
            summary: "The bottom safe-area inset the card is pinned to (Sb = H − safeAreaBottom).",
            source: "Segue's default scene (safeBottom = 34)")
        static let inset = ParameterKey.number(
            "inset", default: 12, in: 0...100, unit: "pt",
            summary: "The content's inset from the left and right edges, and its gap above Sb in half and full.",
            source: "YUI (yihui-hu/YUI) ModalCardView: leading/trailing 12, bottom constant −12")
        static let peekTab = ParameterKey.number(
            "peekTab", default: 60, in: 0...400, unit: "pt",
            summary: "How much of the card shows above Sb in the peek stage; at most inset + H/2, the half stage.",
            source: "YUI (yihui-hu/YUI) ModalCard: peek bottom constant 0.5·H − 60")
    }
    static let fields = [ParameterSpec](Keys.window, Keys.safeAreaBottom, Keys.inset, Keys.peekTab)

    init(_ values: ParameterValues) {
        window = values[Keys.window]
        safeAreaBottom = values[Keys.safeAreaBottom]
        inset = values[Keys.inset]
        peekTab = values[Keys.peekTab]
    }

    /// The scene read from `values`, or the reason its stages cannot be laid out: the card needs
    /// a width (the insets leave some of the window) and its stages must rise peek, half, full
    /// (peek's top, `Sb − peekTab`, at or below half's, `Sb − inset − 0.5·H`). A short window
    /// breaks the second: 390 × 30 puts half's top 27 pt above `Sb`, below a 60 pt peek tab,
    /// and the drag's range from full's top to peek's would run backwards.
    static func validated(_ values: ParameterValues) throws(SimulationError) -> YUIModalCardScene {
        let scene = YUIModalCardScene(values)
        var issues: [FieldIssue] = []
        let width = scene.window.width
        if width - 2 * scene.inset <= 0 {
            issues.append(
                FieldIssue(
                    .scene, Keys.inset.name,
                    "An inset of \(Format.amount(scene.inset)) pt on each side leaves the card no width in "
                        + "a window \(Format.amount(width)) pt wide; use an inset below \(Format.amount(width / 2)) pt "
                        + "or a wider window."))
        }
        let halfTab = scene.inset + 0.5 * scene.window.height
        if scene.peekTab > halfTab {
            issues.append(
                FieldIssue(
                    .scene, Keys.peekTab.name,
                    "The peek stage would show \(Format.amount(scene.peekTab)) pt of the card above the "
                        + "safe-area bottom, more than the half stage (half the \(Format.amount(scene.window.height)) "
                        + "pt window plus the \(Format.amount(scene.inset)) pt inset: "
                        + "\(Format.amount(halfTab)) pt), so the stages would not rise peek, half, full. Use a "
                        + "peekTab of at most \(Format.amount(halfTab)) pt, or a window at least "
                        + "\(Format.amount(2 * (scene.peekTab - scene.inset))) pt tall."))
        }
        guard issues.isEmpty else { throw SimulationError.fields(issues) }
        return scene
    }

    /// `Sb`: the safe-area bottom, window points.
    var safeBottom: Double { window.height - safeAreaBottom }

    /// The stage's constants (seed-transitions.md §12.1): peek (0.5H, 0.5H − tab),
    /// half (0.5H, −inset), full (0.8H, −inset).
    func shape(_ stage: YUIModalCardStage) -> YUIModalCardShape {
        let height = window.height
        switch stage {
        case .peek: return YUIModalCardShape(height: 0.5 * height, bottom: 0.5 * height - peekTab)
        case .half: return YUIModalCardShape(height: 0.5 * height, bottom: -inset)
        case .full: return YUIModalCardShape(height: 0.8 * height, bottom: -inset)
        }
    }

    /// The content's rect in window points: inset from the sides, its bottom at `Sb + b`.
    func contentFrame(_ shape: YUIModalCardShape) -> Rect {
        Rect(
            x: inset, y: safeBottom + shape.bottom - shape.height, width: window.width - 2 * inset,
            height: shape.height)
    }

    /// The content's top edge, window points.
    func top(_ shape: YUIModalCardShape) -> Double { safeBottom + shape.bottom - shape.height }

    /// The shape whose top is at `top`: below the half stage's top the card slides down at
    /// the half height; above it the card grows with its bottom held at `Sb − inset`.
    func shape(top: Double) -> YUIModalCardShape {
        let half = shape(.half)
        if top >= self.top(half) {
            return YUIModalCardShape(height: half.height, bottom: top + half.height - safeBottom)
        }
        return YUIModalCardShape(height: safeBottom + half.bottom - top, bottom: half.bottom)
    }

    /// How far the card has gone from `start` toward `reference`, by its top edge: 0 at the start
    /// stage, 1 at the reference stage (the chosen stage, or when the card stays, the neighbour
    /// the drag headed for); past either end while rubber-banding.
    func progress(_ shape: YUIModalCardShape, from start: YUIModalCardStage, toward reference: YUIModalCardStage)
        -> Double
    {
        let startTop = top(self.shape(start))
        let span = startTop - top(self.shape(reference))
        return span == 0 ? 0 : (startTop - top(shape)) / span
    }

    /// The stage next to `stage` upward (taller) or downward, or the other neighbour at an end.
    static func neighbour(of stage: YUIModalCardStage, upward: Bool) -> YUIModalCardStage {
        let stages = YUIModalCardStage.allCases
        let wanted = stage.index + (upward ? 1 : -1)
        let index = stages.indices.contains(wanted) ? wanted : stage.index + (upward ? -1 : 1)
        return stages[index]
    }
}
