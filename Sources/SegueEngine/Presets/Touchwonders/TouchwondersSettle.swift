import Glibc
import SegueMath

/// The shared element's physical spring and how long it runs (seed-transitions.md §1.3, §8.1,
/// §15.0): `UISpringTimingParameters(mass:stiffness:damping:)` has an implicit duration, its
/// settling time, which also becomes the transition's effective duration.
struct TouchwondersSpring: Sendable {
    var spring: Spring
    /// "seed": t = ln(1/0.001)/(ζ·ω0), the envelope reaching 0.001 (§1.3, the ≈ 0.691 s and
    /// ≈ 0.282 s of §15.0); "coreAnimation": `CASpringAnimation.settlingDuration`, which also
    /// counts the sine term and the initial velocity (motion-math.md §2.7).
    var settlingModel: String

    init(_ parameters: ParameterValues) {
        spring =
            Spring(
                mass: parameters.number("springMass"), stiffness: parameters.number("springStiffness"),
                damping: parameters.number("springDamping")) ?? .systemDefault
        settlingModel = parameters.choice("settlingModel")
    }

    /// The settle's duration, seconds, for these relative initial velocities per axis.
    func settlingDuration(initialVelocity: Point) -> Double {
        if settlingModel == "coreAnimation" {
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
            ParameterSpec(
                name: "springMass", kind: .number(0.001...1000, unit: "kg"), defaultValue: .number(mass),
                summary: "The shared element's spring mass m.", source: source),
            ParameterSpec(
                name: "springStiffness", kind: .number(0.001...100_000, unit: "N/m"),
                defaultValue: .number(stiffness), summary: "The shared element's spring stiffness k.",
                source: source),
            ParameterSpec(
                name: "springDamping", kind: .number(0...100_000, unit: "N·s/m"), defaultValue: .number(damping),
                summary: "The shared element's spring damping c. 0 never settles, and a spring that settles after the "
                    + "frame cap is refused (422 here), with critical damping 2√(k·m) named.",
                source: source),
            ParameterSpec(
                name: "settlingModel", kind: .choice(["seed", "coreAnimation"]), defaultValue: .choice("seed"),
                summary: "The settle's duration: seed = ln(1000)/(ζω0) (§15.0), or Core Animation's "
                    + "settlingDuration, which also counts the sine term and initial velocity (longer).",
                source: "seed-transitions.md §1.3, §15.0; motion-math.md §2.7"),
        ]
    }
}

/// The release rules: the library's `PanInteractionController` default and each example's own.
enum TouchwondersReleaseRule {
    static let panInteraction = DecisionRule(
        id: "panInteraction",
        summary: "a flick (|v| ≥ flickVelocity) along the operation's axis finishes if it points the finishing way "
            + "and cancels otherwise; else finish iff fraction complete > 1/3",
        source: "seed 002 (S4 PanInteractionController: completionThreshold 1/3, minimumFlickVelocity 1200)")

    /// `PanInteractionController.completionPosition`: the flick is classified by its larger
    /// axis; `finishing` is the finishing direction's sign on the vertical axis (+1 down, −1 up).
    static func panInteraction(
        fraction: Double, velocity: Point, finishing: Double, flick: Double, threshold: Double
    ) -> (Decision.Outcome, String) {
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
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

    static let velocityEstimator = ParameterSpec(
        name: "velocityEstimator", kind: .choice(["uikit", "leastSquares"]), defaultValue: .choice("uikit"),
        summary: "How the release velocity is estimated: UIKit's 0.2/0.8 blend or a least-squares fit.",
        source: "motion-math.md §4.1, §4.2")

    static let flickVelocity = ParameterSpec(
        name: "flickVelocity", kind: .number(0...100_000, unit: "pt/s"), defaultValue: .number(1200),
        summary: "The speed above which a release is a flick.",
        source: "seed 002: minimumFlickVelocity = 1200 (PanInteractionController; both examples)")

    static let timelineDuration = ParameterSpec(
        name: "timelineDuration", kind: .choice(["settling", "nominal"]), defaultValue: .choice("settling"),
        summary: "The effective duration the layers' timeline runs on: the spring's settling time, as the "
            + "library does (§14.48: the nominal duration is silently replaced), or the nominal duration.",
        source: "seed-transitions.md §8.1, §14.48")
}
