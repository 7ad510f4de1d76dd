/// How frames are written in JSON: the `encoding` member of a `POST /v1/simulate` request, and
/// of a drive session's `start` message (`FrameChain`), where "the frame before" is the one sent
/// before, whichever message carried it.
public enum FrameEncoding: String, Sendable, Hashable, CaseIterable {
    /// Every layer's every property on every frame; the default, and what the goldens pin.
    case full
    /// The first frame in full; after it, each frame lists only the layers that changed since
    /// the frame before, each with only the properties that changed (a shadow that goes away is
    /// `"shadow": null`). A client rebuilds frame k by laying frame k's members over frame k-1.
    /// A layer that only moves sends its transform and presentation frame; one that stays put
    /// sends nothing, so long holds and static backgrounds cost nothing.
    case compact
}
