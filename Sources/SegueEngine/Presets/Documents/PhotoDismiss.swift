import SegueMath

/// `photo.dragToDismiss`: a full-screen photo the finger moves freely, shrinking as it is pulled
/// down and thrown away by velocity or by where its velocity would carry it, written only as a
/// transition document. The projection is the one of Apple's WWDC 2018 "Designing Fluid
/// Interfaces" (decay rate 0.99 per millisecond, as its photo example uses); a drag that does not
/// go far enough springs back with the finger's velocity.
enum PhotoDismiss {
    static let id = "photo.dragToDismiss"
    static let width = 390.0
    static let height = 844.0
    static let photo = Rect(x: 0, y: 227, width: width, height: width)

    static let document = TransitionDocument(
        window: Size(width: width, height: height),
        layers: [
            DocumentLayer(id: "backdrop", kind: .solid, fill: .black),
            DocumentLayer(id: "photo", kind: .image, fill: Color(hex: 0x8AA1B1)),
        ],
        poses: [
            Pose(
                name: "shown",
                layers: [
                    "backdrop": PoseChange(frame: Rect(x: 0, y: 0, width: width, height: height), opacity: 1),
                    "photo": PoseChange(frame: photo),
                ]),
            Pose(
                name: "shrunk",
                layers: ["backdrop": PoseChange(opacity: 0), "photo": PoseChange(scale: 0.6, cornerRadius: 16)]),
            Pose(
                name: "gone",
                layers: [
                    "backdrop": PoseChange(opacity: 0),
                    "photo": PoseChange(scale: 0.6, translation: Point(x: 0, y: height), opacity: 0, cornerRadius: 16),
                ]),
        ],
        interaction: .pan(
            PanInteraction(
                startsIn: .layer("photo"), direction: .any,
                scrub: Scrub(from: "shown", to: "shrunk", axis: .y, distance: 400, overshoot: .clamp),
                follow: [Follow(layer: "photo")],
                release: [
                    ReleaseGuard(
                        id: "thrown", when: ReleaseCondition(tests: [ReleaseTest(.velocity, .gt, 1000)]), to: "gone",
                        outcome: .finish),
                    ReleaseGuard(
                        id: "projected", when: ReleaseCondition(tests: [ReleaseTest(.projected, .gt, 0.5)], rate: 0.99),
                        to: "gone", outcome: .finish),
                    ReleaseGuard(id: "back", to: "shown", outcome: .cancel),
                ],
                settle: Settle(
                    curve: nil,
                    perTarget: [
                        "gone": .cubic(NamedCurve.easeOut.bezier, duration: 0.25),
                        "shown": .uikitSpring(duration: 0.45, dampingRatio: 0.8, initialVelocity: 0),
                    ],
                    velocityHandoff: true))))

    static let description = PresetDescription(
        id: id, title: "Photo drag to dismiss (a document)",
        summary: "A pan on the photo moves it with the finger, shrinking it and fading the backdrop as it is "
            + "pulled down over 400 pt; released faster than 1000 pt/s down, or projected past half way, it is "
            + "thrown away, otherwise it springs back with the finger's velocity. Written only as a transition "
            + "document.",
        source: "Apple, WWDC 2018 \u{201C}Designing Fluid Interfaces\u{201D} (projection with a 0.99 decay rate; "
            + "the Photos app's drag to dismiss)")

    /// From the photo's centre, 200 pt down and 30 pt right in 0.3 s: slower than a throw, but
    /// projected past half way.
    static let example = ExampleGestures.linearDrag(
        from: Point(x: photo.midX, y: photo.midY), by: Point(x: 30, y: 200), over: 0.3)
}
