import SegueMath

/// `instagram.push`: tapping a grid cell grows its image into the detail screen while the grid
/// dims, as a transition document (Kolos Foltányi, “Replicating Instagram’s Shared Transition on
/// iOS (UIKit)”, Part I's push, and its code, github.com/Kolos65/InstagramTransition).
enum InstagramPush {
    static let preset = ParametricDocument(
        description: PresetDescription(
            id: "instagram.push", title: "Instagram post zoom (push)",
            summary: "Tapping a grid cell grows its image into the detail screen while the grid dims.",
            source:
                "Kolos Foltányi, “Replicating Instagram’s Shared Transition on iOS (UIKit)”, and its code, github.com/Kolos65/InstagramTransition (Part I push)"
        ),
        sceneFields: InstagramScene.fields, parameters: InstagramKeys.animated
    ) { values, parameters in
        let scene = InstagramScene(values)
        // From the detail image laid over the cell, square corners, to the detail full screen in
        // its rounded mask over the dimmed grid.
        let start = InstagramState.onCell(scene, legacyAspectFit: parameters[InstagramKeys.legacyAspectFit])
        var end = start
        end.scale = 1
        end.translation = .zero
        end.mask = scene.bounds
        end.maskRadius = parameters[InstagramKeys.cornerRadius]
        end.overlayOpacity = parameters[InstagramKeys.overlayOpacity]
        // The completion removes the mask, overlay and placeholder, and the grid leaves the
        // hierarchy: the radius snaps to square.
        var settled = end
        settled.mask = nil
        settled.overlayOpacity = 0
        settled.placeholderVisible = false
        settled.gridVisible = false
        return InstagramDocument.tap(
            scene, from: ("cell", start), to: ("detail", end), settled: ("settled", settled), parameters: parameters)
    }
}
