/// Why a preset is still code rather than a transition document: what the document format lacks
/// for it, or that its conversion is still to come. `GET /v1/presets/{id}` shows the sentence
/// beside `"transition": null`, so the format's gaps stay visible and can be closed one by one
/// (docs/transitions.md).
enum TransitionGaps {
    /// For a preset the format can express, whose Swift code still runs it.
    static let notConverted =
        "Not converted to a document yet: the conversion must give the code's frames, decision and events byte "
        + "for byte before the code goes."

    static let byID: [String: String] = [
        "touchwonders.zoomPop": perAxisSettle,
        "touchwonders.shapeDrop": perAxisSettle,
        "appstore.card.interactiveDismiss":
            "The format lacks two pans that may start one transition (a drag down from the scroll top, an edge pan) "
            + "and a decision taken mid-drag, finger still down, when progress reaches 1.",
        "yui.twitterSplash":
            "The format lacks a mask shaped as a path (the bird) and animations in sequence (a hold, a shrink, "
            + "then springs).",
        "yui.twitterSwipe":
            "The format lacks values a frame carries beside its layers (the × mark turning red at p = 1), a "
            + "settle target taken from where the release left the row (it slides out from there), and a rule "
            + "on the lift-off's progress while the screen shows the last changed sample's.",
        "yui.modalCard":
            "The format lacks progress measured toward the stage a drag heads for (and, after the release, the "
            + "stage chosen), the original's 400 pt-per-stage mapping with its linear band, YUI's stage "
            + "thresholds on the lift-off, and values a frame carries beside its layers (the stage, projectedY).",
        "yui.pathTooltip":
            "The format lacks values a frame carries beside its layers (the post index and the time label the "
            + "drag scrubs).",
    ]

    static let perAxisSettle =
        "The format lacks a settle on separate x and y springs, each handed its own velocity, with progress on a "
        + "timeline of its own beside them."
}

extension Preset {
    /// Nil for a transition document; for a preset that is still code, why (`TransitionGaps`).
    public var transitionGap: String? {
        if self is DocumentPreset || self is ParametricDocument { return nil }
        return TransitionGaps.byID[description.id] ?? TransitionGaps.notConverted
    }
}
