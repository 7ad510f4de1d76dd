import Foundation
import SegueEngine
import SegueMath

/// A colour with straight alpha, each channel 0…1: what the art's paints give for a pixel.
struct ArtColor: Sendable, Hashable {
    var red: Double
    var green: Double
    var blue: Double
    var alpha: Double

    static let clear = ArtColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// `rgb(r g b / a)` with channels 0…255.
    init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    init(_ color: Color) {
        self.init(
            red: Double(color.red) / 255, green: Double(color.green) / 255, blue: Double(color.blue) / 255,
            alpha: color.alpha)
    }

    /// CSS Color 4's `hsl(h s% l% / a)` (§7.1, its `hslToRgb`, as the playground's): hue in degrees,
    /// saturation and lightness in percent.
    static func hsl(_ hue: Double, _ saturation: Double, _ lightness: Double, alpha: Double = 1) -> ArtColor {
        let s = saturation / 100
        let l = lightness / 100
        func channel(_ n: Double) -> Double {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            return l - s * min(l, 1 - l) * max(-1, min(k - 3, 9 - k, 1))
        }
        return ArtColor(red: channel(0), green: channel(8), blue: channel(4), alpha: alpha)
    }

    /// The same colour premultiplied by its alpha, the space CSS interpolates gradients in
    /// (CSS Images 3 §3.4.2), so that a stop fading to `transparent` keeps its hue.
    var premultiplied: (Double, Double, Double, Double) { (red * alpha, green * alpha, blue * alpha, alpha) }
}

/// What fills a shape: one colour, or a gradient with CSS's geometry, its stops at fractions of
/// its gradient line (hard where two stops meet), interpolated premultiplied between them.
enum ArtPaint: Sendable {
    struct Stop: Sendable {
        var color: ArtColor
        /// Along the gradient line, 0…1.
        var offset: Double
    }

    case solid(ArtColor)
    /// Along `direction` (a unit vector), `t = (p − origin) · direction / length`.
    case linear(origin: Point, direction: Point, length: Double, stops: [Stop])
    /// Out from `center`, `t = |p − center| / radius`.
    case radial(center: Point, radius: Double, stops: [Stop])

    /// CSS `linear-gradient(<angle>deg, …)` over `box` (CSS Images 3 §3.1.1): 0° points up, 90°
    /// right; the gradient line runs through the box's centre, `|w sin θ| + |h cos θ|` long, so
    /// the box's corners meet its 0 % and 100 %.
    static func linear(degrees: Double, box: Rect, stops: [Stop]) -> ArtPaint {
        let radians = degrees * Double.pi / 180
        let direction = Point(x: sin(radians), y: -cos(radians))
        let length = abs(box.width * direction.x) + abs(box.height * direction.y)
        let origin = Point(x: box.midX - direction.x * length / 2, y: box.midY - direction.y * length / 2)
        return .linear(origin: origin, direction: direction, length: length, stops: stops)
    }

    /// CSS `radial-gradient(circle at <x> <y>, …)` over `box` (§3.2.1): its radius reaches the
    /// farthest corner (the default size, `farthest-corner`).
    static func radial(center: Point, box: Rect, stops: [Stop]) -> ArtPaint {
        let dx = max(abs(center.x - box.minX), abs(center.x - box.maxX))
        let dy = max(abs(center.y - box.minY), abs(center.y - box.maxY))
        return .radial(center: center, radius: (dx * dx + dy * dy).squareRoot(), stops: stops)
    }

    /// The colour at `point` (raster pixels).
    func color(at point: Point) -> ArtColor {
        switch self {
        case .solid(let color): return color
        case .linear(let origin, let direction, let length, let stops):
            guard length > 0 else { return stops.last?.color ?? .clear }
            let t = ((point.x - origin.x) * direction.x + (point.y - origin.y) * direction.y) / length
            return Self.interpolate(stops, at: t)
        case .radial(let center, let radius, let stops):
            guard radius > 0 else { return stops.last?.color ?? .clear }
            let dx = point.x - center.x
            let dy = point.y - center.y
            return Self.interpolate(stops, at: (dx * dx + dy * dy).squareRoot() / radius)
        }
    }

    /// Whether the colour is the same all along a row: one colour, or a vertical gradient.
    var isRowConstant: Bool {
        switch self {
        case .solid: true
        case .linear(_, let direction, _, _): direction.x == 0
        case .radial: false
        }
    }

    /// The columns of `columns` in the row whose pixel centres are at `y` where the paint may be
    /// other than transparent, a pixel wider on each side than exact; nil when none. A linear
    /// gradient's `t` is linear along the row; a radial one's is within its circle.
    func span(row y: Double, within columns: Range<Int>) -> Range<Int>? {
        guard let (low, high) = Self.opaqueRange(stops) else { return nil }
        var from = Double(columns.lowerBound)
        var to = Double(columns.upperBound)
        switch self {
        case .solid: return columns
        case .linear(let origin, let direction, let length, _):
            guard length > 0 else { return columns }
            // t(x) = a + b·x at pixel centres x + 0.5.
            let a = ((0.5 - origin.x) * direction.x + (y - origin.y) * direction.y) / length
            let b = direction.x / length
            if b == 0 {
                guard a >= low - 1e-9, a <= high + 1e-9 else { return nil }
            } else {
                let (x0, x1) = ((low - a) / b, (high - a) / b)
                from = max(from, min(x0, x1).rounded(.down) - 1)
                to = min(to, max(x0, x1).rounded(.up) + 2)
            }
        case .radial(let center, let radius, _):
            guard high.isFinite else { return columns }
            let reach = high * radius + 1
            let dy = y - center.y
            guard abs(dy) <= reach else { return nil }
            let half = (reach * reach - dy * dy).squareRoot()
            from = max(from, (center.x - half).rounded(.down) - 1)
            to = min(to, (center.x + half).rounded(.up) + 1)
        }
        guard from < to else { return nil }
        // Both start as the columns' bounds and only move inwards, so they are finite Ints' values.
        return Int(from)..<Int(to)
    }

    /// The stops' `t` range outside which the paint is transparent: −∞ or +∞ where an end stop
    /// is not; nil when every stop is transparent.
    private var stops: [Stop] {
        switch self {
        case .solid(let color): [Stop(color: color, offset: 0)]
        case .linear(_, _, _, let stops), .radial(_, _, let stops): stops
        }
    }

    private static func opaqueRange(_ stops: [Stop]) -> (Double, Double)? {
        guard let first = stops.firstIndex(where: { $0.color.alpha > 0 }),
            let last = stops.lastIndex(where: { $0.color.alpha > 0 })
        else { return nil }
        let low = first == 0 ? -Double.infinity : stops[first - 1].offset
        let high = last == stops.count - 1 ? Double.infinity : stops[last + 1].offset
        return (low, high)
    }

    /// The colour at `t` along `stops` (in order): the first's before it, the last's after it.
    static func interpolate(_ stops: [Stop], at t: Double) -> ArtColor {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if t <= first.offset { return first.color }
        if t >= last.offset { return last.color }
        var index = 1
        while index < stops.count - 1 && t >= stops[index].offset { index += 1 }
        let a = stops[index - 1]
        let b = stops[index]
        guard b.offset > a.offset else { return b.color }
        let k = (t - a.offset) / (b.offset - a.offset)
        let (ar, ag, ab, aa) = a.color.premultiplied
        let (br, bg, bb, ba) = b.color.premultiplied
        let alpha = aa + (ba - aa) * k
        guard alpha > 0 else { return .clear }
        return ArtColor(
            red: (ar + (br - ar) * k) / alpha, green: (ag + (bg - ag) * k) / alpha,
            blue: (ab + (bb - ab) * k) / alpha, alpha: alpha)
    }
}

/// A small RGBA raster, 8 bits a channel, straight alpha, rows top to bottom: what the exports'
/// drawn art is painted into before it is written as a PNG (`PNGEncoder`). A pure value: the same
/// shapes give the same bytes.
///
/// Shapes are anti-aliased by analytic coverage: a rectangle's area over each pixel exactly; a
/// rounded rectangle's or circle's from the signed distance of the pixel's centre to its edge
/// (coverage `0.5 − d`, clamped), a one-pixel ramp across the edge.
struct Raster: Sendable, Equatable {
    let width: Int
    let height: Int
    /// `width × height × 4` bytes: R, G, B, A.
    private(set) var pixels: [UInt8]

    /// A raster filled with `color`; nil for a size that is not positive.
    init?(width: Int, height: Int, color: ArtColor = .clear) {
        guard width > 0, height > 0, width <= Self.maxSide, height <= Self.maxSide else { return nil }
        self.width = width
        self.height = height
        let rgba = Self.bytes(color)
        pixels = [UInt8](repeating: 0, count: width * height * 4)
        for index in stride(from: 0, to: pixels.count, by: 4) {
            pixels[index] = rgba.0
            pixels[index + 1] = rgba.1
            pixels[index + 2] = rgba.2
            pixels[index + 3] = rgba.3
        }
    }

    /// The longest side a raster may have, pixels: PNG allows 2³¹ − 1; the art never nears this.
    static let maxSide = 16_384

    /// The pixel at column `x`, row `y`, as R, G, B, A.
    func pixel(x: Int, y: Int) -> [UInt8] {
        let index = (y * width + x) * 4
        return Array(pixels[index..<index + 4])
    }

    /// Paints `rect` (pixels), its corners rounded by `radius` (pixels, at most half its shorter
    /// side), with `paint`, over what is there (source-over). Only the pixels where the paint is
    /// not transparent are visited (`ArtPaint.span`); a paint constant along a row is evaluated
    /// once a row.
    mutating func fill(_ rect: Rect, radius: Double = 0, with paint: ArtPaint) {
        guard rect.width > 0, rect.height > 0, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite,
            rect.maxY.isFinite, radius.isFinite
        else { return }
        let r = max(0, min(radius, min(rect.width, rect.height) / 2))
        // Clamped as Doubles before they become Ints: a shape may lie far off the raster.
        func index(_ value: Double, _ limit: Int) -> Int { Int(max(0, min(Double(limit), value))) }
        let x0 = index(rect.minX.rounded(.down), width)
        let y0 = index(rect.minY.rounded(.down), height)
        let x1 = index(rect.maxX.rounded(.up), width)
        let y1 = index(rect.maxY.rounded(.up), height)
        guard x0 < x1, y0 < y1 else { return }
        let rowConstant = paint.isRowConstant
        let width = self.width
        pixels.withUnsafeMutableBufferPointer { buffer in
            for y in y0..<y1 {
                let cy = Double(y) + 0.5
                guard let span = paint.span(row: cy, within: x0..<x1) else { continue }
                let coverY = min(Double(y + 1), rect.maxY) - max(Double(y), rect.minY)
                let rowColor = rowConstant ? paint.color(at: Point(x: rect.midX, y: cy)) : nil
                for x in span {
                    var coverage = (min(Double(x + 1), rect.maxX) - max(Double(x), rect.minX)) * coverY
                    let centre = Point(x: Double(x) + 0.5, y: cy)
                    if r > 0 {
                        coverage = min(coverage, Self.roundedCoverage(centre, rect: rect, radius: r))
                    }
                    guard coverage > 0 else { continue }
                    Self.blend(buffer, at: (y * width + x) * 4, rowColor ?? paint.color(at: centre), coverage: coverage)
                }
            }
        }
    }

    /// Paints the circle of `radius` about `center` (pixels) with `paint`.
    mutating func fillCircle(center: Point, radius: Double, with paint: ArtPaint) {
        let box = Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
        fill(box, radius: radius, with: paint)
    }

    /// The coverage of the pixel centred at `point` by a rounded rect: `0.5 − d` for the signed
    /// distance `d` to its outline (Inigo Quilez, "2D distance functions", the box with rounded
    /// corners), clamped to 0…1.
    private static func roundedCoverage(_ point: Point, rect: Rect, radius: Double) -> Double {
        let qx = abs(point.x - rect.midX) - (rect.width / 2 - radius)
        let qy = abs(point.y - rect.midY) - (rect.height / 2 - radius)
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        let distance = outside + min(max(qx, qy), 0) - radius
        return max(0, min(1, 0.5 - distance))
    }

    /// Composites `color` at `coverage` over the pixel at `index` (Porter–Duff source-over,
    /// straight alpha).
    private static func blend(
        _ pixels: UnsafeMutableBufferPointer<UInt8>, at index: Int, _ color: ArtColor, coverage: Double
    ) {
        let sa = color.alpha * coverage
        guard sa > 0 else { return }
        if sa >= 1 {
            pixels[index] = byte(color.red)
            pixels[index + 1] = byte(color.green)
            pixels[index + 2] = byte(color.blue)
            pixels[index + 3] = 255
            return
        }
        let da = Double(pixels[index + 3]) / 255
        let alpha = sa + da * (1 - sa)
        let kept = da * (1 - sa)
        pixels[index] = byte((color.red * sa + Double(pixels[index]) / 255 * kept) / alpha)
        pixels[index + 1] = byte((color.green * sa + Double(pixels[index + 1]) / 255 * kept) / alpha)
        pixels[index + 2] = byte((color.blue * sa + Double(pixels[index + 2]) / 255 * kept) / alpha)
        pixels[index + 3] = byte(alpha)
    }

    /// A channel 0…1 as a byte, rounded.
    private static func byte(_ value: Double) -> UInt8 {
        UInt8(max(0, min(255, (value * 255).rounded())))
    }

    private static func bytes(_ color: ArtColor) -> (UInt8, UInt8, UInt8, UInt8) {
        return (byte(color.red), byte(color.green), byte(color.blue), byte(color.alpha))
    }

    /// Whether every pixel is opaque: the PNG is then written as RGB, a quarter smaller.
    var isOpaque: Bool {
        stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 }
    }
}
