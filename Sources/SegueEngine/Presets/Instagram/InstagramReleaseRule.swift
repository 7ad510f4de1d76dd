import SegueMath

/// The Instagram pops' release rules (seed-transitions.md §6.3, §14.7).
enum InstagramReleaseRule: String, ParameterChoice {
    /// Seed 000 / S2: finish iff the release velocity points right (vx > 0).
    case velocitySign
    /// S6 YUI: finish iff vx > 900 or |tx|/W > 0.1 or (|ty|/H > 0.1 and vx > 0).
    case yui
    /// Beyond the seeds (§14.7): finish iff p + vx·0.1/W > 0.3 or vx > 900, so a long
    /// drag ending in a small backward jitter still finishes.
    case projection

    static let rules: [DecisionRule] = [
        DecisionRule(
            id: "velocitySign", summary: "finish iff the release velocity points right (vx > 0), else cancel",
            source:
                "Foltányi's InstagramTransition: if recognizer.velocity(in: window).x > 0 { finish() } else { cancel() }"
        ),
        DecisionRule(
            id: "yui", summary: "finish iff vx > 900 pt/s or |tx|/W > 0.1 or (|ty|/H > 0.1 and vx > 0)",
            source: "the YUI gallery, github.com/yihui-hu/YUI (YUI PhotoDetailView.handlePan)"),
        DecisionRule(
            id: "projection", summary: "finish iff p + vx·0.1/W > 0.3 or vx > 900 pt/s (beyond the originals)",
            source: "beyond the original: Segue's suggestion"),
    ]

    /// The outcome for a release with this translation and velocity in a window of `size`.
    func decide(translation: Point, velocity: Point, window: Size) -> (Decision.Outcome, String) {
        let vx = Format.speed(velocity.x)
        switch self {
        case .velocitySign:
            if velocity.x > 0 { return (.finish, "released moving right at \(vx) pt/s (vx > 0): finish") }
            return (.cancel, "released at vx = \(vx) pt/s, not moving right (vx ≤ 0): cancel")
        case .yui:
            let horizontal = abs(translation.x) / window.width
            let vertical = abs(translation.y) / window.height
            if velocity.x > 900 { return (.finish, "released at vx = \(vx) pt/s > 900: finish") }
            if horizontal > 0.1 {
                return (.finish, "dragged |tx|/W = \(Format.ratio(horizontal)) > 0.1: finish")
            }
            if vertical > 0.1 && velocity.x > 0 {
                return (.finish, "dragged |ty|/H = \(Format.ratio(vertical)) > 0.1 while moving right: finish")
            }
            return (
                .cancel,
                "vx = \(vx) pt/s ≤ 900, |tx|/W = \(Format.ratio(horizontal)) ≤ 0.1 and |ty|/H = "
                    + "\(Format.ratio(vertical)) \(vertical > 0.1 ? "> 0.1 but vx ≤ 0" : "≤ 0.1"): cancel"
            )
        case .projection:
            let projected = translation.x / window.width + velocity.x * 0.1 / window.width
            if velocity.x > 900 { return (.finish, "released at vx = \(vx) pt/s > 900: finish") }
            if projected > 0.3 {
                return (.finish, "projected progress p + vx·0.1/W = \(Format.ratio(projected)) > 0.3: finish")
            }
            return (.cancel, "projected progress p + vx·0.1/W = \(Format.ratio(projected)) ≤ 0.3: cancel")
        }
    }
}
