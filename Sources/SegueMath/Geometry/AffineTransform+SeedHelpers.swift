/// The transform helpers the seeds build their shared-element transitions from, with their exact
/// math (seed-transitions.md §2.1–§2.3; S2 `Kolos65/InstagramTransition` and S6 `yihui-hu/YUI`,
/// `CGAffineTransform+Extensions.swift`).
///
/// Each returns a scale followed by a translation (`scale.concatenating(translation)`), so `tx`
/// and `ty` are the centre's movement in points, not scaled. They are meant to be set on a layer
/// whose frame is `parent` and whose anchor point is the default centre; see
/// `Rect.presentationFrame(applying:anchorPoint:)`. Sizes of zero give infinite or NaN scales, as
/// in the seeds; nothing traps.
extension AffineTransform {
    /// The non-uniform transform that, set on a layer with frame `parent`, maps its sub-rect
    /// `child` exactly onto `target` (seed-transitions.md §2.1, seed name
    /// `transform(parent:suchThatChild:matches:)`, S2 spells it `soChild`).
    ///
    /// `sx = target.width / child.width`, `sy = target.height / child.height`, and
    /// `t = (target.mid − parent.mid) + (parent.mid − child.mid)⊙(sx, sy)`. The aspect ratio is not
    /// kept, which is why the seeds use `transform(parent:suchThatChild:aspectFills:)` instead.
    ///
    /// - Parameters:
    ///   - parent: The frame of the layer that receives the transform, in points.
    ///   - child: A rect inside that layer, in the parent's coordinates, in points.
    ///   - target: Where `child` should appear, in the same coordinates, in points.
    public static func transform(parent: Rect, suchThatChild child: Rect, matches target: Rect) -> AffineTransform {
        let scaleX = target.width / child.width
        let scaleY = target.height / child.height
        return seedScaleThenTranslate(parent: parent, child: child, target: target, scaleX: scaleX, scaleY: scaleY)
    }

    /// The uniform transform that, set on a layer with frame `parent`, centres its sub-rect
    /// `child` on `target` and scales it just enough to cover `target` (seed-transitions.md §2.2,
    /// seed name `transform(parent:suchThatChild:aspectFills:)`).
    ///
    /// The seed picks `s = target.height / child.height` when `target`'s aspect ratio is smaller
    /// than `child`'s and `s = target.width / child.width` otherwise, which for positive sizes is
    /// `max` of the two; that branch is kept as written. `t = (target.mid − parent.mid) +
    /// s·(parent.mid − child.mid)`. What overhangs `target` is the mask's job (§2.5).
    ///
    /// - Parameters:
    ///   - parent: The frame of the layer that receives the transform, in points.
    ///   - child: A rect inside that layer, in the parent's coordinates, in points.
    ///   - target: The rect the scaled `child` must cover, in the same coordinates, in points.
    public static func transform(parent: Rect, suchThatChild child: Rect, aspectFills target: Rect)
        -> AffineTransform
    {
        let childRatio = child.width / child.height
        let targetRatio = target.width / target.height
        let scale = targetRatio < childRatio ? target.height / child.height : target.width / child.width
        return seedScaleThenTranslate(parent: parent, child: child, target: target, scaleX: scale, scaleY: scale)
    }

    /// The uniform transform that moves a layer with frame `originalFrame` onto `targetFrame`
    /// (seed-transitions.md §2.3, YUI only, seed name `transform(originalFrame:toTargetFrame:)`).
    ///
    /// `s = targetFrame.width / originalFrame.width` and `t = targetFrame.mid − originalFrame.mid`.
    /// The seed assumes both frames have the same aspect ratio; when they do not, the height is
    /// simply wrong, as in the seed. It is §2.2 with `parent = child = originalFrame`, without the
    /// choice of axis.
    ///
    /// - Parameters:
    ///   - originalFrame: The layer's untransformed frame, in points.
    ///   - targetFrame: Where the layer should appear, in points.
    public static func transform(originalFrame: Rect, toTargetFrame targetFrame: Rect) -> AffineTransform {
        let scale = targetFrame.width / originalFrame.width
        return AffineTransform(scaleX: scale, y: scale).concatenating(
            AffineTransform(
                translationX: targetFrame.midX - originalFrame.midX,
                y: targetFrame.midY - originalFrame.midY
            )
        )
    }

    /// The translation §2.1 and §2.2 share: move the parent's centre to the target's, then correct
    /// by the scaled offset between the parent's and the child's centres; composed as scale, then
    /// translation.
    private static func seedScaleThenTranslate(
        parent: Rect, child: Rect, target: Rect, scaleX: Double, scaleY: Double
    ) -> AffineTransform {
        let translationX = (target.midX - parent.midX) + (parent.midX - child.midX) * scaleX
        let translationY = (target.midY - parent.midY) + (parent.midY - child.midY) * scaleY
        return AffineTransform(scaleX: scaleX, y: scaleY).concatenating(
            AffineTransform(translationX: translationX, y: translationY)
        )
    }
}
