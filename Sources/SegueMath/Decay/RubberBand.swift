/// UIScrollView's resistance past its edges: a finger that drags `x` points beyond
/// the edge moves the content b(x) = (1 − 1/(x·c/d + 1))·d, with d the view's size
/// on that axis and c = 0.55 (motion-math.md §4.5). The offset approaches d but
/// never reaches it.
public struct RubberBand: Sendable, Hashable {
    /// UIScrollView's coefficient for touches.
    public static let uiScrollViewCoefficient = 0.55

    public let coefficient: Double
    /// The view's size on the axis, in points (> 0).
    public let dimension: Double

    public init?(coefficient: Double = uiScrollViewCoefficient, dimension: Double) {
        guard coefficient.isFinite, dimension.isFinite, coefficient > 0, dimension > 0 else { return nil }
        self.coefficient = coefficient
        self.dimension = dimension
    }

    /// The on-screen offset for `overshoot` points past the edge (either sign).
    public func offset(forOvershoot overshoot: Double) -> Double {
        let magnitude = abs(overshoot)
        let banded = (1 - 1 / (magnitude * coefficient / dimension + 1)) * dimension
        return overshoot < 0 ? -banded : banded
    }

    /// Clamps `value` to `range`, letting it past either end only by the rubber-banded
    /// amount of its overshoot.
    public func clamp(_ value: Double, to range: ClosedRange<Double>) -> Double {
        if value < range.lowerBound { return range.lowerBound + offset(forOvershoot: value - range.lowerBound) }
        if value > range.upperBound { return range.upperBound + offset(forOvershoot: value - range.upperBound) }
        return value
    }
}
