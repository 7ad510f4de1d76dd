/// PNG files built byte by byte for the image-layer tests, from the PNG specification (ISO/IEC
/// 15948, W3C PNG 2nd edition): the signature, IHDR (8-bit truecolour, colour type 2), one IDAT
/// holding a zlib stream (RFC 1950) of a single stored deflate block (RFC 1951 §3.2.4, no
/// compression, so no zlib library is needed), and IEND; chunk CRCs are CRC-32 (ISO 3309,
/// reflected polynomial 0xEDB88320) over type and data. Real decoders (rlottie's stb_image,
/// browsers) read them.
enum TestPNG {
    /// A `width`×`height` image whose pixel at column x, row y is `pixel(x, y)` as (r, g, b).
    static func rgb(width: Int, height: Int, pixel: (Int, Int) -> (UInt8, UInt8, UInt8)) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)  // filter type None
            for x in 0..<width {
                let (r, g, b) = pixel(x, y)
                raw += [r, g, b]
            }
        }
        precondition(raw.count <= 0xFFFF, "one stored block holds at most 65535 bytes")
        let length = UInt16(raw.count)
        var zlib: [UInt8] = [0x78, 0x01, 0x01]  // CMF, FLG (CMF·256 + FLG ≡ 0 mod 31); BFINAL 1, BTYPE 00
        zlib += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
        zlib += raw
        zlib += bigEndian(adler32(raw))
        var ihdr = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        ihdr += [8, 2, 0, 0, 0]  // bit depth, colour type, compression, filter, interlace
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", zlib)
            + chunk("IEND", [])
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}
