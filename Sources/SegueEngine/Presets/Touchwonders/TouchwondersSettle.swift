import Glibc
import SegueMath

/// The shared element's physical spring and how long it runs (seed-transitions.md §1.3, §8.1,
/// §15.0): `UISpringTimingParameters(mass:stiffness:damping:)` has an implicit duration, its
/// settling time, which also becomes the transition's effective duration.
struct TouchwondersSpring: Sendable {
    var spring: Spring
    /// "envelope": t = ln(1/0.001)/(ζ·ω0), the envelope reaching 0.001 (§1.3, the ≈ 0.691 s and
    /// ≈ 0.282 s of §15.0); "coreAnimation": `CASpringAnimation.settlingDuration`, which also
    /// counts the sine term and the initial velocity (motion-math.md §2.7).
    var settlingModel: Keys.SettlingModel

    init(_ parameters: ParameterValues) {
        spring =
            Spring(
                mass: parameters[TouchwondersSpring.Keys.springMass],
                stiffness: parameters[TouchwondersSpring.Keys.springStiffness],
                damping: parameters[TouchwondersSpring.Keys.springDamping]) ?? .systemDefault
        settlingModel = parameters[Keys.settlingModel]
    }

    /// The settle's duration, seconds, for these relative initial velocities per axis.
    func settlingDuration(initialVelocity: Point) -> Double {
        if settlingModel == .coreAnimation {
            return max(
                spring.settlingDuration(initialVelocity: initialVelocity.x),
                spring.settlingDuration(initialVelocity: initialVelocity.y))
        }
        return Self.seedSettlingDuration(spring)
    }

    /// The settle's duration, or why the transition cannot end on it: a spring that takes more
    /// than `input`'s frame cap to settle (an undamped one, ζ = 0, never does; the ranges admit
    /// it, since c = 0 is a physical spring) is refused at the parameter that would fix it:
    /// `springDamping` while the spring is under-damped, else `springStiffness`, since a
    /// critically rendered spring settles at ω0 = √(k/m) whatever its damping.
    func checkedSettlingDuration(initialVelocity: Point, input: SimulationInput) throws(SimulationError) -> Double {
        let settle = settlingDuration(initialVelocity: initialVelocity)
        let frames = settle * input.frameRate
        guard !(frames.isFinite && frames < Double(input.maxFrames)) else { return settle }
        let critical = 2 * (spring.stiffness * spring.mass).squareRoot()
        let described =
            "The spring (m = \(Format.amount(spring.mass)) kg, k = \(Format.amount(spring.stiffness)) N/m, "
            + "c = \(Format.amount(spring.damping)) N·s/m)"
        let cap =
            "at \(Format.amount(input.frameRate)) frames per second that is more than \(input.maxFrames) frames, "
            + "the most one simulation may produce"
        if spring.renderedDampingRatio == 0 {
            throw SimulationError.parameter(
                "springDamping",
                "\(described) has no damping, so it oscillates forever and the transition never ends. Give "
                    + "springDamping a positive value: \(Format.amount(critical)) N·s/m, 2√(k·m), is critical "
                    + "damping (the quickest settle without overshoot).")
        }
        let lasts = settle.isFinite ? "takes \(Format.amount(settle)) s to settle" : "does not settle within 100 000 s"
        if spring.renderedDampingRatio < 1 {
            throw SimulationError.parameter(
                "springDamping",
                "\(described) is so lightly damped (damping ratio \(Format.unplain(spring.dampingRatio))) that it "
                    + "\(lasts); \(cap). Raise springDamping toward \(Format.amount(critical)) N·s/m, 2√(k·m), "
                    + "critical damping, or lower frameRate.")
        }
        throw SimulationError.parameter(
            "springStiffness",
            "\(described) swings so slowly (√(k/m) = \(Format.unplain(spring.naturalFrequency)) rad/s) that it "
                + "\(lasts); \(cap). Raise springStiffness or lower springMass (the settle takes about "
                + "6.9·√(m/k) s when critically damped), or lower frameRate.")
    }

    /// §1.3: ln(1000)/(ζ·ω0) for ζ ≤ 1; a spring rendered critically damped (ζ > 1 without
    /// over-damping) decays at ω0.
    static func seedSettlingDuration(_ spring: Spring) -> Double {
        let rate = spring.naturalFrequency * min(spring.renderedDampingRatio, 1)
        return log(1 / Spring.settlingEpsilon) / rate
    }

    /// The spring's parameters with the example's defaults, citing `source`.
    static func parameters(_ mass: Double, _ stiffness: Double, _ damping: Double, _ source: String)
        -> [ParameterSpec]
    {
        [
            Keys.springMass.defaulting(to: mass, source: source).spec,
            Keys.springStiffness.defaulting(to: stiffness, source: source).spec,
            Keys.springDamping.defaulting(to: damping, source: source).spec,
            Keys.settlingModel.spec,
        ]
    }
}

/// The release rules: the library's `PanInteractionController` default and each example's own.
enum TouchwondersReleaseRule {
    static let panInteraction = DecisionRule(
        id: "panInteraction",
        summary: "a flick (|v| ≥ flickVelocity) along the operation's axis finishes if it points the finishing way "
            + "and cancels otherwise; else finish iff fraction complete > 1/3",
        source:
            "Touchwonders Transition, github.com/Touchwonders/Transition (PanInteractionController: completionThreshold 1/3, minimumFlickVelocity 1200)"
    )

    /// An example's release: the library's `panInteraction` when the example's `releaseRule`
    /// parameter names it (`panInteraction`); else the example's `rule`, whose flick (above
    /// `flickVelocity`) may decide by `flicked`, then its `completionThreshold`. `finishing` is
    /// as for `panInteraction`.
    static func decide(
        _ parameters: ParameterValues, panInteraction usesPanInteraction: Bool, threshold: Double, fraction: Double,
        velocity: Point, finishing: Double, rule: String, flicked: (_ speed: Double) -> (Decision.Outcome, String)?
    ) -> (rule: String, Decision.Outcome, String) {
        let flick = parameters[Keys.flickVelocity]
        if usesPanInteraction {
            let (outcome, why) = panInteraction(
                fraction: fraction, velocity: velocity, finishing: finishing, flick: flick, threshold: threshold)
            return ("panInteraction", outcome, why)
        }
        let speed = velocity.length
        if speed > flick, let flicked = flicked(speed) {
            return (rule, flicked.0, flicked.1)
        }
        let (outcome, why) = Self.threshold(fraction, threshold, speed: speed, flick: flick)
        return (rule, outcome, why)
    }

    /// `PanInteractionController.completionPosition`: the flick is classified by its larger
    /// axis; `finishing` is the finishing direction's sign on the vertical axis (+1 down, −1 up).
    static func panInteraction(
        fraction: Double, velocity: Point, finishing: Double, flick: Double, threshold: Double
    ) -> (Decision.Outcome, String) {
        let speed = velocity.length
        let vy = Format.speed(velocity.y)
        if speed >= flick && abs(velocity.y) >= abs(velocity.x) {
            if velocity.y * finishing > 0 {
                return (.finish, "flicked at \(Format.speed(speed)) pt/s, vy = \(vy) the finishing way: finish")
            }
            return (.cancel, "flicked at \(Format.speed(speed)) pt/s, vy = \(vy) against the finishing way: cancel")
        }
        return Self.threshold(fraction, threshold, speed: speed, flick: flick)
    }

    /// The fallback every rule shares: finish iff fraction > threshold.
    static func threshold(
        _ fraction: Double, _ threshold: Double, speed: Double, flick: Double
    ) -> (Decision.Outcome, String) {
        let measured = "fraction complete \(Format.ratio(fraction))"
        let slow = "no flick (\(Format.speed(speed)) pt/s)"
        if fraction > threshold {
            return (.finish, "\(slow); \(measured) > \(Format.ratio(threshold)): finish")
        }
        return (.cancel, "\(slow); \(measured) ≤ \(Format.ratio(threshold)): cancel")
    }
}
