import SegueMath

/// What an interactive preset decides over a grid of releases: translation along its drag axis
/// (columns) by release velocity along it (rows), each cell run as a whole simulation by a
/// `ReleaseProbe`, and the boundary between finish and cancel as polylines.
///
/// The boundary is traced by marching squares over the cell centres, so it passes between every
/// pair of neighbouring cells that disagree; each of its vertices is then moved along the segment
/// joining those two centres, by bisection with further probes, to where the outcome really
/// flips. A square whose four corners alternate (a saddle) is settled by probing its centre.
public struct DecisionMap: Sendable {
    public var translation: SampledSpan
    public var velocity: SampledSpan
    /// `outcomes[row][column]`: row `j` is `velocity.value(j)`, column `i` is `translation.value(i)`.
    public var outcomes: [[Decision.Outcome]]
    /// Each polyline runs from the grid's edge to its edge, or closes on itself (first point repeated).
    public var boundary: [[ReleasePoint]]
    /// Simulations run to draw the map (cells, saddles and refinement).
    public var probes: Int

    /// Bisection steps per boundary vertex: the vertex then lies within 1/256 of a cell of the flip.
    static let refinementSteps = 8
    /// Refinement may cost at most this many probes per cell of the grid; a boundary so ragged that
    /// it needs more (a map of noise) gets fewer bisection steps per vertex.
    static let refinementProbesPerCell = 4

    /// Probes every cell of `translation` × `velocity` with `probe`. Checks `probe`'s cancellation
    /// between rows and during the boundary's refinement.
    public static func compute(
        probe: ReleaseProbe, translation: SampledSpan, velocity: SampledSpan
    ) throws(SimulationError) -> DecisionMap {
        var outcomes: [[Decision.Outcome]] = []
        outcomes.reserveCapacity(velocity.steps)
        for row in 0..<velocity.steps {
            if probe.isCancelled { throw .cancelled }
            var line: [Decision.Outcome] = []
            line.reserveCapacity(translation.steps)
            for column in 0..<translation.steps {
                line.append(
                    try probe.outcome(
                        at: ReleasePoint(translation: translation.value(column), velocity: velocity.value(row))))
            }
            outcomes.append(line)
        }
        var map = DecisionMap(
            translation: translation, velocity: velocity, outcomes: outcomes, boundary: [],
            probes: translation.steps * velocity.steps)
        try map.traceBoundary(with: probe)
        return map
    }

    /// The outcome of the cell at `column`, `row`.
    public func outcome(column: Int, row: Int) -> Decision.Outcome {
        outcomes[row][column]
    }

    /// The release at the centre of a cell.
    func point(_ corner: Corner) -> ReleasePoint {
        ReleasePoint(translation: translation.value(corner.column), velocity: velocity.value(corner.row))
    }

    /// A cell centre, as a corner of marching squares' squares.
    struct Corner: Hashable {
        var column: Int
        var row: Int
    }

    /// A segment between two neighbouring cell centres whose outcomes differ: where the boundary
    /// crosses. `from` is the lower-left end.
    struct Crossing: Hashable {
        var from: Corner
        var horizontal: Bool
        var to: Corner {
            horizontal ? Corner(column: from.column + 1, row: from.row) : Corner(column: from.column, row: from.row + 1)
        }
    }

    /// Marching squares, then chaining the segments into polylines, then refinement.
    private mutating func traceBoundary(with probe: ReleaseProbe) throws(SimulationError) {
        var neighbours: [Crossing: [Crossing]] = [:]
        func link(_ a: Crossing, _ b: Crossing) {
            neighbours[a, default: []].append(b)
            neighbours[b, default: []].append(a)
        }
        func finishes(_ corner: Corner) -> Bool { outcome(column: corner.column, row: corner.row) == .finish }
        guard translation.steps > 1, velocity.steps > 1 else { return }
        for row in 0..<(velocity.steps - 1) {
            for column in 0..<(translation.steps - 1) {
                let lowerLeft = Corner(column: column, row: row)
                let lowerRight = Corner(column: column + 1, row: row)
                let upperLeft = Corner(column: column, row: row + 1)
                let bottom = Crossing(from: lowerLeft, horizontal: true)
                let top = Crossing(from: upperLeft, horizontal: true)
                let left = Crossing(from: lowerLeft, horizontal: false)
                let right = Crossing(from: lowerRight, horizontal: false)
                let crossed = [bottom, right, top, left].filter { finishes($0.from) != finishes($0.to) }
                switch crossed.count {
                case 2:
                    link(crossed[0], crossed[1])
                case 4:
                    // A saddle: the centre says whether the lower-left and upper-right corners join.
                    let centre = ReleasePoint(
                        translation: (point(lowerLeft).translation + point(lowerRight).translation) / 2,
                        velocity: (point(lowerLeft).velocity + point(upperLeft).velocity) / 2)
                    probes += 1
                    let centreFinishes = try probe.outcome(at: centre) == .finish
                    if centreFinishes == finishes(lowerLeft) {
                        link(bottom, right)  // cuts off the lower-right corner
                        link(top, left)  // and the upper-left
                    } else {
                        link(bottom, left)
                        link(top, right)
                    }
                default:
                    break
                }
            }
        }
        let chains = Self.chain(neighbours)
        let vertices = chains.reduce(0) { $0 + $1.count }
        let budget = Self.refinementProbesPerCell * translation.steps * velocity.steps
        let steps = vertices == 0 ? 0 : min(Self.refinementSteps, budget / vertices)
        var refined: [Crossing: ReleasePoint] = [:]
        boundary = []
        for chain in chains {
            if probe.isCancelled { throw .cancelled }
            var line: [ReleasePoint] = []
            for crossing in chain {
                if let known = refined[crossing] {
                    line.append(known)
                    continue
                }
                let flip = try flipPoint(crossing, steps: steps, probe: probe)
                refined[crossing] = flip
                line.append(flip)
            }
            boundary.append(line)
        }
    }

    /// Where along `crossing` the outcome changes, by `steps` bisections (the midpoint with none).
    private mutating func flipPoint(_ crossing: Crossing, steps: Int, probe: ReleaseProbe) throws(SimulationError)
        -> ReleasePoint
    {
        let start = point(crossing.from)
        let end = point(crossing.to)
        let startOutcome = outcome(column: crossing.from.column, row: crossing.from.row)
        func at(_ fraction: Double) -> ReleasePoint {
            ReleasePoint(
                translation: start.translation + (end.translation - start.translation) * fraction,
                velocity: start.velocity + (end.velocity - start.velocity) * fraction)
        }
        probes += steps
        return at(
            try Bisection.midpoint(kept: 0, changed: 1, steps: steps) { fraction throws(SimulationError) in
                try probe.outcome(at: at(fraction)) == startOutcome
            })
    }

    /// Joins linked crossings into polylines: first those with an end at the grid's edge (a
    /// crossing with one neighbour), then the closed loops that remain.
    static func chain(_ neighbours: [Crossing: [Crossing]]) -> [[Crossing]] {
        var visited: Set<Crossing> = []
        var chains: [[Crossing]] = []
        // A fixed order, so the same map always gives the same polylines.
        let ordered = neighbours.keys.sorted {
            ($0.from.row, $0.from.column, $0.horizontal ? 0 : 1) < ($1.from.row, $1.from.column, $1.horizontal ? 0 : 1)
        }
        func walk(from start: Crossing) -> [Crossing] {
            var chain = [start]
            visited.insert(start)
            var current = start
            while let next = neighbours[current]?.first(where: { !visited.contains($0) }) {
                chain.append(next)
                visited.insert(next)
                current = next
            }
            if chain.count > 2, neighbours[current]?.contains(start) == true {
                chain.append(start)  // a loop: closed
            }
            return chain
        }
        for crossing in ordered where !visited.contains(crossing) && neighbours[crossing]?.count == 1 {
            chains.append(walk(from: crossing))
        }
        for crossing in ordered where !visited.contains(crossing) {
            chains.append(walk(from: crossing))
        }
        return chains
    }
}
