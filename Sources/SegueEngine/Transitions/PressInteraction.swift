/// `{"type": "press", "from", "to", "curve", "settled"}`: a touch that presses the layers. At
/// touch-down they set off from `from` toward `to` on `curve`; when the finger lifts (or the touch
/// is cancelled) the way back starts on the same curve and is added to the press still in flight,
/// as UIKit's additive view animations (iOS 8 and later) add a new animation of a property to the
/// one running: the layers stand at x(t − down) − x(t − up) of the way from `from` to `to`, x the
/// curve's value. A touch lifted mid-press so turns around from where it is, with no jump in
/// position or speed (the App Store's card highlight: press to 0.96, spring back).
///
/// The finger's movement is not read: only when it touched down and lifted. The decision is
/// always a cancel (the press is undone), by the rule `touchUp`.
public struct PressInteraction: Sendable, Hashable {
    public var from: String
    public var to: String
    public var curve: CurveSpec
    /// The pose the settled frame shows; nil for `from`.
    public var settled: String?

    /// The decision's rule for a touch that lifts.
    public static let rule = "touchUp"

    public init(from: String, to: String, curve: CurveSpec, settled: String? = nil) {
        self.from = from
        self.to = to
        self.curve = curve
        self.settled = settled
    }
}
