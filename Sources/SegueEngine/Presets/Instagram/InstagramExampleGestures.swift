import SegueMath

/// The canonical gestures of seed-transitions.md §15.3–§15.4, sampled at 60 Hz.
enum InstagramExampleGestures {

    /// §15.4: from (60, 500) the translation grows to (117, 40) in 0.2 s (585, 200 pt/s).
    static let interactivePop = ExampleGestures.linearDrag(
        from: Point(x: 60, y: 500), by: Point(x: 117, y: 40), over: 0.2)

    /// §15.3: from (30, 420) tx grows to 156 over 0.25 s (624 pt/s); p = 0.4 at release.
    static let percentDrivenPop = ExampleGestures.linearDrag(
        from: Point(x: 30, y: 420), by: Point(x: 156, y: 0), over: 0.25)
}
