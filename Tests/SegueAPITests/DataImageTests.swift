import Foundation
import Testing

@testable import SegueAPI

/// The pixel size the exports read from a PNG's IHDR or a JPEG's start-of-frame, on headers
/// built here byte by byte, and the `data:` URIs the exports refuse.
@Suite struct DataImageTests {
    static func uri(_ mediaType: String, _ bytes: [UInt8]) -> String {
        "data:\(mediaType);base64," + Data(bytes).base64EncodedString()
    }

    @Test func aPNGsSizeIsItsIHDRs() throws {
        let built = DataImage.pngSize(TestPNG.rgb(width: 3, height: 5) { _, _ in (0, 0, 0) })
        #expect(built.map { [$0.width, $0.height] } == [3, 5])
        // Signature, IHDR length 13, "IHDR", width 65536, height 1: the bytes of ISO/IEC 15948 §11.2.2.
        let header: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
            + [0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01]
        #expect(DataImage.pngSize(header).map { [$0.width, $0.height] } == [65536, 1])
        var wrongSignature = header
        wrongSignature[1] = 0x51
        #expect(DataImage.pngSize(wrongSignature) == nil)
        var tooWide = header
        tooWide[16] = 0x80  // 2³¹ + 2¹⁶, beyond PNG's 2³¹ − 1
        #expect(DataImage.pngSize(tooWide) == nil)
        var zeroHigh = header
        zeroHigh[23] = 0
        #expect(DataImage.pngSize(zeroHigh) == nil)
        #expect(DataImage.pngSize(Array(header.prefix(23))) == nil, "truncated")
    }

    /// SOI, an APP0 (JFIF) segment, a DQT, a DHT (C4, which is not a frame), fill bytes, then a
    /// progressive SOF2 of 600 × 300: height 0x012C, width 0x0258 (ITU-T T.81 §B.2.2).
    static let jpeg: [UInt8] =
        [0xFF, 0xD8]
        + [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        + [0xFF, 0xDB, 0x00, 0x04, 0x00, 0x01]
        + [0xFF, 0xC4, 0x00, 0x03, 0x00]
        + [0xFF, 0xFF, 0xFF, 0xC2, 0x00, 0x11, 0x08, 0x01, 0x2C, 0x02, 0x58, 0x03]
        + [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        + [0xFF, 0xD9]

    @Test func aJPEGsSizeIsItsFirstFrameHeaders() {
        #expect(DataImage.jpegSize(Self.jpeg).map { [$0.width, $0.height] } == [600, 300])
        var deferredHeight = Self.jpeg
        let sof = 2 + 18 + 6 + 5 + 2  // the SOF2 marker's FF: after SOI, APP0, DQT, DHT and two fill bytes
        #expect(deferredHeight[sof + 1] == 0xC2)
        deferredHeight[sof + 5] = 0
        deferredHeight[sof + 6] = 0
        #expect(DataImage.jpegSize(deferredHeight) == nil, "a height given later by DNL is not read")
        #expect(DataImage.jpegSize(Array(Self.jpeg.prefix(sof + 6))) == nil, "truncated in the frame header")
        let scanFirst: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02] + Array(Self.jpeg.dropFirst(2))
        #expect(DataImage.jpegSize(scanFirst) == nil, "the scan before any frame header")
        var overlong = Self.jpeg
        overlong[4] = 0xFF  // APP0 claims 65 296 bytes
        #expect(DataImage.jpegSize(overlong) == nil)
    }

    @Test func aDataURIGivesItsFormatAndSize() throws {
        let png = try #require(
            DataImage(uri: Self.uri("image/png", TestPNG.rgb(width: 4, height: 2) { _, _ in (1, 2, 3) })))
        #expect(png.format == .png && png.width == 4 && png.height == 2)
        let jpeg = try #require(DataImage(uri: Self.uri("image/jpeg", Self.jpeg)))
        #expect(jpeg.format == .jpeg && jpeg.width == 600 && jpeg.height == 300)
    }

    /// Only base64 PNGs and JPEGs whose bytes are what they say: nothing else reaches CSS or SVG.
    @Test func otherURIsAreRefused() {
        let png = TestPNG.rgb(width: 1, height: 1) { _, _ in (0, 0, 0) }
        let base64 = Data(png).base64EncodedString()
        for uri in [
            "data:image/jpeg;base64," + base64, "data:image/png;base64," + Data(Self.jpeg).base64EncodedString(),
            "data:image/svg+xml;base64," + base64, "data:image/png," + base64,
            "data:image/png;base64," + base64.prefix(8) + "\n" + base64.dropFirst(8),
            "data:image/png;base64," + base64 + "\");}</style><script>", "image/png;base64," + base64, "data:",
            "",
        ] {
            #expect(DataImage(uri: uri) == nil, "\(uri)")
        }
    }
}
