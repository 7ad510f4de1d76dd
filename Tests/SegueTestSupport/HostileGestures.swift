/// Gestures made to break the promises live drive and decisions rest on: a sent frame never
/// changes when later samples arrive, and a decision reads what the frames show.
///
/// A well-behaved drag (one direction, even speed, lifted where it last moved) passes code that
/// reads the whole gesture, or the lift-off point, where it should read only the past. These
/// drags turn back past their start, pause, speed up and slow down, regrab where a preset
/// accepts a second stroke, put samples exactly on frame times and just off them, and lift
/// while still moving fast (the `ended` sample far from the last `changed` one). Plain values,
/// so that engine tests and HTTP tests share one generator.
public struct HostileGesture: Sendable, CustomStringConvertible {
    public struct Sample: Sendable, Hashable {
        public var time: Double
        public var x: Double
        public var y: Double
        /// `began`, `changed`, `ended` or `cancelled`.
        public var phase: String
    }

    /// What the drag tries, for a failure's name.
    public var name: String
    public var samples: [Sample]

    public var description: String { name }

    /// The kinds of trouble, each a short stretch of the drag.
    enum Move: CaseIterable {
        case along, reverse, pause, burst, crawl, sideways
    }

    /// `count` drags from `start`, heading `heading` (points over the whole example drag), with
    /// sample times that fall on `frameRate`'s grid (and just off it) as often as not.
    /// - Parameters:
    ///   - regrab: whether the preset accepts a second stroke; if so some drags lift and touch down again.
    public static func drags(
        from start: (x: Double, y: Double), heading: (x: Double, y: Double), startTime: Double = 0,
        frameRate: Double = 60, regrab: Bool = false, count: Int, seed: UInt64
    ) -> [HostileGesture] {
        var generator = SeededGenerator(seed: seed)
        let length = max((heading.x * heading.x + heading.y * heading.y).squareRoot(), 1)
        let unit = (x: heading.x / length, y: heading.y / length)
        let frame = 1 / frameRate
        var drags: [HostileGesture] = []
        for index in 0..<count {
            var moves: [String] = []
            var samples = [Sample(time: startTime, x: start.x, y: start.y, phase: "began")]
            var time = startTime
            var x = start.x
            var y = start.y
            let strokes = regrab && index % 3 == 2 ? 2 : 1
            for stroke in 0..<strokes {
                if stroke > 0 {
                    time += Double.random(in: 0.05...0.3, using: &generator)
                    samples.append(Sample(time: time, x: x, y: y, phase: "began"))
                    moves.append("regrab")
                }
                let stretches = Int.random(in: 3...6, using: &generator)
                for _ in 0..<stretches {
                    let move = Move.allCases.randomElement(using: &generator) ?? .along
                    moves.append("\(move)")
                    let steps = Int.random(in: 2...8, using: &generator)
                    // Points per second along the heading (negative: back toward and past the start).
                    let speed: Double
                    var across = 0.0
                    switch move {
                    case .along: speed = Double.random(in: 200...900, using: &generator)
                    case .reverse: speed = -Double.random(in: 300...1500, using: &generator)
                    case .pause: speed = 0
                    case .burst:
                        speed =
                            Double.random(in: 1500...4000, using: &generator)
                            * (Bool.random(using: &generator) ? 1 : -1)
                    case .crawl: speed = Double.random(in: 5...40, using: &generator)
                    case .sideways:
                        speed = 0
                        across = Double.random(in: -900...900, using: &generator)
                    }
                    for _ in 0..<steps {
                        let dt = nextStep(after: time - startTime, frame: frame, using: &generator)
                        time += dt
                        x += (unit.x * speed - unit.y * across) * dt
                        y += (unit.y * speed + unit.x * across) * dt
                        samples.append(Sample(time: time, x: x, y: y, phase: "changed"))
                    }
                }
                // The lift: often while moving fast, far from the last changed sample.
                let dt = nextStep(after: time - startTime, frame: frame, using: &generator)
                time += dt
                let fling = Bool.random(using: &generator) ? Double.random(in: 800...3000, using: &generator) : 0
                let sign: Double = Bool.random(using: &generator) ? 1 : -1
                x += unit.x * fling * sign * dt
                y += unit.y * fling * sign * dt
                let last = stroke == strokes - 1
                let cancelled = last && index % 5 == 4
                samples.append(Sample(time: time, x: x, y: y, phase: cancelled ? "cancelled" : "ended"))
                moves.append(fling > 0 ? "fling \(sign > 0 ? "on" : "back")" : "lift")
                if cancelled { moves.append("cancelled") }
            }
            drags.append(HostileGesture(name: "hostile \(index): " + moves.joined(separator: ", "), samples: samples))
        }
        return drags
    }

    /// The time to the next sample, `time` counted from touch-down (where the frame grid starts):
    /// exactly onto the next frame time, just off one (2 µs either side, past the 1 µs within
    /// which a sample is taken as on the frame), or uneven (2–40 ms).
    static func nextStep(after time: Double, frame: Double, using generator: inout SeededGenerator) -> Double {
        let nextFrame = ((time / frame).rounded(.down) + 1) * frame
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: return nextFrame - time > 1e-4 ? nextFrame - time : nextFrame - time + frame
        case 1: return nextFrame - time + frame + (Bool.random(using: &generator) ? 2e-6 : -2e-6)
        default: return Double.random(in: 0.002...0.040, using: &generator)
        }
    }
}
