import SegueMath

/// `instagram.pop.percentDriven`: a horizontal pan scrubs the pop with
/// `UIPercentDrivenInteractiveTransition` (progress tx / W); released moving right it finishes,
/// otherwise it plays back, the rest at `completionSpeed`, as a transition document (Kolos
/// Foltányi, “Replicating Instagram’s Shared Transition on iOS (UIKit)”, Part II's first attempt,
/// and its code, github.com/Kolos65/InstagramTransition). The detail screen sits alone until the
/// pan begins; the pop's ends are `instagram.pop`'s.
enum InstagramPercentDrivenPop {
    static let preset = ParametricDocument(
        description: PresetDescription(
            id: "instagram.pop.percentDriven", title: "Instagram pop scrubbed by a pan (percent-driven)",
            summary: "A horizontal pan scrubs the shrink-to-cell pop (progress = tx / W); released moving right it "
                + "finishes, otherwise it plays back.",
            source:
                "Kolos Foltányi, “Replicating Instagram’s Shared Transition on iOS (UIKit)”, and its code, github.com/Kolos65/InstagramTransition (Part II, UIPercentDrivenInteractiveTransition)"
        ),
        sceneFields: InstagramScene.fields,
        parameters: InstagramKeys.animated
            + [ParameterSpec](InstagramKeys.completionSpeed, SharedKeys.velocityEstimator, SharedKeys.touchResampling),
        example: InstagramExampleGestures.percentDrivenPop
    ) { values, parameters in
        let scene = InstagramScene(values)
        let (start, end) = InstagramPop.ends(scene, parameters)
        var scrub = Scrub(from: "detail", to: "cell", axis: .x, distance: scene.window.width)
        scrub.percentDriven = PercentDriven(
            curve: parameters[InstagramKeys.curve].curve(duration: parameters[InstagramKeys.duration]),
            completionSpeed: parameters[InstagramKeys.completionSpeed])
        // Foltányi's handler: finish() if recognizer.velocity(in: window).x > 0, else cancel().
        var pan = PanInteraction(
            direction: .horizontal, scrub: scrub,
            release: [
                ReleaseGuard(
                    id: "velocitySign", when: ReleaseCondition(tests: [ReleaseTest(.velocity, .gt, 0)]), to: "cell",
                    outcome: .finish),
                ReleaseGuard(id: "velocitySign", to: "detail", outcome: .cancel),
            ],
            settle: Settle(curve: nil), velocityEstimator: parameters[SharedKeys.velocityEstimator],
            touchResampling: parameters[SharedKeys.touchResampling])
        // The pan begins only when |vx| > |vy| (Foltányi's gestureRecognizerShouldBegin).
        pan.directionTest = .velocity
        pan.idle = "alone"
        pan.settled = ["cell": "gone", "detail": "alone"]
        return InstagramDocument.document(
            scene,
            poses: [
                ("detail", start), ("cell", end), ("gone", InstagramPop.finished(end)),
                ("alone", .detailAlone(scene)),
            ],
            interaction: .pan(pan))
    }
}
