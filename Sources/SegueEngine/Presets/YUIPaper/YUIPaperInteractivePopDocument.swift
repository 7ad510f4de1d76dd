import SegueMath

/// The Facebook Paper drag-to-pop (`yui.fbPaper.interactivePop`) as a transition document:
/// the pop's own poses (`YUIPaperTapDocument`: the full-screen `pages` to the `home` with the
/// demo on its card) scrubbed by a downward pan, p = clamp(ty / (dragDistance·H), 0, 1). The
/// release reads the YUI gallery's settings pull-down policy (github.com/yihui-hu/YUI, HomeView:
/// a flick over 500 pt/s by its sign, else p > 0.5, p the lift-off's) and the pop's progress
/// springs on along the scrub to 0 or 1 with the finger's velocity handed off. At rest the demo
/// is open (`demo`, the push's settled screen); a finished pop leaves the home (`rest`).
enum YUIPaperInteractivePopDocument {
    static func build(_ scene: ParameterValues, _ parameters: ParameterValues) -> TransitionDocument {
        var document = YUIPaperTapDocument.build(pushing: false, scene, parameters)
        let push = YUIPaperTapDocument.build(pushing: true, scene, parameters)
        // pages (the pop's start), home (its end), rest (after the pop), demo (the push's settled screen).
        document.poses.append(push.poses[2])
        typealias Keys = YUIPaperInteractivePop.Keys
        let flick = parameters[Keys.flickVelocity]
        var scrub = Scrub(
            from: "pages", to: "home", axis: .y,
            distance: parameters[Keys.dragDistance] * document.window.height, overshoot: .extend)
        scrub.minimum = 0
        scrub.maximum = 1
        func rule(_ test: ReleaseTest?, to target: String, _ outcome: Decision.Outcome) -> ReleaseGuard {
            ReleaseGuard(
                id: "flickOrHalf", when: test.map { ReleaseCondition(tests: [$0]) }, to: target, outcome: outcome)
        }
        var settle = Settle(
            curve: .uikitSpring(
                duration: parameters[YUIPaperParameters.Keys.duration],
                dampingRatio: parameters[YUIPaperParameters.Keys.dampingRatio], initialVelocity: 0),
            velocityHandoff: true)
        settle.alongScrub = true
        // The lift-off's clamped p exceeds a threshold below 1 exactly when its unclamped p does; none exceeds 1.
        let threshold = parameters[Keys.progressThreshold]
        let half = threshold < 1 ? [rule(ReleaseTest(.liftOffProgress, .gt, threshold), to: "home", .finish)] : []
        var pan = PanInteraction(
            direction: .down, scrub: scrub,
            release: [
                rule(ReleaseTest(.velocity, .gt, flick), to: "home", .finish),
                rule(ReleaseTest(.velocity, .lt, -flick), to: "pages", .cancel),
            ] + half + [rule(nil, to: "pages", .cancel)],
            settle: settle, velocityEstimator: parameters[SharedKeys.velocityEstimator],
            touchResampling: parameters[SharedKeys.touchResampling])
        pan.idle = "demo"
        pan.settled = ["home": "rest", "pages": "demo"]
        pan.directionTest = .velocity
        pan.directionRatio = parameters[Keys.gateRatio]
        document.interaction = .pan(pan)
        return document
    }
}
