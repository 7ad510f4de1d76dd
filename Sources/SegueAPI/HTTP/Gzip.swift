internal import CZlib

/// gzip (RFC 1952) with zlib: the one content coding Segue applies to its answers.
///
/// One deflate call over the whole body into a buffer of zlib's bound for it, so the
/// coding costs one allocation. zlib writes no file name and a modification time of 0,
/// so the same body gives the same bytes (with the same zlib).
enum Gzip {
    /// zlib's fastest level. On the canonical simulate answer (27,150 bytes) level 1 gives
    /// 3,254 bytes for half the CPU of the default level 6 (2,761 bytes) and a quarter of
    /// level 9's (2,732): even level 1 costs about as much as simulating and encoding the
    /// answer, so the cheaper coding wins (README, "Performance").
    static let level: Int32 = 1

    /// `bytes` gzip-coded, or nil if zlib fails (out of memory), in which case the answer
    /// goes out as it is.
    static func compress(_ bytes: [UInt8], level: Int32 = level) -> [UInt8]? {
        // zlib counts a call's input and output in 32 bits; a larger body goes out plain (the
        // limits keep answers far below 4 GiB, so this is a guard, not a case).
        guard bytes.count < Int(UInt32.max / 2) else { return nil }
        var stream = z_stream()
        guard segue_deflate_init_gzip(&stream, level) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        // The gzip header and trailer (18 bytes) on top of zlib's bound for a zlib stream.
        let bound = Int(deflateBound(&stream, uLong(bytes.count))) + 18
        var output = [UInt8](repeating: 0, count: bound)
        let status = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        // A copy of the coded bytes alone: the buffer of zlib's bound is as large as the body,
        // every page of it written with zeros, and it would be held until the answer is sent.
        return Array(output[..<(output.count - Int(stream.avail_out))])
    }

    /// What coding `bytes` bytes holds besides them: the output buffer of zlib's bound (at most
    /// the input plus 0.1 % and some bytes, zlib.h `deflateBound`) and the gzip framing, and the
    /// deflate state of a 32 KiB window at memLevel 8, 256 KiB and change (zlib.h, `deflateInit2`'s
    /// memory: (1 << (windowBits + 2)) + (1 << (memLevel + 9))).
    static func scratchBytes(for bytes: Int) -> Int {
        bytes + bytes / 1000 + 64 + (288 << 10)
    }
}
