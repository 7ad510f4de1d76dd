import SegueMath

/// The Instagram pops' release decision and start gate.
extension PresetGesture {
    /// The release decision: a cancelled gesture cancels; otherwise `rule` decides from
    /// the release's translation and velocity. `progress` is reported as read.
    func decision(by rule: InstagramReleaseRule, window: Size, progress: Double) -> Decision {
        let translation = translation(at: release.time)
        let velocity = releaseVelocity
        if release.phase == .cancelled {
            return Decision(
                outcome: .cancel, time: release.time, rule: "gestureCancelled", translation: translation,
                velocity: velocity, progress: progress, explanation: "the gesture was cancelled: cancel")
        }
        let (outcome, explanation) = rule.decide(translation: translation, velocity: velocity, window: window)
        return Decision(
            outcome: outcome, time: release.time, rule: rule.rawValue, translation: translation, velocity: velocity,
            progress: progress, explanation: explanation)
    }

    /// The gate that decides whether the pan starts the pop, with its reason.
    /// - horizontal (S1/S2): |vx| > |vy| when the pan begins.
    /// - yui (S6): vx > |vy| (rightward), or vy > 0 with the detail scrolled to its top,
    ///   which these scenes always are.
    func passesGate(_ gate: InstagramGate) -> (passes: Bool, reason: String) {
        guard recognitionTime != nil else {
            return (false, "the finger never moved, so the pan never began")
        }
        let velocity = velocityAtRecognition
        let vx = Format.speed(velocity.x)
        let vy = Format.speed(velocity.y)
        if gate == .yui {
            let passes = velocity.x > abs(velocity.y) || velocity.y > 0
            return (passes, "the pan began at (\(vx), \(vy)) pt/s; YUI pops on vx > |vy| or a downward pull (vy > 0)")
        }
        let passes = abs(velocity.x) > abs(velocity.y)
        return (
            passes,
            "the pan began at (\(vx), \(vy)) pt/s; Foltányi's InstagramTransition pops only when |vx| > |vy|"
        )
    }
}
