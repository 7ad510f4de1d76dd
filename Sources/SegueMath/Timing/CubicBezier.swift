/// A cubic Bézier timing curve from (0, 0) to (1, 1) with two inner control points,
/// as `CAMediaTimingFunction(controlPoints:)` and CSS `cubic-bezier()` define it.
///
/// Input is the fraction of the duration elapsed, output the fraction of the change
/// applied. Evaluating means finding the curve parameter `s` whose x equals the
/// input, then returning y at `s`; the solver is accurate to 1e-7 in x or better
/// (motion-math.md §1.3), far below a device pixel.
public struct CubicBezier: Sendable, Hashable {
    /// The first control point; its x lies in [0, 1].
    public let x1: Double, y1: Double
    /// The second control point; its x lies in [0, 1].
    public let x2: Double, y2: Double

    /// Polynomial coefficients of x(s) = ((ax·s + bx)·s + cx)·s, and likewise y.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double

    /// Creates a curve, or nil when a number is not finite or an x lies outside
    /// [0, 1] (such a curve would not be a function of time).
    public init?(x1: Double, y1: Double, x2: Double, y2: Double) {
        guard [x1, y1, x2, y2].allSatisfy(\.isFinite), (0...1).contains(x1), (0...1).contains(x2) else {
            return nil
        }
        self.init(unchecked: x1, y1, x2, y2)
    }

    init(unchecked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    /// The four numbers in `cubic-bezier()` order: x1, y1, x2, y2.
    public var controlPoints: [Double] { [x1, y1, x2, y2] }

    /// The output at time fraction `x`; inputs outside [0, 1] are clamped, as an
    /// animation holds its end values before it starts and after it ends.
    public func value(at x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        return sampleY(parameter(forX: x))
    }

    /// dy/dx at time fraction `x` (clamped to [0, 1]): the curve's slope, so that a
    /// property's velocity is `slope · change / duration`.
    public func slope(at x: Double) -> Double {
        let s = parameter(forX: min(max(x, 0), 1))
        let dx = sampleDerivativeX(s)
        let dy = sampleDerivativeY(s)
        if abs(dx) > 1e-12 { return dy / dx }
        // Vertical tangent in x (a control point on the y axis at an end): use the
        // limit along the curve, the ratio of the next non-vanishing derivatives.
        let ddx = 6 * ax * s + 2 * bx
        let ddy = 6 * ay * s + 2 * by
        if abs(ddx) > 1e-12 { return ddy / ddx }
        return 1
    }

    /// The time fraction at which the curve first reaches `value` (in [0, 1]): the
    /// inverse of `value(at:)`, which an animator needs to continue a curve from a
    /// scrubbed value without a jump. Bisection over time; exact to 1e-12 for curves
    /// whose value rises monotonically, the first crossing otherwise.
    public func time(forValue value: Double) -> Double {
        guard value > 0 else { return 0 }
        guard value < 1 else { return 1 }
        var low = 0.0
        var high = 1.0
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if self.value(at: middle) < value { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// The curve parameter `s` in [0, 1] with x(s) = x: Newton's method from a
    /// linear guess, then bisection if Newton strays or stalls. x(s) is monotone
    /// because both control x's lie in [0, 1], so the bracket always holds the root.
    func parameter(forX x: Double) -> Double {
        let tolerance = 1e-9
        var s = x
        for _ in 0..<8 {
            let error = sampleX(s) - x
            if abs(error) < tolerance { return s }
            let derivative = sampleDerivativeX(s)
            if abs(derivative) < 1e-7 { break }
            s -= error / derivative
            if s < 0 || s > 1 { break }
        }
        var low = 0.0
        var high = 1.0
        s = x
        for _ in 0..<100 {
            let value = sampleX(s)
            if abs(value - x) < tolerance { return s }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }

    func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    func sampleDerivativeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
    func sampleDerivativeY(_ s: Double) -> Double { (3 * ay * s + 2 * by) * s + cy }
}

extension CubicBezier {
    /// `linear`: (0, 0, 1, 1).
    public static let linear = CubicBezier(unchecked: 0, 0, 1, 1)
    /// Core Animation's `.easeIn`: (0.42, 0, 1, 1).
    public static let easeIn = CubicBezier(unchecked: 0.42, 0, 1, 1)
    /// Core Animation's `.easeOut`: (0, 0, 0.58, 1).
    public static let easeOut = CubicBezier(unchecked: 0, 0, 0.58, 1)
    /// Core Animation's `.easeInEaseOut`, UIKit's `.easeInOut`: (0.42, 0, 0.58, 1).
    public static let easeInEaseOut = CubicBezier(unchecked: 0.42, 0, 0.58, 1)
    /// Core Animation's `.default` ("used by most system animations"): (0.25, 0.1, 0.25, 1).
    public static let caDefault = CubicBezier(unchecked: 0.25, 0.1, 0.25, 1)

    /// Seed 000's article code, `SharedTransitionConfig.default` (S2): (0.5, 0, 0.6, 1),
    /// over 0.25 s (seed-transitions.md §1.3, K_DEFAULT).
    public static let instagramDefault = CubicBezier(unchecked: 0.5, 0, 0.6, 1)
    /// Seed 000's article code, `SharedTransitionConfig.interactive` (S2):
    /// (0.57, 0.27, 0.21, 0.97), over 0.25 s (seed-transitions.md §1.3, K_INTERACTIVE).
    public static let instagramInteractive = CubicBezier(unchecked: 0.57, 0.27, 0.21, 0.97)
    /// Seed 004's YUI `SharedTransitionConfig` curve (S6): (0.25, 0.46, 0.45, 0.94),
    /// CSS's "easeOutQuad" (seed-transitions.md §1.3, Y_CURVE).
    public static let yui = CubicBezier(unchecked: 0.25, 0.46, 0.45, 0.94)
}
