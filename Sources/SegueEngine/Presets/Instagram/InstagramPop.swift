import SegueMath

/// `instagram.pop`: the back button shrinks the detail screen back onto its grid
/// cell (seed-transitions.md §4; seed 000 Part I's pop, S2 `popAnimation`).
struct InstagramPop: Preset {
    let description = PresetDescription(
        id: "instagram.pop", title: "Instagram post zoom (pop)",
        summary: "The back button shrinks the detail screen back onto its grid cell while the dimming lifts.",
        source:
            "Kolos Foltányi, “Replicating Instagram’s Shared Transition on iOS (UIKit)”, and its code, github.com/Kolos65/InstagramTransition (Part I pop)"
    )
    let sceneFields = InstagramScene.fields
    let parameters = InstagramKeys.animated
    let trigger = Trigger.tap

    /// The pop's two ends: the detail full screen, dimmed grid behind; and the detail
    /// image on the cell with square corners, no dimming.
    static func ends(_ scene: InstagramScene, _ parameters: ParameterValues) -> (InstagramState, InstagramState) {
        let start = InstagramState.fullScreen(
            scene, radius: parameters[InstagramKeys.cornerRadius], overlay: parameters[InstagramKeys.overlayOpacity])
        let end = InstagramState.onCell(scene, legacyAspectFit: parameters[InstagramKeys.legacyAspectFit])
        return (start, end)
    }

    /// After a finished pop the detail screen, overlay and placeholder are gone.
    static func finished(_ end: InstagramState) -> InstagramState {
        var settled = end
        settled.detailVisible = false
        settled.overlayOpacity = 0
        settled.placeholderVisible = false
        return settled
    }

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let scene = InstagramScene(input.scene)
        let (start, end) = Self.ends(scene, input.parameters)
        return try InstagramAnimation.tap(
            id: description.id, scene: scene, from: start, to: end, settled: Self.finished(end),
            parameters: input.parameters
        ).simulate(input)
    }
}
