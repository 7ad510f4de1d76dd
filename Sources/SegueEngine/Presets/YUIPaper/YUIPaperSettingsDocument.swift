import SegueMath

/// The Facebook Paper settings pull-down (`yui.fbPaper.settings`) as a transition document
/// (the YUI gallery, github.com/yihui-hu/YUI, HomeView's settings pan).
/// The scrub moves the scales and the settings' fade; the home follows the finger along y,
/// scaled as its transform scales the drag: opening, translate(0, ty) then scale s = 1 − 0.04p
/// (a shift s·ty); closing, the shown transform, then translate(0, ty) and scale k = 1 + 0.04p
/// (a shift k·(0.96·maxT + ty)). So the scrub's far pose holds the scales with the shown shift
/// scaled, and the settle heads for `shown` or `hidden` as the release decides (§10.4: a flick
/// over 500 pt/s by its direction, else ty/maxT > 0.5 shows; a change toggles, none snaps back).
enum YUIPaperSettingsDocument {
    static func build(_ sceneValues: ParameterValues, _ parameters: ParameterValues) -> TransitionDocument {
        typealias Keys = YUIPaperSettings.Keys
        let scene = YUIPaperScene(sceneValues)
        let fromShown = sceneValues[Keys.settingsShown]
        let maxT = parameters[Keys.maxTranslation] * scene.window.height
        let visible = parameters[Keys.visibleScale]
        let hidden = parameters[Keys.settingsHiddenScale]
        func pose(_ name: String, home: Double, shift: Double, settings: Double, opacity: Double) -> Pose {
            Pose(
                name: name,
                layers: [
                    "settings": PoseChange(scale: PoseScale(settings), opacity: opacity),
                    "home": PoseChange(scale: PoseScale(home), translation: Point(x: 0, y: shift)),
                ])
        }
        let shown = pose("shown", home: visible, shift: visible * maxT, settings: 1, opacity: 1)
        let rest = pose("hidden", home: 1, shift: 0, settings: hidden, opacity: 0)
        // The drag's far end (p = 1): opening, the shown look before the finger's shift; closing,
        // the shown transform scaled by 1 + 0.04 with the settings hidden.
        let grown = (2 - visible) * visible
        var poses =
            fromShown
            ? [shown, pose("closed", home: grown, shift: grown * maxT, settings: hidden, opacity: 0), rest]
            : [rest, pose("open", home: visible, shift: 0, settings: 1, opacity: 1), shown]
        for id in ["settings", "home"] { poses[0].layers[id]?.frame = scene.bounds }
        poses[0].layers["home"]?.cornerRadius = scene.displayCornerRadius
        var scrub = Scrub(
            from: poses[0].name, to: poses[1].name, axis: .y, distance: maxT, overshoot: .extend,
            sign: fromShown ? -1 : 1)
        scrub.minimum = 0
        var follow = Follow(layer: "home", scaled: true, axes: .y)
        follow.relative = true
        // Velocity and lift-off progress are along the drag (−vy and −ty/maxT when closing).
        let flick = parameters[Keys.flickVelocity]
        let threshold = parameters[Keys.progressThreshold]
        let toggled = poses[2].name
        let kept = poses[0].name
        func rule(_ test: ReleaseTest?, show: Bool) -> ReleaseGuard {
            let toggles = show != fromShown
            return ReleaseGuard(
                id: "flickOrHalf", when: test.map { ReleaseCondition(tests: [$0]) }, to: toggles ? toggled : kept,
                outcome: toggles ? .finish : .cancel)
        }
        let release =
            fromShown
            ? [
                rule(ReleaseTest(.velocity, .lt, -flick), show: true),
                rule(ReleaseTest(.velocity, .gt, flick), show: false),
                rule(ReleaseTest(.liftOffProgress, .lt, -threshold), show: true), rule(nil, show: false),
            ]
            : [
                rule(ReleaseTest(.velocity, .gt, flick), show: true),
                rule(ReleaseTest(.velocity, .lt, -flick), show: false),
                rule(ReleaseTest(.liftOffProgress, .gt, threshold), show: true), rule(nil, show: false),
            ]
        let toggle = CurveSpec.uikitSpring(
            duration: parameters[Keys.toggleDuration], dampingRatio: parameters[Keys.toggleDampingRatio],
            initialVelocity: parameters[Keys.toggleInitialVelocity])
        let snapBack = CurveSpec.uikitSpring(
            duration: parameters[Keys.snapBackDuration], dampingRatio: 1, initialVelocity: 0)
        var pan = PanInteraction(
            direction: .vertical, scrub: scrub, follow: [follow], release: release,
            settle: Settle(curve: nil, perTarget: [toggled: toggle, kept: snapBack]),
            velocityEstimator: parameters[SharedKeys.velocityEstimator],
            touchResampling: parameters[SharedKeys.touchResampling])
        pan.directionTest = .velocity
        pan.directionRatio = parameters[Keys.gateRatio]
        return TransitionDocument(
            window: scene.window,
            layers: [
                DocumentLayer(
                    id: "settings", kind: .solid, fill: .white,
                    role: "the full-screen white settings view, behind the home"),
                DocumentLayer(id: "home", role: "the home container, rounded to the display corner radius"),
            ],
            poses: poses, interaction: .pan(pan))
    }
}
