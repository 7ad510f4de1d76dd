/// Placing content of one aspect ratio inside a rect of another, as UIKit's `.scaleAspectFit`
/// and `.scaleAspectFill` content modes do, plus the seeds' faulty fit for reproducing them.
///
/// All three share these rules for awkward input, so none of them traps:
/// * `bounds` is standardized first, so a negative width or height is read as its magnitude;
/// * content with a zero or negative width or height has no aspect ratio, and the result is a
///   zero-size rect at the centre of `bounds`;
/// * if any input is not finite, every field of the result is NaN (check with `isFinite`).
extension Rect {
    /// The largest rect with `contentSize`'s aspect ratio that fits inside `bounds`, centred in
    /// it, in points: UIKit's `.scaleAspectFit`.
    ///
    /// The scale is `k = min(bounds.width / content.width, bounds.height / content.height)`. The
    /// axis that sets `k` (its origin and extent) is copied from `bounds` exactly, so the result
    /// touches `bounds` on that axis with no rounding gap, and lies within it on the other.
    ///
    /// - Parameters:
    ///   - contentSize: The natural size of the content (an image, a cell), in points; only its
    ///     aspect ratio matters.
    ///   - bounds: The rect to fit into, in points.
    public static func aspectFit(_ contentSize: Size, in bounds: Rect) -> Rect {
        place(contentSize, in: bounds) { widthScale, heightScale in widthScale <= heightScale }
    }

    /// The smallest rect with `contentSize`'s aspect ratio that covers `bounds`, centred on it,
    /// in points: UIKit's `.scaleAspectFill` (what sticks out is clipped by the caller's mask).
    ///
    /// The scale is `k = max(bounds.width / content.width, bounds.height / content.height)`. The
    /// axis that sets `k` is copied from `bounds` exactly, so the result touches `bounds` on that
    /// axis and overhangs it equally on both sides of the other.
    ///
    /// - Parameters:
    ///   - contentSize: The natural size of the content, in points; only its aspect ratio matters.
    ///   - bounds: The rect to cover, in points.
    public static func aspectFill(_ contentSize: Size, in bounds: Rect) -> Rect {
        place(contentSize, in: bounds) { widthScale, heightScale in widthScale >= heightScale }
    }

    /// The seeds' `CGRect.aspectFit(to:)`, bug included: the free dimension uses the inverted
    /// aspect ratio. Use `aspectFit(_:in:)` unless a preset must reproduce the original on screen.
    ///
    /// Source: seed-transitions.md §2.5 and §14 item 1 (S2 `Kolos65/InstagramTransition` and S6
    /// `yihui-hu/YUI`, `CGRect+Extensions.swift`). With `ρ = content.width / content.height`:
    /// * if `bounds.width / bounds.height < ρ` ("fit width"): width `bounds.width`, height
    ///   `bounds.width·ρ` (should be `/ρ`), centred vertically;
    /// * otherwise ("fit height"): height `bounds.height`, width `bounds.height / ρ` (should be
    ///   `·ρ`), centred horizontally.
    ///
    /// The branch choice is right; only the free dimension is wrong, so the result equals the
    /// correct fit exactly when the content is square, which is why the seeds' square grid cells
    /// hid it. The seed method is called on a rect; only that rect's size matters, so it is taken
    /// here as `contentSize`.
    ///
    /// - Parameters:
    ///   - contentSize: The size whose aspect ratio the seed meant to keep, in points.
    ///   - bounds: The rect to fit into, in points.
    public static func seedAspectFitWithInvertedRatio(_ contentSize: Size, in bounds: Rect) -> Rect {
        if let degenerate = degeneratePlacement(of: contentSize, in: bounds) { return degenerate }
        let frame = bounds.standardized
        let ratio = contentSize.width / contentSize.height
        if frame.width / frame.height < ratio {
            let height = frame.width * ratio
            return Rect(x: frame.x, y: frame.y + (frame.height - height) / 2, width: frame.width, height: height)
        } else {
            let width = frame.height * (contentSize.height / contentSize.width)
            return Rect(x: frame.x + (frame.width - width) / 2, y: frame.y, width: width, height: frame.height)
        }
    }

    /// Centres `contentSize`, scaled uniformly, on `bounds`. `matchWidth` receives the scale
    /// that would make the widths equal and the one that would make the heights equal, and says
    /// whether the width is the axis copied from `bounds`.
    private static func place(
        _ contentSize: Size, in bounds: Rect, matchWidth: (_ widthScale: Double, _ heightScale: Double) -> Bool
    ) -> Rect {
        if let degenerate = degeneratePlacement(of: contentSize, in: bounds) { return degenerate }
        let frame = bounds.standardized
        let widthScale = frame.width / contentSize.width
        let heightScale = frame.height / contentSize.height
        if matchWidth(widthScale, heightScale) {
            let height = contentSize.height * widthScale
            return Rect(x: frame.x, y: frame.midY - height / 2, width: frame.width, height: height)
        } else {
            let width = contentSize.width * heightScale
            return Rect(x: frame.midX - width / 2, y: frame.y, width: width, height: frame.height)
        }
    }

    /// The answer for input that has no aspect ratio or is not finite, as the extension's
    /// documentation states, or nil when the input is ordinary.
    private static func degeneratePlacement(of contentSize: Size, in bounds: Rect) -> Rect? {
        guard contentSize.isFinite, bounds.isFinite else {
            return Rect(x: .nan, y: .nan, width: .nan, height: .nan)
        }
        guard contentSize.width > 0, contentSize.height > 0 else {
            return Rect(center: bounds.center, size: .zero)
        }
        return nil
    }
}
