public import SegueEngine

/// The colour every output paints a layer with: the source's own where it gives one (the
/// black dimming view, the white placeholder, RGB(82, 77, 153)), else a calm palette by kind,
/// content layers cycling through six pastels in z-order and images a slate grey. Declared once,
/// so the JSON, the previews, the exports and the playground agree.
public enum LayerPaint {
    /// Content layers without a source colour, by their index among the layers, cycling.
    public static let contentPalette: [Color] = [
        Color(hex: 0xD1D1D6), Color(hex: 0xA7C7E7), Color(hex: 0xB5D8B0), Color(hex: 0xF3D9A4),
        Color(hex: 0xCDB9E8), Color(hex: 0xF2B8C6),
    ]
    /// Image layers without a source colour.
    public static let image = Color(hex: 0x8E9AAF)

    /// The fill of the layer at `index` (bottom to top).
    public static func fill(_ layer: LayerDescription, index: Int) -> Color {
        if let fill = layer.fill { return fill }
        switch layer.kind {
        case .image: return image
        case .solid, .content: return contentPalette[index % contentPalette.count]
        }
    }

    /// `#rrggbbaa` (CSS Color 4), the alpha to two hex digits.
    public static func hex(_ color: Color) -> String {
        let alpha = UInt8(max(0, min(255, (color.alpha * 255).rounded())))
        return color.hexRGB + Color.hexDigits(alpha)
    }

    /// `rgba(r, g, b, a)` for CSS.
    static func css(_ color: Color) -> String {
        "rgba(\(color.red), \(color.green), \(color.blue), \(WebKeyframes.number(color.alpha)))"
    }
}
