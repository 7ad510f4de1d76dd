import SegueMath

/// `yui.fbPaper.settings`: YUI's home settings pull-down (seed 004 `HomeView`;
/// seed-transitions.md §10.4, §15.8). A vertical pan drags the home container down
/// (opening) or up (closing) while the white settings view behind it scales and fades
/// with p = |ty| / (0.5·H); on release a flick over 500 pt/s decides by its direction,
/// otherwise p > 0.5 shows the settings; a change springs 0.6 s (ζ 0.8, v0 0.6), no
/// change snaps back on a 0.4 s critically damped spring. Written as a transition
/// document (`YUIPaperSettingsDocument`).
enum YUIPaperSettings {
    static let preset = ParametricDocument(
        description: PresetDescription(
            id: "yui.fbPaper.settings", title: "YUI Facebook Paper home (pull down for settings)",
            summary: "A pan with |vy| > 1.5·|vx| drags the home container: opening (ty ≥ 0) it moves down and scales "
                + "by 1 − 0.04p, p = ty / (0.5·H), while the white settings view behind scales 0.9 + 0.1p and fades "
                + "in (α = p); closing (from shown, ty ≤ 0) reverses it. Released with |vy| > 500 pt/s the settings "
                + "show iff vy > 0, otherwise iff ty / (0.5·H) > 0.5; a change toggles on a 0.6 s UIView spring "
                + "(damping 0.8, velocity 0.6), no change snaps back on a 0.4 s spring (damping 1). [inferred]: the "
                + "order 'translate, then scale' read as the visual shift s·ty (as scene G's 0.98·211 = 206.8), "
                + "applied after the touch-down transform when closing; upward drags while hidden clamped to ty = 0.",
            source: "the YUI gallery, github.com/yihui-hu/YUI (YUI HomeView settings pan)"),
        sceneFields: YUIPaperScene.fields + [Keys.settingsShown.spec],
        parameters: [ParameterSpec](
            Keys.maxTranslation, Keys.visibleScale, Keys.settingsHiddenScale, Keys.flickVelocity,
            Keys.progressThreshold, Keys.gateRatio, Keys.toggleDuration, Keys.toggleDampingRatio,
            Keys.toggleInitialVelocity, Keys.snapBackDuration, SharedKeys.velocityEstimator,
            SharedKeys.touchResampling),
        example: exampleDrag,
        build: { scene, parameters in YUIPaperSettingsDocument.build(scene, parameters) })

    /// §15.8: from (195, 200) the finger moves down 211 pt (p = 0.5) over 0.5 s at 60 Hz
    /// and rests there for 0.2 s before lifting: vy ≈ 0 < 500 and p = 0.5 is not above
    /// 0.5, so it snaps back.
    static let exampleDrag: [GestureSample] = {
        var samples = ExampleGestures.linearDrag(
            from: Point(x: 195, y: 200), by: Point(x: 0, y: 211), over: 0.5)
        let lift = samples.removeLast()
        for step in 1...12 {
            samples.append(
                GestureSample(time: lift.time + Double(step - 1) / 60, location: lift.location, phase: .changed))
        }
        samples.append(GestureSample(time: lift.time + 12.0 / 60, location: lift.location, phase: .ended))
        return samples
    }()
}
