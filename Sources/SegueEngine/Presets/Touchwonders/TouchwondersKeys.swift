import SegueMath

/// The Touchwonders family's parameters and scene fields, each declared once as a typed key.

extension TouchwondersSpring {
    enum Keys {
        static let springMass = ParameterKey.number(
            "springMass", default: 1, in: 0.001...1000, unit: "kg",
            summary: "The shared element's spring mass m.",
            source: "")
        static let springStiffness = ParameterKey.number(
            "springStiffness", default: 1, in: 0.001...100_000, unit: "N/m",
            summary: "The shared element's spring stiffness k.",
            source: "")
        static let springDamping = ParameterKey.number(
            "springDamping", default: 1, in: 0...100_000, unit: "N·s/m",
            summary: "The shared element's spring damping c. 0 never settles, and a spring that settles after the "
                + "frame cap is refused (422 here), with critical damping 2√(k·m) named.",
            source: "")
        enum SettlingModel: String, ParameterChoice {
            /// t = ln(1000)/(ζ·ω0): the envelope's decay to 0.001 (Segue's reading of the original).
            case envelope
            case coreAnimation
        }
        static let settlingModel = ParameterKey.choice(
            "settlingModel", default: SettlingModel.envelope,
            summary: "The settle's duration: envelope = ln(1000)/(ζω0), or Core Animation's "
                + "settlingDuration, which also counts the sine term and initial velocity (longer).",
            source: "Segue's reading of the original; CASpringAnimation.settlingDuration")
    }
}

extension TouchwondersReleaseRule {
    enum Keys {
        static let flickVelocity = ParameterKey.number(
            "flickVelocity", default: 1200, in: 0...100_000, unit: "pt/s",
            summary: "The speed above which a release is a flick.",
            source: "Touchwonders Transition: minimumFlickVelocity = 1200 (PanInteractionController; both examples)")
        enum TimelineDuration: String, ParameterChoice {
            case settling, nominal
        }
        static let timelineDuration = ParameterKey.choice(
            "timelineDuration", default: TimelineDuration.settling,
            summary: "The effective duration the layers' timeline runs on: the spring's settling time, as the "
                + "library does (: the nominal duration is silently replaced), or the nominal duration.",
            source: "Segue's reading of the original")
    }
}

extension TouchwondersShapeDrop {
    enum Keys {
        static let window = ParameterKey.size(
            "window", default: Size(width: 390, height: 844),
            summary: "The window; both screens fill it.",
            source: "Segue's default scene: an iPhone window (390 × 844)")
        static let shapeFrame = ParameterKey.rect(
            "shapeFrame", default: Rect(x: 155, y: 700, width: 80, height: 80),
            summary: "The shape S, window points; the shared element is a copy of it.",
            source: "Segue's default scene: shape (155, 700, 80, 80)")
        static let dropPointFraction = ParameterKey.number(
            "dropPointFraction", default: 0.55, in: 0...1,
            summary: "The drop point is (W/2, dropPointFraction·H); the target frame is S centred on it.",
            source: "Touchwonders Transition: dropPoint = (W/2, 0.55·H) (ShapeInteractionController)")
        static let duration = ParameterKey.number(
            "duration", default: 0.3, in: 0.01...10, unit: "s",
            summary: "The transition's nominal duration; the spring's settling time replaces it unless "
                + "timelineDuration is nominal.",
            source: "Touchwonders Transition: Transition(duration: 0.3, …) in ShapeInteractionController")
        enum ReleaseRule: String, ParameterChoice {
            case shapeCompletion, panInteraction
        }
        static let releaseRule = ParameterKey.choice(
            "releaseRule", default: ReleaseRule.shapeCompletion,
            summary: "How the release decides finish or cancel.",
            source: "Touchwonders Transition: ShapeInteractionController.completionPosition")
        static let completionThreshold = ParameterKey.number(
            "completionThreshold", default: 1.0 / 3, in: 0...1,
            summary: "Finish when the fraction complete is above this.",
            source: "Touchwonders Transition: completionThreshold = 1/3 (PanInteractionController)")
        static let velocityClip = ParameterKey.number(
            "velocityClip", default: 35, in: 0...1000, unit: "1/s",
            summary: "The spring's relative initial velocity per axis, v/distance, is clipped to ±this.",
            source: "Touchwonders Transition: clip(v / distance, −35, 35) (ShapeInteraction)")
        static let dropTargetFactor = ParameterKey.number(
            "dropTargetFactor", default: 0.45, in: 0...1,
            summary: "[inferred] The presented drop target rests translated by −factor·H (its bottom edge at "
                + "the drop point); the original names the factor but not its value.",
            source: "Segue's reading of the original (−factor·H), value inferred as 1 − 0.55")
    }
}

extension TouchwondersZoomPop {
    enum Keys {
        static let headerImageFrame = ParameterKey.rect(
            "headerImageFrame", default: sceneE.header,
            summary: "The detail header image I (3:4), window points; the shared element starts here.",
            source: "Segue's default scene: I = (10, 57, 370, 493.33)")
        static let cellImageFrame = ParameterKey.rect(
            "cellImageFrame", default: sceneE.cell,
            summary: "The grid cell's image T, window points; a finished pop lands the element here.",
            source: "Segue's default scene: T = (16, 300, 171, 228)")
        static let duration = TouchwondersShapeDrop.Keys.duration.defaulting(
            to: 0.8,
            source: "Touchwonders Transition: Transition(duration: 0.8, …) in InteractiveZoomTransitionController")
        enum ReleaseRule: String, ParameterChoice {
            case zoomCompletion, panInteraction
        }
        static let releaseRule = ParameterKey.choice(
            "releaseRule", default: ReleaseRule.zoomCompletion,
            summary: "How the release decides finish or cancel.",
            source: "Touchwonders Transition: InteractiveZoomTransitionController.completionPosition")
        static let completionThreshold = TouchwondersShapeDrop.Keys.completionThreshold.defaulting(
            to: 0.33, summary: "Finish when the fraction complete is above this (the library default is 1/3).",
            source: "Touchwonders Transition: fractionComplete > 0.33 (InteractiveZoomTransitionController)")
        static let fadeOutStart = ParameterKey.number(
            "fadeOutStart", default: 0, in: 0...1,
            summary: "earlyFadeOut: the fraction at which the detail screen starts fading out.",
            source: "Touchwonders Transition: AnimationRange(start: 0, end: 0.2) in FadeTransition")
        static let fadeOutEnd = ParameterKey.number(
            "fadeOutEnd", default: 0.2, in: 0...1,
            summary: "earlyFadeOut: the fraction at which the detail screen is gone.",
            source: "Touchwonders Transition: AnimationRange(start: 0, end: 0.2) in FadeTransition")
        static let fadeInStart = ParameterKey.number(
            "fadeInStart", default: 0.1, in: 0...1,
            summary: "delayedFadeIn: the fraction at which the grid starts fading in.",
            source: "Touchwonders Transition: AnimationRange(start: 0.1, end: 0.4) in FadeTransition")
        static let fadeInEnd = ParameterKey.number(
            "fadeInEnd", default: 0.4, in: 0...1,
            summary: "delayedFadeIn: the fraction at which the grid is fully shown.",
            source: "Touchwonders Transition: AnimationRange(start: 0.1, end: 0.4) in FadeTransition")
        static let legacyCentreOffset = ParameterKey.flag(
            "legacyCentreOffset",
            summary: "Reproduce the example's hard-coded (+10, +10) pt element centre offset while dragged.",
            source: "Segue's reading of the original")
    }
}
