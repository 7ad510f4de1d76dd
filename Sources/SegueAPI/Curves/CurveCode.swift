public import SegueMath

/// Ready-to-paste code for a curve on every platform a designer or engineer animates on, for
/// `POST /v1/curves` with `"code": true`.
///
/// Every number comes from the one spring the request described (`Spring` and its conversions),
/// written in full (the shortest text that reads back as the same double), so that each snippet
/// converts back to the same spring; a test does so for every snippet, and runs each as its
/// platform would against the samples. Velocities: UIKit's, Core Animation's and SwiftUI's are
/// relative (distances per second), as the request's `initialVelocity`; Compose's, Android's,
/// Framer Motion's, React Native's and Rebound's are in value units per second, so they are
/// scaled by `to − from`.
public struct CurveCode: Sendable {
    /// One snippet: the platform, the API it uses, and the code.
    public struct Snippet: Sendable, Equatable {
        public var platform: String
        public var api: String
        public var language: String
        public var code: String
    }

    /// The CSS `linear()` easing of a spring: its stops and the largest distance, in progress,
    /// between the spring and the straight lines between them.
    public struct CSSLinear: Sendable, Equatable {
        public var function: String
        public var stops: Int
        public var maxError: Double
    }

    public var snippets: [Snippet]
    public var cssLinear: CSSLinear?

    /// The largest error a `linear()` stop list may have, in progress units.
    public static let linearTolerance = 0.001
    /// The most stops a `linear()` list may have. Enough to keep `linearTolerance` for damping
    /// ratios from about 0.08 (measured); springier springs report the error they keep.
    public static let maximumLinearStops = 400

    public init(_ query: CurvesQuery) {
        switch query.curve {
        case .cubic(let bezier, let duration):
            snippets = Self.cubic(bezier, duration: duration)
            cssLinear = nil
        case .spring(let spring, let initialVelocity, let uikitDuration):
            let css = Self.linear(query.curve, duration: query.duration)
            cssLinear = css
            snippets = Self.spring(
                spring, initialVelocity: initialVelocity, uikitDuration: uikitDuration, duration: query.duration,
                from: query.from, to: query.to, css: css)
        }
    }

    /// A number as Swift, Kotlin, JavaScript and CSS all read it: the shortest digits that round-trip.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    static func cubic(_ bezier: CubicBezier, duration: Double) -> [Snippet] {
        let (x1, y1, x2, y2) = (number(bezier.x1), number(bezier.y1), number(bezier.x2), number(bezier.y2))
        let seconds = number(duration)
        return [
            Snippet(
                platform: "UIKit", api: "UICubicTimingParameters", language: "swift",
                code: "UIViewPropertyAnimator(duration: \(seconds), timingParameters: UICubicTimingParameters("
                    + "controlPoint1: CGPoint(x: \(x1), y: \(y1)), controlPoint2: CGPoint(x: \(x2), y: \(y2))))"),
            Snippet(
                platform: "Core Animation", api: "CAMediaTimingFunction", language: "swift",
                code: "animation.duration = \(seconds)\nanimation.timingFunction = CAMediaTimingFunction("
                    + "controlPoints: \(x1), \(y1), \(x2), \(y2))"),
            Snippet(
                platform: "SwiftUI", api: "Animation.timingCurve", language: "swift",
                code: ".timingCurve(\(x1), \(y1), \(x2), \(y2), duration: \(seconds))"),
            Snippet(
                platform: "Jetpack Compose", api: "CubicBezierEasing", language: "kotlin",
                code: "tween(durationMillis = \(number((duration * 1000).rounded())), easing = CubicBezierEasing("
                    + "\(x1)f, \(y1)f, \(x2)f, \(y2)f))"),
            Snippet(
                platform: "CSS", api: "cubic-bezier()", language: "css",
                code: "transition-timing-function: cubic-bezier(\(x1), \(y1), \(x2), \(y2));\n"
                    + "transition-duration: \(seconds)s;"),
            Snippet(
                platform: "Framer Motion", api: "transition", language: "javascript",
                code: "{ duration: \(seconds), ease: [\(x1), \(y1), \(x2), \(y2)] }"),
        ]
    }

    /// The spring's snippets. `spring` is the one sampled (`Spring.rendered`: a damping ratio above 1
    /// that may not over-damp is already critical), so every platform is given the motion the samples
    /// show, in its own terms. Where a platform's API cannot run an over-damped motion, another API
    /// of it is used or its snippet is left out: UIKit over-damps only in iOS 17's duration-and-bounce
    /// form, Core Animation only with `allowsOverdamping`, and React Native's SpringAnimation runs
    /// every ratio from 1 up as critical; SwiftUI's duration-and-bounce form documents negative
    /// bounces as over-damped, so it stands for `.spring(response:dampingFraction:)` there.
    ///
    /// An initial velocity goes where each platform takes one: SwiftUI's `.spring` takes none, so a
    /// moving spring gets `.interpolatingSpring(duration:bounce:initialVelocity:)` (relative, as
    /// UIKit's); Compose's `Animatable.animateTo`, Android's `SpringAnimation.setStartVelocity` and
    /// Rebound's `Spring.setVelocity` take value units per second, so those snippets name `from`
    /// and `to` too.
    static func spring(
        _ spring: Spring, initialVelocity: Double, uikitDuration: Double?, duration: Double, from: Double, to: Double,
        css: CSSLinear?
    ) -> [Snippet] {
        let mass = number(spring.mass)
        let stiffness = number(spring.stiffness)
        let damping = number(spring.damping)
        let velocity = number(initialVelocity)
        let valueVelocity = number(initialVelocity * (to - from))
        let moving = initialVelocity != 0
        let overdamped = spring.renderedDampingRatio > 1
        // The platforms whose springs have unit mass take the stiffness per unit of mass.
        let unitStiffness = number(spring.stiffness / spring.mass)
        let ratio = number(spring.dampingRatio)
        let response = number(spring.response)
        let bounce = number(spring.bounce)
        var snippets: [Snippet] = []
        if let uikit = uikitDuration ?? spring.uikitDuration(initialVelocity: initialVelocity) {
            snippets.append(
                Snippet(
                    platform: "UIKit", api: "UIView.animate(withDuration:delay:usingSpringWithDamping:…)",
                    language: "swift",
                    code: "UIView.animate(withDuration: \(number(uikit)), delay: 0, usingSpringWithDamping: "
                        + "\(number(spring.renderedDampingRatio)), initialSpringVelocity: \(velocity), options: [], "
                        + "animations: { /* … */ })"))
        }
        let vector = "CGVector(dx: \(velocity), dy: \(velocity))"
        snippets.append(
            overdamped
                ? Snippet(
                    platform: "UIKit", api: "UISpringTimingParameters(duration:bounce:initialVelocity:)",
                    language: "swift",
                    code: "UIViewPropertyAnimator(duration: \(number(duration)), timingParameters: "
                        + "UISpringTimingParameters(duration: \(response), bounce: \(bounce), initialVelocity: \(vector)))"
                )
                : Snippet(
                    platform: "UIKit", api: "UISpringTimingParameters", language: "swift",
                    code: "UIViewPropertyAnimator(duration: \(number(duration)), timingParameters: "
                        + "UISpringTimingParameters(mass: \(mass), stiffness: \(stiffness), damping: \(damping), "
                        + "initialVelocity: \(vector)))"))
        snippets.append(
            Snippet(
                platform: "Core Animation", api: "CASpringAnimation", language: "swift",
                code: "let animation = CASpringAnimation(keyPath: \"transform.scale\")\n"
                    + "animation.mass = \(mass)\nanimation.stiffness = \(stiffness)\nanimation.damping = \(damping)\n"
                    + "animation.initialVelocity = \(velocity)\n"
                    + (overdamped ? "animation.allowsOverdamping = true\n" : "")
                    + "animation.duration = animation.settlingDuration"))
        if !overdamped, !moving {
            snippets.append(
                Snippet(
                    platform: "SwiftUI", api: "Animation.spring(response:dampingFraction:)", language: "swift",
                    code: ".spring(response: \(response), dampingFraction: \(ratio))"))
        }
        snippets.append(
            moving
                ? Snippet(
                    platform: "SwiftUI", api: "Animation.interpolatingSpring(duration:bounce:initialVelocity:)",
                    language: "swift",
                    code: ".interpolatingSpring(duration: \(response), bounce: \(bounce), initialVelocity: \(velocity))"
                )
                : Snippet(
                    platform: "SwiftUI", api: "Animation.spring(duration:bounce:)", language: "swift",
                    code: ".spring(duration: \(response), bounce: \(bounce))"))
        let compose = "spring(dampingRatio = \(ratio)f, stiffness = \(unitStiffness)f)"
        let force =
            "SpringForce(\(moving ? number(to) : "1")f).setDampingRatio(\(ratio)f).setStiffness(\(unitStiffness)f)"
        snippets += [
            Snippet(
                platform: "Jetpack Compose", api: "spring()", language: "kotlin",
                code: moving
                    ? "Animatable(\(number(from))f).animateTo(\(number(to))f, \(compose), "
                        + "initialVelocity = \(valueVelocity)f)"
                    : compose),
            Snippet(
                platform: "Android", api: "SpringForce", language: "kotlin",
                code: moving
                    ? "SpringAnimation(FloatValueHolder(\(number(from))f)).setSpring(\(force))"
                        + ".setStartVelocity(\(valueVelocity)f)"
                    : force),
            Snippet(
                platform: "Framer Motion", api: "transition", language: "javascript",
                code: "{ type: \"spring\", mass: \(mass), stiffness: \(stiffness), damping: \(damping), "
                    + "velocity: \(valueVelocity) }"),
        ]
        if !overdamped {
            snippets.append(
                Snippet(
                    platform: "React Native", api: "Animated.spring", language: "javascript",
                    code: "Animated.spring(value, { toValue: \(number(to)), mass: \(mass), stiffness: \(stiffness), "
                        + "damping: \(damping), velocity: \(valueVelocity), useNativeDriver: true })"))
        }
        // Rebound's OrigamiValueConverter maps an Origami value of exactly 0 to a raw 0 (no friction
        // where damping 1 per unit of mass gives friction (1 − 25)/3 + 8 = 0); the smallest double
        // beside 0 converts as the formula says (25 + (5e-324 − 8)·3 = 1).
        func origami(_ value: Double) -> String { number(value == 0 ? .leastNonzeroMagnitude : value) }
        let config =
            "SpringConfig.fromOrigamiTensionAndFriction(\(origami(spring.origami.tension)), "
            + "\(origami(spring.origami.friction)))"
        snippets.append(
            Snippet(
                platform: "Origami", api: "tension and friction", language: "java",
                code: moving
                    ? "springSystem.createSpring().setSpringConfig(\(config)).setCurrentValue(\(number(from)))"
                        + ".setVelocity(\(valueVelocity)).setEndValue(\(number(to)))"
                    : config))
        if let css {
            snippets.append(
                Snippet(
                    platform: "CSS", api: "linear()", language: "css",
                    code: "transition-timing-function: \(css.function);\ntransition-duration: \(number(duration))s;"))
        }
        return snippets
    }

    /// The curve's progress as a CSS `linear()` stop list within `linearTolerance` of the curve where
    /// it can be: from 17 equal steps in time, the step whose straight line strays furthest from the
    /// curve (checked at nine points inside every step, against the values and positions as written)
    /// is halved until none strays more, or the list has `maximumLinearStops` stops. The stops thus
    /// crowd where the curve bends most (a spring's first swings) and thin out as it settles. A spring
    /// that ends before it reaches 1 exactly (UIKit's ends at its duration, 0.001 away at most) gets
    /// its value there at 100% and then 1, a jump as the animation makes.
    static func linear(_ curve: TimingCurve, duration: Double) -> CSSLinear? {
        guard duration.isFinite, duration > 0 else { return nil }
        // The motion before the end; `TimingCurve.fraction(at:)` would search for the end at every call.
        func progress(_ position: Double) -> Double { curve.progress(at: position * duration).value }
        // Four decimals (a 1e-4 step is far below a pixel); positions to 1e-5 %. The errors count both.
        func value(_ position: Double) -> Double { (progress(position) * 1e4).rounded() / 1e4 }
        func percent(_ position: Double) -> Double { (position * 1e7).rounded() / 1e5 }
        func written(_ position: Double) -> Double { percent(position) / 100 }
        var positions = (0...16).map { Double($0) / 16 }
        var values = positions.map(value)
        values[0] = 0
        func error(_ index: Int) -> Double {
            let (a, b) = (written(positions[index]), written(positions[index + 1]))
            var largest = 0.0
            for step in 1..<10 {
                let position = positions[index] + (positions[index + 1] - positions[index]) * Double(step) / 10
                let line = values[index] + (values[index + 1] - values[index]) * (position - a) / (b - a)
                largest = max(largest, abs(progress(position) - line))
            }
            return largest
        }
        var errors = (0..<16).map(error)
        // Steps that cannot be halved any more: their midpoint would be written as one of their ends.
        var finest = Set<Int>()
        while positions.count < maximumLinearStops - 1 {
            let candidates = errors.indices.filter { errors[$0] > linearTolerance && !finest.contains($0) }
            guard let worst = candidates.max(by: { errors[$0] < errors[$1] }) else { break }
            let middle = (positions[worst] + positions[worst + 1]) / 2
            guard written(middle) > written(positions[worst]), written(middle) < written(positions[worst + 1]) else {
                finest.insert(worst)
                continue
            }
            positions.insert(middle, at: worst + 1)
            values.insert(value(middle), at: worst + 1)
            errors.replaceSubrange(worst...worst, with: [error(worst), error(worst + 1)])
            finest = Set(finest.map { $0 > worst ? $0 + 1 : $0 })
        }
        let maxError = errors.max() ?? 0
        var list = values.indices.map { index in
            index == 0 ? "0" : "\(number(values[index])) \(number(percent(positions[index])))%"
        }
        if values[values.count - 1] == 1 {
            list[list.count - 1] = "1"
        } else {
            list.append("1")
        }
        return CSSLinear(function: "linear(\(list.joined(separator: ", ")))", stops: list.count, maxError: maxError)
    }
}
