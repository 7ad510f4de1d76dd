/// The numbers a transition document accepts, declared once: the parser checks them, and
/// docs/transitions.md and openapi.yaml state them. Far beyond any screen or animation a
/// person means, near enough that every product and sum of them stays finite.
public enum TransitionRanges {
    /// A window's width or height, points: above 0, at most 10 000 (an iPad Pro is 1 366).
    public static let windowSide = NumberRange(lower: 0, lowerInclusive: false, upper: 10_000)
    /// A position or an offset in window points (frame origins, translations, shadow offsets).
    public static let coordinate = NumberRange.between(-1e6, 1e6)
    /// A width or a height: above 0 (nothing smaller is drawn), at most 1e6 points.
    public static let size = NumberRange(lower: 0, lowerInclusive: false, upper: 1e6)
    /// A uniform scale: −100…100 (a negative scale mirrors, as a negative `CGAffineTransform`
    /// scale does).
    public static let scale = NumberRange.between(-100, 100)
    /// A rotation in degrees: a hundred turns either way.
    public static let rotation = NumberRange.between(-36_000, 36_000)
    /// An opacity, as `CALayer.opacity`.
    public static let opacity = NumberRange.between(0, 1)
    /// A corner or shadow radius, points.
    public static let radius = NumberRange.between(0, 1e6)
    /// A scrub's distance, or an edge region's width, points: above 0.
    public static let distance = NumberRange(lower: 0, lowerInclusive: false, upper: 1e6)
    /// A rubber band's coefficient (iOS uses 0.55).
    public static let rubberBand = NumberRange(lower: 0, lowerInclusive: false, upper: 100)
    /// A deceleration rate per millisecond (UIScrollView's `.normal` is 0.998): a rate of 1 would
    /// project forever.
    public static let rate = NumberRange(lower: 0, lowerInclusive: false, upper: 1, upperInclusive: false)
    /// A percent-driven scrub's `completionSpeed`: above 0 (UIKit treats 0 and below as 1, a
    /// document says 1), at most 100 times real time.
    public static let completionSpeed = NumberRange(lower: 0, lowerInclusive: false, upper: 100)
    /// A percent-driven scrub's `reportedDuration`, seconds: as a curve's duration may be.
    public static let reportedDuration = NumberRange(lower: 0, lowerInclusive: false, upper: 600)
    /// A pan's `directionRatio`: how many times the across component the along one must exceed.
    public static let directionRatio = NumberRange.between(0, 100)
    /// A scrub's `minimum` or `maximum` progress, in units of its distance.
    public static let progressBound = NumberRange.between(-1e6, 1e6)
    /// A tap track's `delay`, seconds: as long as a curve's duration may be.
    public static let delay = NumberRange.between(0, 600)
    /// A condition's `lookahead`, seconds.
    public static let lookahead = NumberRange.between(0, 100)
    /// The longest layer `role`, bytes: a sentence, as the presets' roles are (the longest is 227).
    public static let maxRoleLength = 500
    /// The longest id (a layer's, a pose's name, a guard's).
    public static let maxIDLength = 64

    /// Whether `id` is 1…64 letters, digits, `.`, `_` or `-` (ASCII).
    public static func isID(_ id: String) -> Bool {
        let utf8 = id.utf8
        return !utf8.isEmpty && utf8.count <= maxIDLength
            && utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                    true
                default: false
                }
            }
    }
}
