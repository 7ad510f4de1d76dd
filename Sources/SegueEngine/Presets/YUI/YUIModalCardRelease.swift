import SegueMath

/// How the ModalCard picks its stage when the finger lifts.
enum YUIModalCardRelease: String, ParameterChoice {
    /// The original's (seed 004, seed-transitions.md §12.3): thresholds on the translation and
    /// velocity. Named for clients as what it reproduces, not by our notes.
    case original
    /// Beyond the seed: project the card's top with the release velocity and a deceleration
    /// rate (WWDC 2018 session 803; motion-math.md §4.4) and take the nearest stage.
    case projection

    /// The rules by these names, the seed's first.
    static let rules = DecisionRules(
        DecisionRule(
            id: "original",
            summary: "peek: ty < −0.5H → full, vy < −500 or ty < −50 → half; half: vy > 500 or ty > 50 → peek, "
                + "vy < −500 or ty < −50 → full; full: ty > 0.5H → peek, vy > 500 or ty > 50 → half; else stay",
            source: "the YUI gallery, github.com/yihui-hu/YUI (YUI ModalCard handlePan .ended)"),
        DecisionRule(
            id: "projection",
            summary: "the stage nearest the top edge projected by (vy/1000)·d/(1 − d); optionally at most one "
                + "stage from the start [beyond the original]",
            source: "UIScrollView deceleration, projected (WWDC 2018 session 803)"))

    /// The seed rule's stage and its reason, for a release at translation `ty` (points) and
    /// velocity `vy` (points per second), with thresholds `v` (points per second; seed 004: 500)
    /// and `d` (points; seed 004: 50).
    static func seedStage(
        from stage: YUIModalCardStage, ty: Double, vy: Double, screen: Double, velocityThreshold v: Double,
        translationThreshold d: Double
    ) -> (YUIModalCardStage, String) {
        let read = "ty = \(Format.amount(ty)) pt, vy = \(Format.speed(vy)) pt/s"
        switch stage {
        case .peek:
            if ty < -0.5 * screen { return (.full, "from peek, \(read): ty < −0.5·H, so full") }
            if vy < -v || ty < -d {
                return (.half, "from peek, \(read): vy < −\(Format.speed(v)) or ty < −\(Format.amount(d)), so half")
            }
            return (.peek, "from peek, \(read): no threshold passed, so peek")
        case .half:
            if vy > v || ty > d {
                return (.peek, "from half, \(read): vy > \(Format.speed(v)) or ty > \(Format.amount(d)), so peek")
            }
            if vy < -v || ty < -d {
                return (.full, "from half, \(read): vy < −\(Format.speed(v)) or ty < −\(Format.amount(d)), so full")
            }
            return (.half, "from half, \(read): no threshold passed, so half")
        case .full:
            if ty > 0.5 * screen { return (.peek, "from full, \(read): ty > 0.5·H, so peek") }
            if vy > v || ty > d {
                return (.half, "from full, \(read): vy > \(Format.speed(v)) or ty > \(Format.amount(d)), so half")
            }
            return (.full, "from full, \(read): no threshold passed, so full")
        }
    }

    /// The projection rule: the projected top edge (window points) and the stage whose top is
    /// nearest it, at most one stage from `stage` when `oneStage` is set.
    static func projectedStage(
        from stage: YUIModalCardStage, top: Double, vy: Double, rate: DecelerationRate, oneStage: Bool,
        scene: YUIModalCardScene
    ) -> (stage: YUIModalCardStage, projectedTop: Double, reason: String) {
        let projected = top + rate.projectedDistance(velocity: vy)
        let stages = YUIModalCardStage.allCases
        var candidates = stages
        if oneStage { candidates = stages.filter { abs($0.index - stage.index) <= 1 } }
        let nearest =
            candidates.min { abs(scene.top(scene.shape($0)) - projected) < abs(scene.top(scene.shape($1)) - projected) }
            ?? stage
        let reason =
            "from \(stage.rawValue), the top edge at y = \(Format.amount(top)) released at vy = \(Format.speed(vy)) "
            + "pt/s projects to y = \(Format.amount(projected)) (d = \(Format.amount(rate.factor))); the nearest "
            + "stage\(oneStage ? " at most one away" : "") is \(nearest.rawValue) (top y = "
            + "\(Format.amount(scene.top(scene.shape(nearest)))))"
        return (nearest, projected, reason)
    }
}
