import SegueMath

/// The canonical gestures of seed-transitions.md §15.11–§15.13, sampled at 60 Hz.
enum YUISmallExampleGestures {
    /// §15.11: a leftward pan on the middle row from (300, 222) to dx = −100 over 0.25 s
    /// (400 pt/s), past the 93.6 pt threshold, so the row is deleted.
    static let twitterSwipe = InstagramExampleGestures.linearDrag(
        from: Point(x: 300, y: 222), by: Point(x: -100, y: 0), over: 0.25)
}
