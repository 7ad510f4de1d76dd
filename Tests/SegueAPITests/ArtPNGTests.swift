import CZlib
import Foundation
import SegueEngine
import SegueMath
import Testing

@testable import SegueAPI

/// The exports' art rasteriser and PNG encoder, read back independently: chunks split and their
/// CRC-32 recomputed bit by bit (`TestPNG.crc32`), the IDAT inflated by zlib's `uncompress`, each
/// scanline unfiltered here by ISO/IEC 15948 §9.2's definitions, and pixel values checked against
/// colours worked out by hand.
@Suite struct ArtPNGTests {
    struct Decoded {
        var width: Int
        var height: Int
        var colourType: UInt8
        /// RGBA, 4 bytes a pixel, rows top to bottom.
        var pixels: [UInt8]
        var filters: Set<UInt8>

        func pixel(_ x: Int, _ y: Int) -> [Int] {
            let index = (y * width + x) * 4
            return pixels[index..<index + 4].map(Int.init)
        }
    }

    /// Splits the PNG into chunks, checks each CRC, inflates the IDATs and unfilters the rows.
    static func decode(_ png: [UInt8]) throws -> Decoded {
        try #require(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var offset = 8
        var chunks: [(String, [UInt8])] = []
        func number(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        while offset + 12 <= png.count {
            let length = number(offset)
            let typed = Array(png[offset + 4..<offset + 8 + length])
            #expect(UInt32(number(offset + 8 + length)) == TestPNG.crc32(typed), "CRC of chunk at \(offset)")
            chunks.append((String(decoding: typed.prefix(4), as: UTF8.self), Array(typed.dropFirst(4))))
            offset += 12 + length
        }
        #expect(offset == png.count)
        #expect(chunks.map(\.0).first == "IHDR")
        #expect(chunks.map(\.0).last == "IEND")
        let header = try #require(chunks.first?.1)
        let width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        #expect(header[8] == 8, "bit depth")
        #expect(Array(header[10...12]) == [0, 0, 0], "compression, filter, interlace")
        let colourType = header[9]
        let channels = colourType == 6 ? 4 : 3
        let stream = chunks.filter { $0.0 == "IDAT" }.flatMap(\.1)
        let rowBytes = width * channels
        var length = uLong((rowBytes + 1) * height)
        var raw = [UInt8](repeating: 0, count: Int(length))
        let status = uncompress(&raw, &length, stream, uLong(stream.count))
        try #require(status == Z_OK)
        #expect(Int(length) == (rowBytes + 1) * height)
        var pixels: [UInt8] = []
        var filters: Set<UInt8> = []
        var previous = [Int](repeating: 0, count: rowBytes)
        for y in 0..<height {
            let start = y * (rowBytes + 1)
            let filter = raw[start]
            filters.insert(filter)
            var row = [Int](repeating: 0, count: rowBytes)
            for i in 0..<rowBytes {
                let a = i >= channels ? row[i - channels] : 0
                let b = previous[i]
                let c = i >= channels ? previous[i - channels] : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) >> 1
                case 4:
                    let p = a + b - c
                    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default:
                    Issue.record("filter type \(filter) in row \(y)")
                    predictor = 0
                }
                row[i] = (Int(raw[start + 1 + i]) + predictor) & 0xFF
            }
            for x in 0..<width {
                let p = row[x * channels..<(x + 1) * channels].map { UInt8($0) }
                pixels += channels == 4 ? p : p + [255]
            }
            previous = row
        }
        return Decoded(width: width, height: height, colourType: colourType, pixels: pixels, filters: filters)
    }

    @Test func anOpaqueRasterDecodesToItsPixelsAsRGB() throws {
        var raster = try #require(Raster(width: 7, height: 5, color: ArtColor(red: 1, green: 1, blue: 1)))
        raster.fill(Rect(x: 2, y: 1, width: 3, height: 2), with: .solid(ArtColor(red: 1, green: 0, blue: 0)))
        // Half of column 6 (x 6…6.5) of row 4: white and black half and half, 127.5 → 128.
        raster.fill(Rect(x: 6, y: 4, width: 0.5, height: 1), with: .solid(ArtColor(red: 0, green: 0, blue: 0)))
        let png = try #require(PNGEncoder.encode(raster))
        let decoded = try Self.decode(png)
        #expect(decoded.width == 7 && decoded.height == 5)
        #expect(decoded.colourType == 2)
        #expect(decoded.pixels == raster.pixels)
        #expect(decoded.pixel(3, 2) == [255, 0, 0, 255])
        #expect(decoded.pixel(1, 2) == [255, 255, 255, 255])
        #expect(decoded.pixel(6, 4) == [128, 128, 128, 255])
        #expect(DataImage.pngSize(png).map { [$0.width, $0.height] } == [7, 5])
    }

    @Test func aTranslucentRasterKeepsItsAlpha() throws {
        var raster = try #require(Raster(width: 4, height: 4))
        raster.fill(
            Rect(x: 0, y: 0, width: 2, height: 4), with: .solid(ArtColor(red: 0, green: 0, blue: 1, alpha: 0.5)))
        let decoded = try Self.decode(try #require(PNGEncoder.encode(raster)))
        #expect(decoded.colourType == 6)
        #expect(decoded.pixel(0, 0) == [0, 0, 255, 128])
        #expect(decoded.pixel(3, 3) == [0, 0, 0, 0])
    }

    /// The sky of a photo of hue 200: from hsl(200, 65 %, 62 %) to hsl(240, 70 %, 86 %), by hand
    /// (CSS Color 4 §7.1): C = (1 − |2L − 1|)·S, X = C·(1 − |H/60 mod 2 − 1|), m = L − C/2.
    /// Top: C 0.494, X 0.329333, m 0.373, sector 180–240° (0, X, C) + m = (0.373, 0.702333, 0.867)
    /// = (95.115, 179.095, 221.085). Bottom: C 0.196, X 0, m 0.762, sector 240–300° (X, 0, C) + m
    /// = (0.762, 0.762, 0.958) = (194.31, 194.31, 244.29). Over 100 rows, the first pixel's centre
    /// is at 0.5 %: (95.611, 179.171, 221.201); the last's at 99.5 %: (193.814, 194.234, 244.174).
    /// Every row has all its pixels alike, so every row after the first is filtered by Up or Sub.
    @Test func aSkyGradientHasTheColoursWorkedOutByHand() throws {
        let box = Rect(x: 0, y: 0, width: 3, height: 100)
        let sky = ArtPaint.linear(
            degrees: 180, box: box,
            stops: [
                ArtPaint.Stop(color: .hsl(200, 65, 62), offset: 0), ArtPaint.Stop(color: .hsl(240, 70, 86), offset: 1),
            ])
        var raster = try #require(Raster(width: 3, height: 100))
        raster.fill(box, with: sky)
        let decoded = try Self.decode(try #require(PNGEncoder.encode(raster)))
        #expect(decoded.pixel(1, 0) == [96, 179, 221, 255])
        #expect(decoded.pixel(1, 99) == [194, 194, 244, 255])
        #expect(decoded.pixel(0, 50) == decoded.pixel(2, 50))
        #expect(decoded.filters.isSubset(of: [0, 1, 2, 3, 4]))
        #expect(decoded.filters.count > 1, "rows pick their own filter")
    }

    /// A circle's coverage: `0.5 − d` for a pixel centre `d` outside its edge, clamped to 0…1.
    @Test func aCircleIsAntiAliasedAtItsEdge() throws {
        var raster = try #require(Raster(width: 20, height: 20, color: ArtColor(red: 1, green: 1, blue: 1)))
        raster.fillCircle(center: Point(x: 10, y: 10), radius: 8, with: .solid(ArtColor(red: 0, green: 0, blue: 0)))
        #expect(raster.pixel(x: 10, y: 10) == [0, 0, 0, 255])
        #expect(raster.pixel(x: 0, y: 0) == [255, 255, 255, 255])
        // The pixel centred at (10.5, 2.5) is 7.517 from the centre, 0.483 inside: coverage 0.983,
        // 255 · 0.017 = 4.2 → 4; at (10.5, 1.5), 8.515 out, 0.515 outside: coverage 0.
        #expect(raster.pixel(x: 10, y: 2) == [4, 4, 4, 255])
        #expect(raster.pixel(x: 10, y: 1) == [255, 255, 255, 255])
        // (4.5, 4.5) is √(5.5² · 2) = 7.778 from the centre: 0.222 inside, coverage 0.722:
        // 255 · (1 − 0.722) = 70.9 → 71.
        #expect(raster.pixel(x: 4, y: 4) == [71, 71, 71, 255])
    }

    /// `LayerArt.hue(of:)` against the playground's `hueOf` run in node (v18) on the same strings.
    @Test func hueMatchesThePlaygrounds() {
        let expected = [
            "": 352, "grid": 128, "grid3": 177, "grid4": 350, "detail": 144, "card": 357, "today0": 160, "élan": 205,
        ]
        for (text, hue) in expected { #expect(LayerArt.hue(of: text) == hue, "\(text)") }
    }

    /// The same photo twice is the same bytes; another seed is not.
    @Test func theArtIsDeterministic() throws {
        let layer = LayerDescription(
            id: "detail", role: "", frame: Rect(x: 0, y: 0, width: 60, height: 90), kind: .image)
        let art = try #require(LayerArt(layer: layer, frame: layer.frame, index: 0, presetID: "x", scene: []))
        let once = PNGEncoder.encode(try #require(art.raster(width: 120, height: 180)))
        let twice = PNGEncoder.encode(try #require(art.raster(width: 120, height: 180)))
        #expect(once != nil && once == twice)
        var other = layer
        other.id = "grid"
        let third = try #require(LayerArt(layer: other, frame: layer.frame, index: 0, presetID: "x", scene: []))
        #expect(PNGEncoder.encode(try #require(third.raster(width: 120, height: 180))) != once)
    }

    /// 2× the layer's size while that is within the pixel cap; the cap's area beyond, the aspect kept.
    @Test func theImageSizeIsTwiceTheLayersWithinTheCap() throws {
        let small = try #require(ExportArt.pixelSize(of: Size(width: 100, height: 50), factor: 1))
        #expect(small == (200, 100))
        let large = try #require(ExportArt.pixelSize(of: Size(width: 390, height: 844), factor: 1))
        #expect(large.0 * large.1 <= ExportArt.maxPixelsPerImage)
        #expect(large.0 < 780 && large.1 < 1688)
        #expect(abs(Double(large.0) / Double(large.1) - 390.0 / 844) < 0.01)
        #expect(ExportArt.pixelSize(of: Size(width: 0.2, height: 100), factor: 1) == nil)
    }
}
