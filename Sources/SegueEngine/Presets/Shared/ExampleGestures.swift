import SegueMath

/// Builders for the presets' example gestures.
enum ExampleGestures {
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
}
