/// A release as a decision map sees it: where the finger is along the preset's drag axis and
/// how fast it moves along it when it lifts.
public struct ReleasePoint: Sendable, Hashable {
    /// Points from touch-down, along the axis.
    public var translation: Double
    /// Points per second, along the axis.
    public var velocity: Double

    public init(translation: Double, velocity: Double) {
        self.translation = translation
        self.velocity = velocity
    }
}

/// One axis of a decision map: the span from `min` to `max` cut into `steps` equal cells, each
/// sampled at its centre.
///
/// Centres rather than edges, so that a symmetric velocity span with an even number of steps
/// never samples a release at exactly 0 pt/s, which a finger can only show by stopping (and
/// UIKit's estimator then keeps the last move's velocity).
public struct SampledSpan: Sendable, Hashable {
    public var min: Double
    public var max: Double
    /// At least 1; the API checks it against its cap before it becomes an allocation.
    public var steps: Int

    public init(min: Double, max: Double, steps: Int) {
        self.min = min
        self.max = max
        self.steps = Swift.max(steps, 1)
    }

    /// The width of one cell.
    public var cell: Double { (max - min) / Double(steps) }

    /// The centre of cell `index`.
    public func value(_ index: Int) -> Double {
        min + (Double(index) + 0.5) * cell
    }

    /// Every cell's centre, from `min` to `max`.
    public var values: [Double] { (0..<steps).map(value) }
}
