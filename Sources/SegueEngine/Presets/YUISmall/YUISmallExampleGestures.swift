import SegueMath

/// The canonical gesture of seed-transitions.md §15.13, sampled at 60 Hz.
enum YUISmallExampleGestures {
    /// §15.13: a scroll that drags the content up by 300 pt over 0.5 s and holds for
    /// 0.1 s before lifting, so the list stops without coasting.
    static let pathTooltip: [GestureSample] = {
        let drag = ExampleGestures.linearDrag(from: Point(x: 200, y: 600), by: Point(x: 0, y: -300), over: 0.5)
        let lift = drag.count - 1
        var samples = Array(drag[..<lift])
        for step in 1...6 {
            samples.append(
                GestureSample(time: 0.5 + Double(step) / 60, location: Point(x: 200, y: 300), phase: .changed))
        }
        samples.append(GestureSample(time: 0.5 + 7.0 / 60, location: Point(x: 200, y: 300), phase: .ended))
        return samples
    }()
}
