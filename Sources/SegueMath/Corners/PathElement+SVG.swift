/// Writing path elements as SVG path data (the `d` attribute), for clients that draw the shape.
extension PathElement {
    /// This element as one SVG path command, numbers formatted by `svgPathData(for:)`'s rule:
    /// `M x,y`, `L x,y`, `C x1,y1 x2,y2 x,y`, `A r,r 0 0 1 x,y` or `Z`, in points.
    public var svgCommand: String {
        switch self {
        case .move(let to):
            return "M \(Self.pair(to))"
        case .line(let to):
            return "L \(Self.pair(to))"
        case .cubic(let to, let control1, let control2):
            return "C \(Self.pair(control1)) \(Self.pair(control2)) \(Self.pair(to))"
        case .arc(let to, let radius):
            let r = Self.svgNumberText.string(radius)
            return "A \(r),\(r) 0 0 1 \(Self.pair(to))"
        case .close:
            return "Z"
        }
    }

    /// SVG path data for `elements`: their commands joined by single spaces.
    ///
    /// Every number is rounded half away from zero to 6 decimals (a millionth of a point) and
    /// written shortest: no trailing zeros, no exponent, and "0" for anything that rounds to zero,
    /// including −0. The same elements always give the same string.
    public static func svgPathData(for elements: [PathElement]) -> String {
        elements.map(\.svgCommand).joined(separator: " ")
    }

    /// How path data writes a number: rounded half away from zero to a millionth of a point,
    /// written shortest. From 2⁵³ millionths (about 9·10⁹ points) up, Swift's shortest form
    /// ("1e+16"); SegueMath's own paths never reach that, nor hold a non-finite number.
    static let svgNumberText = DecimalText(decimals: 6)

    /// `x,y` with both numbers formatted.
    private static func pair(_ point: Point) -> String {
        "\(svgNumberText.string(point.x)),\(svgNumberText.string(point.y))"
    }
}
