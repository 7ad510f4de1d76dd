import SegueMath

/// `ios.swipeBack`: UINavigationController's interactive pop, written only as a transition
/// document. UIKit's own pop is not public, so this emulates it from two public emulations:
/// Flutter's `CupertinoPageRoute` (its back gesture: a 20 pt edge, a fling of one screen width
/// per second decides by its sign, otherwise progress past 0.5 finishes; the page below moves
/// in from a third of its width) and React Navigation's iOS card (a 50 pt edge; its
/// `gestureResponseDistance`). Flutter scales its settle's length by the way left (up to
/// 800 ms); a document has one duration per target, so both settle in 400 ms on Flutter's
/// `Curves.fastLinearToSlowEaseIn`.
enum SwipeBack {
    static let id = "ios.swipeBack"
    static let width = 390.0
    static let height = 844.0

    static let document = TransitionDocument(
        window: Size(width: width, height: height),
        layers: [
            DocumentLayer(id: "previous", kind: .content, fill: Color(hex: 0xF2F2F7)),
            DocumentLayer(id: "current", kind: .content, fill: .white),
        ],
        poses: [
            Pose(
                name: "pushed",
                layers: [
                    "previous": PoseChange(
                        frame: Rect(x: 0, y: 0, width: width, height: height), translation: Point(x: -width / 3, y: 0)),
                    "current": PoseChange(
                        frame: Rect(x: 0, y: 0, width: width, height: height),
                        shadow: .set(PoseShadow(color: .black, opacity: 0.2, radius: 8, offset: Point(x: -2, y: 0)))),
                ]),
            Pose(
                name: "popped",
                layers: [
                    "previous": PoseChange(translation: .zero),
                    "current": PoseChange(
                        translation: Point(x: width, y: 0),
                        shadow: .set(PoseShadow(color: .black, opacity: 0, radius: 8, offset: Point(x: -2, y: 0)))),
                ]),
        ],
        interaction: .pan(
            PanInteraction(
                startsIn: .edge(.left, width: 20), direction: .right,
                scrub: Scrub(from: "pushed", to: "popped", axis: .x, distance: width, overshoot: .clamp),
                release: [
                    ReleaseGuard(
                        id: "fling", when: ReleaseCondition(tests: [ReleaseTest(.velocity, .gt, width)]), to: "popped",
                        outcome: .finish),
                    ReleaseGuard(
                        id: "flingBack", when: ReleaseCondition(tests: [ReleaseTest(.velocity, .lt, -width)]),
                        to: "pushed", outcome: .cancel),
                    ReleaseGuard(
                        id: "pastHalf", when: ReleaseCondition(tests: [ReleaseTest(.progress, .gt, 0.5)]), to: "popped",
                        outcome: .finish),
                    ReleaseGuard(id: "otherwise", to: "pushed", outcome: .cancel),
                ],
                settle: Settle(curve: .cubic(CubicBezier.fastLinearToSlowEaseIn, duration: 0.4)))))

    static let description = PresetDescription(
        id: id, title: "iOS swipe back (emulated, a document)",
        summary: "A pan from within 20 pt of the left edge drags the top screen right, the one below sliding in "
            + "from a third of its width; released, a fling faster than one screen width per second decides by "
            + "its direction, otherwise progress past 0.5 pops. Emulated: UIKit's own interactive pop is not "
            + "public. Written only as a transition document.",
        source: "Flutter's CupertinoPageRoute back gesture (github.com/flutter/flutter, packages/flutter/lib/src/"
            + "cupertino/route.dart: 20 pt edge, 1 screen width/s fling, 0.5, 1/3 parallax) and React Navigation's "
            + "iOS card (gestureResponseDistance 50 pt)")

    /// From 10 pt off the edge, 200 pt right in 0.3 s, then lifted: past half by velocity alone.
    static let example = ExampleGestures.linearDrag(
        from: Point(x: 10, y: 400), by: Point(x: 200, y: 0), over: 0.3)
}

extension CubicBezier {
    /// Flutter's `Curves.fastLinearToSlowEaseIn`: Cubic(0.18, 1.0, 0.04, 1.0).
    static let fastLinearToSlowEaseIn = CubicBezier(x1: 0.18, y1: 1, x2: 0.04, y2: 1) ?? .linear
}
