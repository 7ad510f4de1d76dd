import SegueMath

/// The Instagram pops' release decision and start gate.
extension PresetGesture {
    /// The release decision: a cancelled gesture cancels; otherwise `rule` decides from
    /// the release's translation and velocity. `progress` is reported as read.
    func decision(by rule: InstagramReleaseRule, window: Size, progress: Double) -> Decision {
        decision(rule: rule.rawValue, progress: progress) { translation, velocity in
            rule.decide(translation: translation, velocity: velocity, window: window)
        }
    }

    /// The gate that decides whether the pan starts the pop.
    /// - horizontal (Foltányi's InstagramTransition): |vx| > |vy| when the pan begins.
    /// - yui (YUI): vx > |vy| (rightward), or vy > 0 with the detail scrolled to its top,
    ///   which these scenes always are.
    func gate(_ gate: InstagramGate) -> PanGate {
        switch gate {
        case .yui:
            return self.gate(
                accepting: { $0.x > abs($0.y) || $0.y > 0 },
                refusal: "; YUI pops on vx > |vy| or a downward pull (vy > 0)")
        case .horizontal:
            return self.gate(
                accepting: { abs($0.x) > abs($0.y) },
                refusal: "; Foltányi's InstagramTransition pops only when |vx| > |vy|")
        }
    }
}
