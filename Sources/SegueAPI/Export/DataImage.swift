import Foundation

/// A layer's image as the exports draw it: a `data:` URI of a PNG or JPEG (RFC 2397), with its
/// size in pixels read from the file's own header, so that a Lottie image asset can say its
/// `w` and `h` and be scaled to the layer's bounds without an image library.
///
/// `init?(uri:)` is also the exports' guard: it accepts only `data:image/png;base64,` or
/// `data:image/jpeg;base64,` followed by strict base64 (RFC 4648 §4, no whitespace) whose bytes
/// are that format with a readable, non-zero size. Anything else gives nil and the layer is
/// drawn without its image; so the URI written into CSS, HTML or SVG holds only base64's
/// alphabet and can never close a string, a `url()` or an attribute.
struct DataImage: Sendable, Hashable {
    enum Format: String, Sendable {
        case png = "image/png"
        case jpeg = "image/jpeg"
    }

    /// The URI as given, safe to embed (see above).
    let uri: String
    let format: Format
    let width: Int
    let height: Int

    init?(uri: String) {
        guard let comma = uri.firstIndex(of: ","), uri.hasPrefix("data:") else { return nil }
        let header = uri[uri.index(uri.startIndex, offsetBy: 5)..<comma].lowercased()
        let format: Format
        switch header {
        case "image/png;base64": format = .png
        case "image/jpeg;base64": format = .jpeg
        default: return nil
        }
        guard let data = Data(base64Encoded: String(uri[uri.index(after: comma)...])) else { return nil }
        let bytes = [UInt8](data)
        guard let size = format == .png ? Self.pngSize(bytes) : Self.jpegSize(bytes) else { return nil }
        self.uri = uri
        self.format = format
        width = size.width
        height = size.height
    }

    /// A PNG's size from its IHDR chunk, which must come first (PNG, ISO/IEC 15948 §5.2–5.3 and
    /// §11.2.2): the 8-byte signature, the chunk's length and type, then width and height as
    /// 4-byte big-endian numbers, each 1…2³¹ − 1.
    static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        let width = bigEndian(bytes, at: 16, count: 4)
        let height = bigEndian(bytes, at: 20, count: 4)
        guard (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height) else { return nil }
        return (width, height)
    }

    /// A JPEG's size from its first start-of-frame segment (ITU-T T.81 §B.2): after SOI
    /// (`FF D8`), segments `FF xx` with a 2-byte big-endian length that counts itself, skipped
    /// until an SOFn (`C0`–`CF` but DHT `C4`, JPG `C8` and DAC `CC`), whose payload is the sample
    /// precision, then the number of lines (height) and of samples per line (width). A height of
    /// 0 (given later by a DNL segment) is refused, as is reaching the scan (SOS, `DA`) first.
    static func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        while index + 1 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            // Fill bytes (B.1.1.2): any number of FF before a marker.
            if marker == 0xFF {
                index += 1
                continue
            }
            index += 2
            // Markers without a length: TEM and RSTn (B.1.1.3).
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }
            guard marker != 0xDA, marker != 0xD9, index + 2 <= bytes.count else { return nil }
            let length = bigEndian(bytes, at: index, count: 2)
            guard length >= 2, index + length <= bytes.count else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard length >= 7 else { return nil }
                let height = bigEndian(bytes, at: index + 3, count: 2)
                let width = bigEndian(bytes, at: index + 5, count: 2)
                guard width > 0, height > 0 else { return nil }
                return (width, height)
            }
            index += length
        }
        return nil
    }

    /// `count` bytes from `offset` as a big-endian number; the caller has checked the bounds.
    private static func bigEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
        bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
    }
}
