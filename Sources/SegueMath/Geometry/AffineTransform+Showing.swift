extension AffineTransform {
    /// The transform that shows a layer whose frame is `frame` at `visible` instead: a scale per
    /// axis and a translation, about the frame's centre (a layer's anchor point by default), so
    /// the presentation frame is `visible`. Presets use it where the original animates a view's
    /// frame or constraints and Segue keeps each layer's frame fixed for the whole answer.
    ///
    /// Identity when the rects are equal. Along an axis where `frame` has no extent there is
    /// nothing to stretch, so the scale there is 1 rather than 0/0: a zero-height band stays a
    /// line that moves with its centre.
    public init(showing frame: Rect, at visible: Rect) {
        guard frame != visible else {
            self = .identity
            return
        }
        func scale(_ shown: Double, _ own: Double) -> Double { own == 0 ? 1 : shown / own }
        self.init(
            a: scale(visible.width, frame.width), b: 0, c: 0, d: scale(visible.height, frame.height),
            tx: visible.midX - frame.midX, ty: visible.midY - frame.midY)
    }
}
