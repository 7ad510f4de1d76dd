public import SegueMath

/// `{"layers", "properties", "curve", "delay"}`: some of a tap's properties on a curve of their
/// own. UIKit code often animates one transition as several animations at once, each with its
/// own curve and start: AppStoreiOS11InteractiveTransition's `PresentCardAnimator` springs the
/// card's top constraint while a linear `UIView.animate` grows its width and height, and the blur
/// fades in over 0.5 s on a third. A track is one of those animations: the properties it names,
/// on the layers it names (every layer when nil), go `curve`'s fraction of the way from the tap's
/// `from` to its `to`, the curve starting `delay` seconds after the tap. What no track names, and
/// the frames' progress, follow the tap's curve; the transition lasts until the last curve ends.
public struct TapTrack: Sendable, Hashable {
    /// The layers' ids; nil for every layer.
    public var layers: [String]?
    public var properties: [TrackProperty]
    public var curve: CurveSpec
    /// Seconds from the tap to the curve's start, ≥ 0.
    public var delay: Double

    public init(layers: [String]? = nil, properties: [TrackProperty], curve: CurveSpec, delay: Double = 0) {
        self.layers = layers
        self.properties = properties
        self.curve = curve
        self.delay = delay
    }
}

/// What a track animates: a pose's field, or one coordinate or side of its frame (as a
/// constraint animates one edge or one size of a view).
public enum TrackProperty: String, Sendable, Hashable, CaseIterable {
    case frame
    case frameX = "frame.x"
    case frameY = "frame.y"
    case frameWidth = "frame.width"
    case frameHeight = "frame.height"
    case scale, translation, rotation, opacity, cornerRadius, mask, shadow

    /// Whether the two animate something in common: the same property, or the frame and a part of it.
    public func overlaps(_ other: TrackProperty) -> Bool {
        self == other || (self == .frame && other.rawValue.hasPrefix("frame."))
            || (other == .frame && rawValue.hasPrefix("frame."))
    }

    /// `state` with this property as `source` has it.
    func copy(from source: LayerPose, into state: inout LayerPose) {
        switch self {
        case .frame: state.frame = source.frame
        case .frameX: state.frame.origin.x = source.frame.origin.x
        case .frameY: state.frame.origin.y = source.frame.origin.y
        case .frameWidth: state.frame.size.width = source.frame.size.width
        case .frameHeight: state.frame.size.height = source.frame.size.height
        case .scale: state.scale = source.scale
        case .translation: state.translation = source.translation
        case .rotation: state.rotation = source.rotation
        case .opacity: state.opacity = source.opacity
        case .cornerRadius: state.cornerRadius = source.cornerRadius
        case .mask: state.mask = source.mask
        case .shadow: state.shadow = source.shadow
        }
    }
}

extension TapInteraction {
    /// Seconds from the tap until its curve and every track's (delay included) have ended; nil
    /// when its curve gives no usable timing.
    public var duration: Double? {
        guard let main = curve.timingCurve()?.duration else { return nil }
        return tracks.reduce(main) { longest, track in
            track.curve.timingCurve().map { max(longest, track.delay + $0.duration) } ?? longest
        }
    }
}

extension TransitionDocument {
    /// The tracks' mistakes: a layer that is not the document's, and a property that two tracks
    /// (or one track twice) animate on the same layer, where it cannot follow both curves.
    func trackProblems(_ tap: TapInteraction) -> [DocumentProblem] {
        var found: [DocumentProblem] = []
        let layerIDs = layers.map(\.id)
        /// For each layer, the properties claimed so far and by which track.
        var claimed: [String: [(property: TrackProperty, track: Int)]] = [:]
        for (index, track) in tap.tracks.enumerated() {
            let base = "/interaction/tracks/\(index)"
            for (position, id) in (track.layers ?? []).enumerated() where !layerIDs.contains(id) {
                found.append(
                    DocumentProblem(
                        base + "/layers/\(position)", "Unknown layer '\(id)'. \(Self.choices("layers", layerIDs))"))
            }
            let ids = (track.layers ?? layerIDs).filter(layerIDs.contains)
            for (position, property) in track.properties.enumerated() {
                let clash = ids.lazy.compactMap { id in
                    claimed[id]?.first { $0.property.overlaps(property) }.map { (id, $0) }
                }.first
                if let (id, earlier) = clash {
                    let other =
                        earlier.track == index
                        ? "this track already names '\(earlier.property.rawValue)'"
                        : "track \(earlier.track) animates its '\(earlier.property.rawValue)'"
                    found.append(
                        DocumentProblem(
                            base + "/properties/\(position)",
                            "'\(property.rawValue)' of layer '\(id)' can follow one curve only, and \(other). "
                                + "Name each property of a layer in one track."))
                }
                for id in ids { claimed[id, default: []].append((property, index)) }
            }
        }
        return found
    }
}
