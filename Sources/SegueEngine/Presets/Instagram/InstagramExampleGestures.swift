import SegueMath

/// The canonical gestures of seed-transitions.md §15.3–§15.4, sampled at 60 Hz.
enum InstagramExampleGestures {
    /// A drag from `start` whose translation grows linearly to `end` over `seconds`,
    /// then a lift at the last position one frame later.
    static func linearDrag(from start: Point, by end: Point, over seconds: Double) -> [GestureSample] {
        let steps = Int((seconds * 60).rounded())
        var samples = [GestureSample(time: 0, location: start, phase: .began)]
        for step in 1...steps {
            let fraction = Double(step) / Double(steps)
            samples.append(
                GestureSample(time: Double(step) / 60, location: start + end * fraction, phase: .changed))
        }
        samples.append(GestureSample(time: Double(steps + 1) / 60, location: start + end, phase: .ended))
        return samples
    }

    /// §15.4: from (60, 500) the translation grows to (117, 40) in 0.2 s (585, 200 pt/s).
    static let interactivePop = linearDrag(from: Point(x: 60, y: 500), by: Point(x: 117, y: 40), over: 0.2)

    /// §15.3: from (30, 420) tx grows to 156 over 0.25 s (624 pt/s); p = 0.4 at release.
    static let percentDrivenPop = linearDrag(from: Point(x: 30, y: 420), by: Point(x: 156, y: 0), over: 0.25)
}
