import SegueMath

extension LayerState {
    /// Opacity as Core Animation renders it: clamped to [0, 1] (a spring that overshoots its
    /// model value cannot show more).
    static func shown(opacity: Double) -> Double { min(max(opacity, 0), 1) }

    /// A corner radius as rendered: at least 0.
    static func shown(radius: Double) -> Double { max(radius, 0) }

    /// This state laid out again at `frame` under `transform`, with `opacity` and `cornerRadius`
    /// (clamped and derived as `init` does), its id, mask and shadow kept: what a frame changes
    /// of a layer whose mask and shadow hold still. Built from a state already drawn, it costs a
    /// copy of it; built anew, `init` copied the whole state on its way out (an optional mask
    /// holding an optional path defeats Swift's moves), about a third of drawing a layer.
    func placed(frame: Rect, transform: AffineTransform, opacity: Double, cornerRadius: Double) -> LayerState {
        var state = self
        state.frame = frame
        state.transform = transform
        state.presentationFrame = frame.presentationFrame(applying: transform)
        state.opacity = Self.shown(opacity: opacity)
        state.cornerRadius = Self.shown(radius: cornerRadius)
        return state
    }
}
