internal import CZlib

/// Writes a `Raster` as a PNG (ISO/IEC 15948, RFC 2083): the signature, an `IHDR` (8 bits a
/// channel, truecolour `2` when every pixel is opaque, else truecolour with alpha `6`; no
/// interlace), one `IDAT` of the filtered scanlines deflated by zlib's `compress2` (a zlib stream,
/// RFC 1950, as §10.1 asks), and an `IEND`; each chunk's CRC-32 is zlib's `crc32` over its type and
/// data (§5.3). Each scanline takes the filter (§9.2: None, Sub, Up, Average, Paeth) whose bytes
/// have the least sum of absolute values as signed numbers, the heuristic §12.8 suggests.
/// Deterministic: the same raster gives the same bytes.
enum PNGEncoder {
    /// zlib's level: 9, the smallest output, since the art's bytes are capped (`ExportArt`).
    static let compressionLevel: Int32 = 9

    /// The PNG of `raster`; nil only if zlib fails (it does not for a buffer of `compressBound`).
    static func encode(_ raster: Raster) -> [UInt8]? {
        let opaque = raster.isOpaque
        let channels = opaque ? 3 : 4
        let rowBytes = raster.width * channels
        var filtered = [UInt8]()
        filtered.reserveCapacity((rowBytes + 1) * raster.height)
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var row = [UInt8](repeating: 0, count: rowBytes)
        raster.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<raster.height {
                let start = y * raster.width * 4
                row.withUnsafeMutableBufferPointer { row in
                    var source = start
                    var target = 0
                    while target < rowBytes {
                        row[target] = pixels[source]
                        row[target &+ 1] = pixels[source &+ 1]
                        row[target &+ 2] = pixels[source &+ 2]
                        if channels == 4 { row[target &+ 3] = pixels[source &+ 3] }
                        source &+= 4
                        target &+= channels
                    }
                }
                let (type, bytes) = bestFilter(row, previous: previous, bytesPerPixel: channels)
                filtered.append(type)
                filtered.append(contentsOf: bytes)
                swap(&row, &previous)
            }
        }
        guard let deflated = deflate(filtered) else { return nil }
        var header = [UInt8]()
        header += bigEndian(UInt32(raster.width))
        header += bigEndian(UInt32(raster.height))
        header += [8, opaque ? 2 : 6, 0, 0, 0]  // bit depth, colour type, compression, filter, interlace
        var png = ImageDataURI.Format.png.signature
        png += chunk("IHDR", header)
        png += chunk("IDAT", deflated)
        png += chunk("IEND", [])
        return png
    }

    /// The scanline filtered by each of §9.2's five filters, and the one with the least sum of
    /// absolute signed bytes (the first on a tie), with its type byte.
    static func bestFilter(_ row: [UInt8], previous: [UInt8], bytesPerPixel bpp: Int) -> (UInt8, [UInt8]) {
        // Two buffers, swapped when a filter does better, so no scanline is copied to be kept.
        var best = [UInt8](repeating: 0, count: row.count)
        var bestType: UInt8 = 0
        var bestSum = Int.max
        var out = [UInt8](repeating: 0, count: row.count)
        for type in UInt8(0)...4 {
            let sum = filter(type, row, previous, bpp, into: &out)
            if sum < bestSum {
                bestSum = sum
                bestType = type
                swap(&best, &out)
            }
        }
        return (bestType, best)
    }

    /// Writes the scanline filtered by filter `type` (§9.2) into `out`; returns the sum of its
    /// bytes' absolute values as signed numbers. One loop per filter, the byte arithmetic on raw
    /// buffers, as this runs for every byte of every image five times.
    private static func filter(
        _ type: UInt8, _ row: [UInt8], _ previous: [UInt8], _ bpp: Int, into out: inout [UInt8]
    ) -> Int {
        let count = row.count
        var sum = 0
        row.withUnsafeBufferPointer { x in
            previous.withUnsafeBufferPointer { b in
                out.withUnsafeMutableBufferPointer { out in
                    var i = 0
                    while i < count {
                        let left = i >= bpp ? Int(x[i &- bpp]) : 0
                        let up = Int(b[i])
                        let predictor: Int
                        switch type {
                        case 0: predictor = 0
                        case 1: predictor = left
                        case 2: predictor = up
                        case 3: predictor = (left &+ up) >> 1
                        default: predictor = paeth(left, up, i >= bpp ? Int(b[i &- bpp]) : 0)
                        }
                        let byte = UInt8(truncatingIfNeeded: Int(x[i]) &- predictor)
                        out[i] = byte
                        sum &+= byte < 128 ? Int(byte) : 256 &- Int(byte)
                        i &+= 1
                    }
                }
            }
        }
        return sum
    }

    /// §9.4's Paeth predictor: of left, above and upper-left, the one nearest `a + b − c`.
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a)
        let pb = abs(p - b)
        let pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// A chunk: its data's length, its type, its data, the CRC-32 of type and data (§5.3).
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        let crc = typeAndData.withUnsafeBufferPointer { buffer in
            crc32(0, buffer.baseAddress, uInt(buffer.count))
        }
        return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(UInt32(crc))
    }

    /// `bytes` as one zlib stream at `compressionLevel`.
    static func deflate(_ bytes: [UInt8]) -> [UInt8]? {
        var length = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = out.withUnsafeMutableBufferPointer { destination in
            bytes.withUnsafeBufferPointer { source in
                compress2(destination.baseAddress, &length, source.baseAddress, uLong(source.count), compressionLevel)
            }
        }
        guard status == Z_OK else { return nil }
        out.removeSubrange(Int(length)...)
        return out
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
