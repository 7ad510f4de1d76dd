import SegueMath

/// `instagram.pop`: the back button shrinks the detail screen back onto its grid cell while the
/// dimming lifts, as a transition document (Kolos Foltányi, “Replicating Instagram’s Shared
/// Transition on iOS (UIKit)”, Part I's pop, and its code, github.com/Kolos65/InstagramTransition).
/// Its two ends are those the pan-driven pops scrub and settle between.
enum InstagramPop {
    static let preset = ParametricDocument(
        description: PresetDescription(
            id: "instagram.pop", title: "Instagram post zoom (pop)",
            summary: "The back button shrinks the detail screen back onto its grid cell while the dimming lifts.",
            source:
                "Kolos Foltányi, “Replicating Instagram’s Shared Transition on iOS (UIKit)”, and its code, github.com/Kolos65/InstagramTransition (Part I pop)"
        ),
        sceneFields: InstagramScene.fields, parameters: InstagramKeys.animated
    ) { values, parameters in
        let scene = InstagramScene(values)
        let (start, end) = ends(scene, parameters)
        return InstagramDocument.tap(
            scene, from: ("detail", start), to: ("cell", end), settled: ("gone", finished(end)),
            parameters: parameters)
    }

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
}
