public import SegueMath

/// One observation of a pan gesture, as an app's action method would see it.
///
/// A plain value with no checks of its own; ``GestureTrack`` validates a sequence of them.
public struct GestureSample: Sendable, Hashable {
    /// When the sample was taken, in seconds on any clock (only differences matter).
    public var time: Double
    /// Where the touch was, in window points.
    public var location: Point
    /// The gesture's phase at this sample.
    public var phase: GesturePhase

    public init(time: Double, location: Point, phase: GesturePhase) {
        self.time = time
        self.location = location
        self.phase = phase
    }
}
