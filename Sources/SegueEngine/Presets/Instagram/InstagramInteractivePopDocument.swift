import SegueMath

/// `instagram.pop.interactive`: Instagram's drag-to-dismiss as a transition document (Kolos
/// Foltányi, “Replicating Instagram’s Shared Transition on iOS (UIKit)”, Part II's custom
/// interaction controller, and its code, github.com/Kolos65/InstagramTransition; YUI's variants
/// from github.com/yihui-hu/YUI). The finger scrubs the detail screen from full size toward
/// `1 − scaleRate` along x over the window's width, held at `minimumScale`
/// (`min(max(1 − rate·p, minimum), 1)`), the card following the finger scaled; the release
/// settles on the pop's ends (`InstagramPop.ends`).
enum InstagramInteractivePop {
    static let preset = ParametricDocument(
        description: PresetDescription(
            id: "instagram.pop.interactive", title: "Instagram drag-to-dismiss (interactive pop)",
            summary: "Dragging the detail screen shrinks it (to 0.6) into a rounded card that follows the finger; "
                + "released moving right it lands on its grid cell in 0.25 s, otherwise it returns.",
            source:
                "Kolos Foltányi, “Replicating Instagram’s Shared Transition on iOS (UIKit)”, and its code, github.com/Kolos65/InstagramTransition (Part II custom interaction controller)"
        ),
        sceneFields: InstagramScene.fields,
        parameters: InstagramKeys.animated
            + [ParameterSpec](
                InstagramKeys.minimumScale, InstagramKeys.scaleRate, InstagramKeys.releaseRule,
                InstagramKeys.progressMode, InstagramKeys.gate, SharedKeys.velocityEstimator,
                SharedKeys.touchResampling, InstagramKeys.springSettle, InstagramKeys.settleDampingRatio,
                InstagramKeys.translationFollowsFinger, InstagramKeys.keepMaskOnCancel),
        example: InstagramExampleGestures.interactivePop,
        rules: DecisionRules(InstagramReleaseRule.rules[0], others: Array(InstagramReleaseRule.rules.dropFirst()))
    ) { values, parameters in
        document(InstagramScene(values), parameters)
    }

    static func document(_ scene: InstagramScene, _ parameters: ParameterValues) -> TransitionDocument {
        let (start, onCell) = InstagramPop.ends(scene, parameters)
        let rate = parameters[InstagramKeys.scaleRate]
        let minimum = parameters[InstagramKeys.minimumScale]
        var shrunk = start
        shrunk.scale = 1 - rate
        // A cancel leaves the detail screen alone, with the original's mask if asked.
        var alone = InstagramState.detailAlone(scene)
        if parameters[InstagramKeys.keepMaskOnCancel] {
            alone.mask = scene.bounds
            alone.maskRadius = start.maskRadius
        }
        let states = [
            ("detail", start), ("shrunk", shrunk), ("cell", onCell), ("gone", InstagramPop.finished(onCell)),
            ("alone", alone), ("idle", InstagramState.detailAlone(scene)),
        ]
        let layers = scene.layers.all
        let first = start.poses(scene)
        let poses = states.enumerated().map { index, named in
            let changes = zip(named.1.poses(scene), first).map {
                InstagramDocument.change(to: $0, from: index == 0 ? LayerPose(frame: $1.frame) : $1, frame: index == 0)
            }
            return Pose(
                name: named.0,
                layers: Dictionary(
                    uniqueKeysWithValues: zip(layers, changes).compactMap { layer, change in
                        change == PoseChange() ? nil : (layer.id, change)
                    }))
        }
        var scrub = Scrub(from: "detail", to: "shrunk", axis: .x, distance: scene.window.width, overshoot: .extend)
        scrub.absolute = parameters[InstagramKeys.progressMode] == .absolute
        scrub.minimum = 0
        scrub.maximum = rate > 0 ? (1 - minimum) / rate : nil
        scrub.holds = .layers
        let duration = parameters[InstagramKeys.duration]
        let spring = parameters[InstagramKeys.springSettle]
        var settle = Settle(
            curve: spring
                ? .uikitSpring(
                    duration: duration, dampingRatio: parameters[InstagramKeys.settleDampingRatio], initialVelocity: 0)
                : parameters[InstagramKeys.curve].curve(duration: duration),
            velocityHandoff: spring)
        settle.along = "detail"
        let yui = parameters[InstagramKeys.gate] == .yui
        var pan = PanInteraction(
            direction: yui ? .right : .horizontal, scrub: scrub,
            follow: [Follow(layer: "detail", scaled: !parameters[InstagramKeys.translationFollowsFinger])],
            release: release(parameters[InstagramKeys.releaseRule], window: scene.window), settle: settle,
            velocityEstimator: parameters[SharedKeys.velocityEstimator],
            touchResampling: parameters[SharedKeys.touchResampling])
        pan.idle = "idle"
        pan.settled = ["cell": "gone", "detail": "alone"]
        pan.directionTest = .velocity
        // YUI also pops on a downward pull.
        if yui { pan.alsoStartsWhen = ReleaseCondition(tests: [ReleaseTest(.velocityAcross, .gt, 0)]) }
        return TransitionDocument(
            window: scene.window,
            layers: layers.map { DocumentLayer(id: $0.id, kind: $0.kind, fill: $0.fill, role: $0.role) },
            poses: poses, interaction: .pan(pan))
    }

    /// The release rules as guards named for the rule, finishing to the cell or cancelling
    /// (`InstagramReleaseRule`): ratios of the window are compared as points.
    static func release(_ rule: InstagramReleaseRule, window: Size) -> [ReleaseGuard] {
        func test(_ quantity: ReleaseTest.Quantity, _ comparison: ReleaseTest.Comparison, _ value: Double)
            -> ReleaseCondition
        { ReleaseCondition(tests: [ReleaseTest(quantity, comparison, value)]) }
        let fast = test(.velocity, .gt, 900)
        let finish: ReleaseCondition =
            switch rule {
            case .velocitySign:
                test(.velocity, .gt, 0)
            case .yui:
                ReleaseCondition(any: [
                    [
                        fast, test(.translation, .gt, 0.1 * window.width), test(.translation, .lt, -0.1 * window.width),
                        ReleaseCondition(
                            tests: [ReleaseTest(.velocity, .gt, 0)],
                            any: [
                                [
                                    test(.translationAcross, .gt, 0.1 * window.height),
                                    test(.translationAcross, .lt, -0.1 * window.height),
                                ]
                            ]),
                    ]
                ])
            case .projection:
                {
                    var projected = test(.translation, .gt, 0.3 * window.width)
                    projected.lookahead = 0.1
                    return ReleaseCondition(any: [[fast, projected]])
                }()
            }
        return [
            ReleaseGuard(id: rule.rawValue, when: finish, to: "cell", outcome: .finish),
            ReleaseGuard(id: rule.rawValue, to: "detail", outcome: .cancel),
        ]
    }
}
