import SegueMath

/// The App Store family's example gestures (scene F, seed-transitions.md §15.7), at 60 Hz.
enum AppStoreExampleGestures {
    /// A touch on card 0's centre, lifted after 0.15 s, mid-spring: the card turns around
    /// from about two thirds pressed.
    static let highlight = [
        GestureSample(time: 0, location: Point(x: 195, y: 277), phase: .began),
        GestureSample(time: 0.15, location: Point(x: 195, y: 277), phase: .ended),
    ]

    /// §15.7 test 2: at the scroll top, a drag down from (195, 300) at 400 pt/s; the
    /// sample at y = 400 (t = 0.25 s) reaches progress 1 and dismisses, finger still down.
    static let interactiveDismiss = ExampleGestures.linearDrag(
        from: Point(x: 195, y: 300), by: Point(x: 0, y: 120), over: 0.3)
}
