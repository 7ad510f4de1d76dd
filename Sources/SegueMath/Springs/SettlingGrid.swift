import Glibc

/// Core Animation's settling time for a critically or over-damped spring, found in a
/// bounded number of steps (motion-math.md §2.7).
///
/// The definition: on the grid t_i = i·0.1 s, i = 0…1 000 000 (100 000 s, far beyond any
/// spring a person would use), the first i at which the remaining fraction |1 − progress|
/// is below ε and stays below it for the next ten grid points (a second); infinity when
/// no such run fits on the grid. Scanning the grid point by point costs up to a million
/// evaluations per call, and one simulation may call it twice per stroke of a gesture
/// with thousands of strokes: seconds of CPU for one request.
///
/// The search uses the shape of the motion instead. For ζ ≥ 1 the displacement x(t) is
/// e^(−ω0 t)·(1 + C·t) or c1·e^(s1 t) + c2·e^(s2 t): x and x′ each have at most one zero
/// for t > 0, both in closed form (`turningTimes`). Between those times |x| is monotone,
/// so on each of the at most three pieces of the grid they cut, the points at rest are a
/// prefix or a suffix of the piece, found by bisection from the piece's two ends. The runs
/// of points at rest are then joined across pieces and the first one at least eleven
/// points long is the answer: the same grid point the scan finds, because the scan's
/// answer depends only on which grid points are at rest, and each point's test is the
/// scan's own expression (`isAtRest`).
///
/// Rounding makes a computed sequence only as monotone as its values are distinct: a
/// piece could be misjudged only where |x| stays within rounding error of ε over several
/// grid points (an extremum whose height is ε to sixteen digits), which no seeded spring
/// of the tests has reached.
public struct SettlingGrid: Sendable, Hashable {
    /// What a search found, and what it cost.
    public struct Search: Sendable, Hashable {
        /// The settling time, seconds: a multiple of `SettlingGrid.step`, or infinity.
        public var duration: Double
        /// How many times the motion was evaluated.
        public var evaluations: Int

        public init(duration: Double, evaluations: Int) {
            self.duration = duration
            self.evaluations = evaluations
        }
    }

    /// The grid's spacing, seconds.
    public static let step = 0.1
    /// Grid points after the first one at rest that must also be at rest (the next second).
    public static let steadyCount = 10
    /// The last grid index searched: 100 000 s.
    public static let maximumSteps = 1_000_000
    /// The most evaluations one search makes: up to three pieces, each two ends and at
    /// most ⌈log2(1 000 000)⌉ = 20 halvings between them, so 3·(2 + 20).
    public static let maximumEvaluations = 66

    public let spring: Spring
    /// In fractions of the whole change per second, positive toward the target.
    public let initialVelocity: Double
    public let epsilon: Double

    public init(spring: Spring, initialVelocity: Double, epsilon: Double) {
        self.spring = spring
        self.initialVelocity = initialVelocity
        self.epsilon = epsilon
    }

    /// Whether grid point `index` is at rest: the point-by-point scan's own test.
    public func isAtRest(_ index: Int) -> Bool {
        abs(1 - spring.progress(at: Double(index) * Self.step, initialVelocity: initialVelocity).value) < epsilon
    }

    /// The first grid time at which the spring is at rest for a second, and the cost.
    public func search() -> Search {
        var evaluations = 0
        func atRest(_ index: Int) -> Bool {
            evaluations += 1
            return isAtRest(index)
        }
        var runs: [ClosedRange<Int>] = []
        for piece in pieces() {
            let first = atRest(piece.lowerBound)
            let last = piece.count == 1 ? first : atRest(piece.upperBound)
            switch (first, last) {
            case (true, true):
                runs.append(piece)
            case (false, true):
                // A suffix is at rest: the first point of it lies in (below, above].
                var (below, above) = (piece.lowerBound, piece.upperBound)
                while above - below > 1 {
                    let middle = below + (above - below) / 2
                    if atRest(middle) { above = middle } else { below = middle }
                }
                runs.append(above...piece.upperBound)
            case (true, false):
                // A prefix is at rest: its last point lies in [at, past).
                var (at, past) = (piece.lowerBound, piece.upperBound)
                while past - at > 1 {
                    let middle = at + (past - at) / 2
                    if atRest(middle) { at = middle } else { past = middle }
                }
                runs.append(piece.lowerBound...at)
            case (false, false):
                break
            }
        }
        var joined: [ClosedRange<Int>] = []
        for run in runs {
            if let previous = joined.last, previous.upperBound + 1 >= run.lowerBound {
                joined[joined.count - 1] = previous.lowerBound...run.upperBound
            } else {
                joined.append(run)
            }
        }
        let settled = joined.first { $0.count > Self.steadyCount }
        return Search(
            duration: settled.map { Double($0.lowerBound) * Self.step } ?? .infinity, evaluations: evaluations)
    }

    /// The grid 0…`maximumSteps` cut after the last grid point at or before each turning
    /// time, so that |x| is monotone on each piece.
    func pieces() -> [ClosedRange<Int>] {
        var starts = [0]
        for time in turningTimes().sorted() {
            let position = time / Self.step
            // Checked before it becomes an Int: a turning time may be NaN, infinite or far off the grid.
            guard position.isFinite, position >= 0, position < Double(Self.maximumSteps),
                let last = Int(rounding: position, .down), let previous = starts.last, last + 1 > previous
            else { continue }
            starts.append(last + 1)
        }
        return starts.indices.map { index in
            starts[index]...(index + 1 < starts.count ? starts[index + 1] - 1 : Self.maximumSteps)
        }
    }

    /// The times, seconds, at which x (displacement from the target, starting at 1) or x′
    /// is zero, computed as `Spring.displacement` computes the motion; a value that is not
    /// a positive finite time means there is no such zero. Only the regime the motion
    /// renders in matters: critical (|ζ − 1| < 1e-9, or ζ > 1 without over-damping) or
    /// over-damped. At a damping ratio within rounding of 1 − 1e-9, which `settlingDuration`
    /// may send here while `displacement` evaluates it as under-damped, the oscillation is so
    /// slow (its period is over 10⁴ decay times) that its first lobe is the critical one and
    /// every later turn lies far below ε.
    func turningTimes() -> [Double] {
        let omega = spring.naturalFrequency
        let zeta = spring.renderedDampingRatio
        let v0 = -initialVelocity
        guard zeta > 1, abs(zeta - 1) >= 1e-9 else {
            // x = e^(−ω0 t)·(1 + C·t), x′ = e^(−ω0 t)·(v0 − ω0·C·t), C = v0 + ω0.
            let c = v0 + omega
            return [-1 / c, v0 / (omega * c)]
        }
        // x = c1·e^(s1 t) + c2·e^(s2 t), x′ = s1·c1·e^(s1 t) + s2·c2·e^(s2 t).
        let beta = zeta * omega
        let omegaO = omega * (zeta * zeta - 1).squareRoot()
        let s1 = -beta + omegaO
        let s2 = -beta - omegaO
        let c1 = (v0 - s2 * 1) / (s1 - s2)
        let c2 = 1 - c1
        return [log(-c2 / c1) / (s1 - s2), log(-(s2 * c2) / (s1 * c1)) / (s1 - s2)]
    }
}
