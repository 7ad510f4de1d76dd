import SegueMath

/// `instagram.push`: tapping a grid cell grows its image into the detail screen
/// (seed-transitions.md §3; seed 000 Part I's push, S2 `pushAnimation`).
struct InstagramPush: Preset {
    let description = PresetDescription(
        id: "instagram.push", title: "Instagram post zoom (push)",
        summary: "Tapping a grid cell grows its image into the detail screen while the grid dims.",
        source:
            "Kolos Foltányi, “Replicating Instagram’s Shared Transition on iOS (UIKit)”, and its code, github.com/Kolos65/InstagramTransition (Part I push)"
    )
    let sceneFields = InstagramScene.fields
    let parameters = InstagramKeys.animated
    let trigger = Trigger.tap

    func simulate(_ input: SimulationInput) throws(SimulationError) -> Simulation {
        let scene = InstagramScene(input.scene)
        let parameters = input.parameters
        let start = InstagramState.onCell(scene, legacyAspectFit: parameters[InstagramKeys.legacyAspectFit])
        var end = start
        end.scale = 1
        end.translation = .zero
        end.mask = scene.bounds
        end.maskRadius = parameters[InstagramKeys.cornerRadius]
        end.overlayOpacity = parameters[InstagramKeys.overlayOpacity]
        // On completion the mask, overlay and placeholder are removed, and the grid
        // leaves the hierarchy: the radius snaps to square (seed-transitions.md §14.2).
        var settled = end
        settled.mask = nil
        settled.overlayOpacity = 0
        settled.placeholderVisible = false
        settled.gridVisible = false
        return try InstagramAnimation.tap(
            id: description.id, scene: scene, from: start, to: end, settled: settled, parameters: parameters
        ).simulate(input)
    }
}
