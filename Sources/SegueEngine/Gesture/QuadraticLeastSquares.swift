/// An unweighted least-squares fit of v(τ) ≈ c0 + c1·τ + c2·τ² over fixed sample times, solved
/// by QR factorisation (modified Gram–Schmidt) rather than the normal equations, whose condition
/// number is the square of the problem's.
///
/// Times are first scaled by their span to lie in [−1, 1], so the three columns 1, s, s² are of
/// comparable size; the linear coefficient is scaled back at the end. The factorisation depends
/// only on the times, so one value serves both axes.
struct QuadraticLeastSquares {
    /// A column whose norm shrinks below this fraction of its original norm when made orthogonal
    /// to the earlier ones is taken as linearly dependent on them: the fit is degenerate.
    static let dependenceTolerance = 1e-10

    /// The orthonormal columns Q (each as long as the samples).
    private let q: [[Double]]
    /// The upper-triangular R entries used to recover c1: r11, r12, r22.
    private let r11: Double
    private let r12: Double
    private let r22: Double
    /// The factor that scales times into [−1, 1] (1 / span).
    private let timeScale: Double

    /// Factorises the design matrix for `times` (seconds); nil when there are fewer than three
    /// samples, the times do not span a positive finite interval, or the columns are numerically
    /// dependent (times too close together).
    init?(times: [Double]) {
        guard times.count >= 3, let lowest = times.min(), let highest = times.max() else { return nil }
        let span = highest - lowest
        guard span > 0, span.isFinite else { return nil }
        let scale = 1 / span
        guard scale.isFinite else { return nil }
        let scaled = times.map { $0 * scale }

        let ones = [Double](repeating: 1, count: times.count)
        let squares = scaled.map { $0 * $0 }
        guard let q0 = Self.normalised(ones, originalNorm: Self.norm(ones)) else { return nil }

        var column1 = scaled
        Self.subtract(projectionOnto: q0, from: &column1)
        let r11 = Self.norm(column1)
        guard let q1 = Self.normalised(column1, originalNorm: Self.norm(scaled)) else { return nil }

        var column2 = squares
        Self.subtract(projectionOnto: q0, from: &column2)
        let r12 = Self.dot(q1, column2)
        Self.subtract(projectionOnto: q1, from: &column2)
        let r22 = Self.norm(column2)
        guard let q2 = Self.normalised(column2, originalNorm: Self.norm(squares)) else { return nil }

        self.q = [q0, q1, q2]
        self.r11 = r11
        self.r12 = r12
        self.r22 = r22
        self.timeScale = scale
    }

    /// The fitted c1 for `values` (one per time), in value units per second; nil if it is not
    /// finite.
    func linearCoefficient(values: [Double]) -> Double? {
        // Project the values onto Q one column at a time (modified Gram–Schmidt), then
        // back-substitute R·c = Qᵀv for c2 and c1; c0 is not needed.
        var residual = values
        var projections: [Double] = []
        for column in q {
            let projection = Self.dot(column, residual)
            projections.append(projection)
            for row in residual.indices {
                residual[row] -= projection * column[row]
            }
        }
        let c2 = projections[2] / r22
        let c1 = (projections[1] - r12 * c2) / r11
        let slope = c1 * timeScale
        return slope.isFinite ? slope : nil
    }

    private static func dot(_ a: [Double], _ b: [Double]) -> Double {
        var sum = 0.0
        for index in a.indices {
            sum += a[index] * b[index]
        }
        return sum
    }

    private static func norm(_ a: [Double]) -> Double {
        dot(a, a).squareRoot()
    }

    private static func subtract(projectionOnto unit: [Double], from column: inout [Double]) {
        let projection = dot(unit, column)
        for index in column.indices {
            column[index] -= projection * unit[index]
        }
    }

    /// `column` scaled to unit length, or nil if it has (numerically) vanished relative to
    /// `originalNorm`.
    private static func normalised(_ column: [Double], originalNorm: Double) -> [Double]? {
        let length = norm(column)
        guard length.isFinite, originalNorm.isFinite, length > dependenceTolerance * originalNorm, length > 0 else {
            return nil
        }
        let inverse = 1 / length
        return column.map { $0 * inverse }
    }
}
