import SegueMath

/// The canonical gestures of seed-transitions.md §15.11–§15.13, sampled at 60 Hz.
enum YUISmallExampleGestures {
    /// §15.11: a leftward pan on the middle row from (300, 222) to dx = −100 over 0.25 s
    /// (400 pt/s), past the 93.6 pt threshold, so the row is deleted.
    static let twitterSwipe = ExampleGestures.linearDrag(
        from: Point(x: 300, y: 222), by: Point(x: -100, y: 0), over: 0.25)
}

extension YUISmallExampleGestures {
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
