import SegueEngine
import SegueMath

/// The generated art of one preset layer, as the playground draws it
/// (Sources/SegueAPI/Resources/playground.html: `hueOf`, `photoBackground`, `photoGrid`,
/// `listRows`, `todayList`, `contentFor`, `buildLayers`), as shapes in the layer's points: an
/// image layer is one generated photo; a content layer its fill with a photo grid, a card, list
/// rows, a detail screen or text lines over it, chosen by its id and role as `contentFor` chooses.
/// Text is drawn as bars (a title a dark bar, body text grey lines), since there are no fonts.
struct LayerArt: Sendable, Hashable {
    enum Item: Sendable, Hashable {
        /// A generated photo (`photoBackground(seed)`) in `rect`, its corners rounded by `radius`.
        case photo(seed: String, rect: Rect, radius: Double)
        /// A bar of one colour: a title, a line of text.
        case bar(Rect, radius: Double, color: ArtColor)
        /// An avatar.
        case circle(center: Point, radius: Double, color: ArtColor)
    }

    /// The layer's size, points.
    var size: Size
    /// What is under the items: the layer's fill (`LayerPaint`).
    var background: ArtColor
    var items: [Item]

    /// The most items one layer draws: a grid of tiny cells or rows would otherwise draw without
    /// end; the art is a likeness, and more tiles than this would not read at any size.
    static let maxItems = 600
    /// The status bar the App Store's Today heading leaves room for: the iPhone 14's, 47 pt
    /// (the playground's device table), since a simulation has no device.
    static let statusBar = 47.0

    init(size: Size, background: ArtColor, items: [Item]) {
        self.size = size
        self.background = background
        self.items = items
    }

    /// The art of `layer` (laid out at `frame`, its first frame's) at `index` among the layers
    /// of preset `presetID`, with the scene's rects by name in the preset's order; nil for a
    /// solid layer, which keeps its fill.
    init?(layer: LayerDescription, frame: Rect, index: Int, presetID: String, scene: [(name: String, rect: Rect)]) {
        guard layer.kind != .solid, frame.width > 0, frame.height > 0 else { return nil }
        size = frame.size
        background = ArtColor(LayerPaint.fill(layer, index: index))
        if layer.kind == .image {
            items = [.photo(seed: layer.id, rect: Rect(origin: .zero, size: frame.size), radius: 0)]
        } else {
            var builder = Builder(frame: frame, presetID: presetID, scene: scene)
            builder.content(id: layer.id, role: layer.role)
            items = Array(builder.items.prefix(Self.maxItems))
        }
    }

    /// The playground's `hueOf`: FNV-1a (32 bits) over the text's UTF-16 code units (the first of
    /// each code point, as its `for … of` with `charCodeAt(0)`), then a final mix, modulo 360.
    static func hue(of text: String) -> Int {
        var h: UInt32 = 2_166_136_261
        for scalar in text.unicodeScalars {
            h ^= UInt32(String(scalar).utf16.first ?? 0)
            h = h &* 16_777_619
        }
        h ^= h >> 13
        h = h &* 0x5bd1_e995
        h ^= h >> 15
        return Int(h % 360)
    }

    /// `photoBackground(seed)`'s layers over `box` (pixels), bottom first: the sky, the far hill
    /// (18°, hard at 33 %), the near hill (162°, from 58 %), the sun (a circle at 72 % 28 %).
    static func photoPaints(seed: String, box: Rect) -> [ArtPaint] {
        let h = Double(hue(of: seed))
        typealias Stop = ArtPaint.Stop
        let sky = ArtPaint.linear(
            degrees: 180, box: box,
            stops: [
                Stop(color: .hsl(h, 65, 62), offset: 0),
                Stop(color: .hsl((h + 40).truncatingRemainder(dividingBy: 360), 70, 86), offset: 1),
            ])
        let farHill = ArtColor.hsl((h + 110).truncatingRemainder(dividingBy: 360), 38, 40)
        let far = ArtPaint.linear(
            degrees: 18, box: box, stops: [Stop(color: farHill, offset: 0.33), Stop(color: .clear, offset: 0.334)])
        let nearHill = ArtColor.hsl((h + 140).truncatingRemainder(dividingBy: 360), 30, 30)
        let near = ArtPaint.linear(
            degrees: 162, box: box, stops: [Stop(color: .clear, offset: 0.58), Stop(color: nearHill, offset: 0.584)])
        let core = ArtColor.hsl(45, 100, 92, alpha: 0.95)
        let halo = ArtColor.hsl(45, 100, 80, alpha: 0.4)
        let sun = ArtPaint.radial(
            center: Point(x: box.minX + box.width * 0.72, y: box.minY + box.height * 0.28), box: box,
            stops: [
                Stop(color: core, offset: 0), Stop(color: core, offset: 0.07), Stop(color: halo, offset: 0.075),
                Stop(color: halo, offset: 0.12), Stop(color: .clear, offset: 0.13),
            ])
        return [sky, far, near, sun]
    }

    /// The art painted into a raster of `width × height` pixels, the layer's points stretched to it.
    func raster(width: Int, height: Int) -> Raster? {
        guard var raster = Raster(width: width, height: height, color: background) else { return nil }
        let sx = Double(width) / size.width
        let sy = Double(height) / size.height
        let unit = min(sx, sy)
        func pixels(_ rect: Rect) -> Rect {
            Rect(x: rect.minX * sx, y: rect.minY * sy, width: rect.width * sx, height: rect.height * sy)
        }
        for item in items {
            switch item {
            case .photo(let seed, let rect, let radius):
                let box = pixels(rect)
                for paint in Self.photoPaints(seed: seed, box: box) {
                    raster.fill(box, radius: radius * unit, with: paint)
                }
            case .bar(let rect, let radius, let color):
                raster.fill(pixels(rect), radius: radius * unit, with: .solid(color))
            case .circle(let center, let radius, let color):
                let box = pixels(
                    Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
                raster.fill(box, radius: min(box.width, box.height) / 2, with: .solid(color))
            }
        }
        return raster
    }
}

/// `contentFor` and its helpers, laying items out in the layer's points.
private struct Builder {
    let frame: Rect
    let presetID: String
    let scene: [(name: String, rect: Rect)]
    var items: [LayerArt.Item] = []

    /// `.ph-title`: bold text at 78 % black, drawn as a bar the height of its capitals and as
    /// wide as its letters would be (about 0.55 em each), within `width`.
    static let titleColor = ArtColor(red: 0, green: 0, blue: 0, alpha: 0.78)
    /// `.ph-line`: 10 pt tall, fully rounded, 16 % black.
    static let lineColor = ArtColor(red: 0, green: 0, blue: 0, alpha: 0.16)

    var full: Bool { frame.width >= 300 && frame.height >= 500 }

    /// The first scene rect whose name passes `test` (`sceneRect`).
    func sceneRect(_ test: (String) -> Bool) -> Rect? {
        scene.first { test($0.name) }?.rect
    }

    mutating func content(id rawID: String, role rawRole: String) {
        let id = rawID.lowercased()
        let role = rawRole.lowercased()
        let w = frame.width
        let h = frame.height
        func has(_ text: String, _ words: [String]) -> Bool { words.contains { text.contains($0) } }
        if has(id + " " + role, ["grid", "collection"]) {
            title(presetID.hasPrefix("instagram") ? "segue.sim" : "Library", x: 16, y: 56, width: w - 32, size: 22)
            let cell = sceneRect {
                $0.hasPrefix("cell") || $0.contains("cellFrame") || $0.contains("cellImage")
                    || $0.hasPrefix("cardFrame")
            }
            photoGrid(cell: cell, seed: rawID)
        } else if id.contains("title") {
            title(
                presetID.hasPrefix("miquido") ? "Dive deeper" : "Title", x: 4, y: max(0, h / 2 - 10), width: w - 8,
                size: min(20, h * 0.7))
        } else if id.contains("label") {
            title("Paper", x: 0, y: 0, width: w, size: 34)
            lines(x: 0, y: 52, width: w * 0.9, count: 3)
        } else if id.contains("card") && !full {
            photo(rawID, Rect(x: 0, y: 0, width: w, height: h * 0.62), radius: 0)
            title("TODAY’S PICK", x: 18, y: h * 0.66, width: w - 36, size: 12)
            title("Springs, felt", x: 18, y: h * 0.66 + 18, width: w - 36, size: 24)
            lines(x: 18, y: h * 0.66 + 56, width: w - 36, count: 2)
        } else if id.contains("cell") {
            listRows(top: 0, rowHeight: h)
        } else if has(id, ["home", "list", "source", "settings"]) {
            if has(role, ["today", "app store", "appstore"]) || presetID.hasPrefix("appstore") {
                todayList()
            } else {
                title(id.contains("settings") ? "Settings" : "Feed", x: 16, y: 56, width: w - 32, size: 28)
                listRows(top: 100, rowHeight: 76)
            }
        } else if has(id, ["detail", "demo", "droptarget"]) || full {
            let image =
                sceneRect { $0.hasPrefix("detailImage") || $0.hasPrefix("detailArt") || $0.contains("headerImage") }
                ?? Rect(x: 0, y: (h * 0.12).rounded(), width: w, height: (w * 1.1).rounded())
            let titleAt =
                sceneRect { $0.hasPrefix("detailTitle") }
                ?? Rect(x: 20, y: image.minY + image.height + 16, width: w - 40, height: 30)
            let rounded = scene.contains { $0.name.lowercased().contains("art") }
            photo(
                rawID,
                Rect(x: image.minX - frame.minX, y: image.minY - frame.minY, width: image.width, height: image.height),
                radius: rounded ? 16 : 0)
            title(
                "Into the blue", x: titleAt.minX - frame.minX, y: titleAt.minY - frame.minY, width: titleAt.width,
                size: 24)
            lines(x: 20, y: titleAt.minY - frame.minY + 44, width: w - 40, count: 4)
        } else {
            lines(x: 12, y: 12, width: w - 24, count: max(1, Self.count((h - 12) / 18)))
        }
    }

    var isFull: Bool { items.count >= LayerArt.maxItems }

    /// A number of things from a Double of any size: rounded down, within 0…`LayerArt.maxItems`.
    static func count(_ value: Double) -> Int {
        value.isNaN ? 0 : Int(max(0, min(Double(LayerArt.maxItems), value.rounded(.down))))
    }

    mutating func photo(_ seed: String, _ rect: Rect, radius: Double) {
        items.append(.photo(seed: seed, rect: rect, radius: radius))
    }

    /// `titleText`: a bar for `text` at `size` pt, from `y` + 0.25 em, 0.7 em tall.
    mutating func title(_ text: String, x: Double, y: Double, width: Double, size: Double) {
        let barWidth = min(width, Double(text.count) * size * 0.55)
        guard barWidth > 0, size > 0 else { return }
        items.append(
            .bar(
                Rect(x: x, y: y + size * 0.25, width: barWidth, height: size * 0.7), radius: size * 0.12,
                color: Self.titleColor))
    }

    /// `textLines`: `count` lines 18 pt apart, each narrower in a cycle of three, the last 60 %.
    mutating func lines(x: Double, y: Double, width: Double, count: Int) {
        for i in 0..<max(0, min(count, LayerArt.maxItems)) where !isFull {
            let scale = i == count - 1 ? 0.6 : 1 - Double(i % 3) * 0.08
            guard width * scale > 0 else { continue }
            items.append(
                .bar(
                    Rect(x: x, y: y + Double(i) * 18, width: width * scale, height: 10), radius: 5,
                    color: Self.lineColor))
        }
    }

    /// `listRows`: rows of `rowHeight` from `top`, each a 40 pt avatar (hue 67° apart) and lines.
    mutating func listRows(top: Double, rowHeight: Double) {
        guard rowHeight > 0 else { return }
        var y = top
        var i = 0
        let count = max(1, min(3, Self.count((rowHeight - 20) / 18)))
        while y < frame.height, !isFull {
            items.append(
                .circle(
                    center: Point(x: 36, y: y + 32), radius: 20,
                    color: .hsl(Double((i * 67) % 360), 55, 70)))
            lines(x: 68, y: y + 16, width: min(frame.width - 90, 260), count: count)
            y += rowHeight
            i += 1
        }
    }

    /// `photoGrid`: tiles aligned on the selected cell (or three square columns), from under the
    /// screen's title, tall tiles with a caption.
    mutating func photoGrid(cell: Rect?, seed: String) {
        let width = frame.width
        let tw = cell?.width ?? (width - 4) / 3
        let th = cell?.height ?? tw
        let columns: Int
        let gap: Double
        if tw > width / 3.3 && tw < width / 2.9 {
            columns = 3
            gap = (width - 3 * tw) / 2
        } else {
            let fit = (width / (tw * 1.05)).rounded(.down)
            columns = fit.isFinite ? max(1, Int(min(fit, Double(LayerArt.maxItems)))) : 1
            gap = (width - Double(columns) * tw) / Double(columns + 1)
        }
        let x0 = columns == 3 && tw > width / 3.3 ? 0 : gap
        let stepY = th + gap
        guard stepY > 0 else { return }
        var y: Double
        if let cell {
            let offset = cell.minY - frame.minY
            y = offset - (offset / stepY).rounded(.up) * stepY
        } else {
            y = 96
        }
        let tall = th > tw * 1.15
        var index = 0
        let captions = ["Dive deeper", "Motion", "Springs", "Gestures"]
        var rows = 0
        while y < frame.height, !isFull, rows < LayerArt.maxItems {
            rows += 1
            for c in 0..<columns where !isFull {
                defer { index += 1 }
                let x = x0 + Double(c) * (tw + gap)
                if y < 80, !(cell.map { abs(y - ($0.minY - frame.minY)) < 1 } ?? false) { continue }
                if tall {
                    photo(seed + String(index), Rect(x: x, y: y, width: tw, height: th * 0.68), radius: 12)
                    title(captions[index % 4], x: x + 8, y: y + th * 0.72, width: tw - 16, size: 15)
                } else {
                    photo(seed + String(index), Rect(x: x, y: y, width: tw, height: th), radius: gap > 8 ? 8 : 0)
                }
            }
            y += stepY
        }
    }

    /// `todayList`: cards stacked from the scene's card frame, under a "Today" heading where there
    /// is room between the status bar and the first card.
    mutating func todayList() {
        let card =
            sceneRect { $0.hasPrefix("cardFrame") } ?? Rect(x: 20, y: 67, width: frame.width - 40, height: 420)
        let top = card.minY - frame.minY
        if top - LayerArt.statusBar >= 48 {
            title("Today", x: card.minX - frame.minX, y: top - 44, width: card.width, size: 30)
        }
        var y = top
        var i = 0
        while y < frame.height, card.height + 24 > 0, !isFull {
            photo(
                "today" + String(i), Rect(x: card.minX - frame.minX, y: y, width: card.width, height: card.height),
                radius: 16)
            y += card.height + 24
            i += 1
        }
    }
}
