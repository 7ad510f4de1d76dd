import SegueMath

/// How a vertical drag sets the card's constants while the finger is down.
enum YUIModalCardDrag: String, ParameterChoice {
    /// Beyond the seed: the card's top follows the finger 1:1 across the stages, and past
    /// peek or full it is rubber-banded with UIScrollView's formula (motion-math.md §4.5),
    /// the window height as the dimension. Fixes seed-transitions.md §14 items 32–35 and 37.
    case rubberBand
    /// Seed 004's `handlePan` (seed-transitions.md §12.2): 400 pt of drag per stage, a 0.2
    /// rubber band, uncapped growth from peek, unbounded drags down from half, and a drag
    /// down from peek ignored.
    case original

    /// The constants, in points, for vertical translation `ty` (points, + down) from `stage`.
    /// - Parameters:
    ///   - dragDistance: seed 004's 400 pt per stage (original mapping only).
    ///   - band: seed 004's 0.2 rubber band (original mapping only).
    ///   - coefficient: UIScrollView's 0.55 (rubberBand mapping only).
    func shape(
        translation ty: Double, from stage: YUIModalCardStage, scene: YUIModalCardScene, dragDistance: Double,
        band: Double, coefficient: Double
    ) -> YUIModalCardShape {
        switch self {
        case .rubberBand:
            let top = scene.top(scene.shape(stage)) + ty
            let range = scene.top(scene.shape(.full))...scene.top(scene.shape(.peek))
            let banded =
                RubberBand(coefficient: coefficient, dimension: scene.window.height)?.clamp(top, to: range) ?? top
            return scene.shape(top: banded)
        case .original:
            return Self.seedShape(ty: ty, from: stage, scene: scene, dragDistance: dragDistance, band: band)
        }
    }

    /// Seed-transitions.md §12.2, line by line.
    private static func seedShape(
        ty: Double, from stage: YUIModalCardStage, scene: YUIModalCardScene, dragDistance: Double, band: Double
    ) -> YUIModalCardShape {
        let screen = scene.window.height
        let peek = scene.shape(.peek)
        let half = scene.shape(.half)
        let q = abs(ty) / dragDistance
        switch (stage, ty < 0) {
        case (.peek, true):
            let bottom = peek.bottom + (half.bottom - peek.bottom) * q
            guard bottom <= half.bottom else { return YUIModalCardShape(height: half.height, bottom: bottom) }
            // §14.34: excess is in offset units but divided by the drag constant.
            let excess = abs(bottom - half.bottom)
            return YUIModalCardShape(height: 0.5 * screen + 0.3 * screen * excess / dragDistance, bottom: half.bottom)
        case (.peek, false):
            return peek
        case (.half, true):
            let raw = 0.5 * screen + 0.3 * screen * q
            let height = raw > 0.8 * screen ? 0.8 * screen + band * (raw - 0.8 * screen) : raw
            return YUIModalCardShape(height: height, bottom: half.bottom)
        case (.half, false):
            return YUIModalCardShape(height: half.height, bottom: half.bottom + (peek.bottom - half.bottom) * q)
        case (.full, true):
            return YUIModalCardShape(height: 0.8 * screen + band * (0.2 * screen * q), bottom: half.bottom)
        case (.full, false):
            let raw = 0.8 * screen - 0.3 * screen * q
            guard raw < 0.5 * screen else { return YUIModalCardShape(height: raw, bottom: half.bottom) }
            let slide = max(0, ty - 0.5 * screen + scene.inset) / dragDistance
            return YUIModalCardShape(
                height: 0.5 * screen + band * (raw - 0.5 * screen),
                bottom: half.bottom + (peek.bottom - half.bottom) * slide)
        }
    }
}
