import SegueMath

/// The Instagram family's animation curve, as the `curve` and `duration` parameters name it.
enum InstagramAnimation {
    /// The easing the `curve` and `duration` parameters name.
    static func easing(_ parameters: ParameterValues) -> TimingCurve {
        parameters[InstagramKeys.curve].easing(duration: parameters[InstagramKeys.duration])
    }
}
