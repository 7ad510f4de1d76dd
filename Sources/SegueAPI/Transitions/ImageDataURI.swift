/// A layer's `image`: a `data:` URI (RFC 2397) of a PNG or a JPEG, base64-coded (RFC 4648 §4).
///
/// Checked without decoding it into memory: every character must be of the base64 alphabet,
/// padding only at the end, the length a multiple of four; the decoded size follows from the
/// length, and only the first bytes are decoded, to check the format's signature (PNG's eight
/// bytes, ISO/IEC 15948 §5.2; JPEG's start-of-image marker FF D8 and the next marker's FF,
/// ITU-T T.81 §B.1.1.3). The picture itself is not decoded: the exports hand it on as given.
public struct ImageDataURI: Sendable, Hashable {
    public enum Format: String, Sendable, Hashable, CaseIterable {
        case png, jpeg

        /// The URI's prefix for this format.
        public var prefix: String { "data:image/\(rawValue);base64," }

        /// The bytes the decoded picture starts with.
        var signature: [UInt8] {
            switch self {
            case .png: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            case .jpeg: [0xFF, 0xD8, 0xFF]
            }
        }
    }

    /// The longer of the two prefixes, for the longest URI a size allows.
    public static let longestPrefix = Format.jpeg.prefix

    public var format: Format
    /// The picture's size once decoded, bytes.
    public var decodedBytes: Int

    /// Which way a text is not an image this server takes.
    public enum Refusal: Error, Sendable, Hashable {
        case notDataURI
        case notBase64
        case wrongSignature(Format)
    }

    /// Reads `text`; a refusal says which way it is wrong.
    public static func read(_ text: String) -> Result<ImageDataURI, Refusal> {
        let utf8 = Array(text.utf8)
        guard let format = Format.allCases.first(where: { utf8.starts(with: $0.prefix.utf8) }) else {
            return .failure(.notDataURI)
        }
        let data = utf8[format.prefix.utf8.count...]
        guard let size = decodedSize(data) else { return .failure(.notBase64) }
        let head = decode(data.prefix(12))
        guard head.starts(with: format.signature) else { return .failure(.wrongSignature(format)) }
        return .success(ImageDataURI(format: format, decodedBytes: size))
    }

    /// The decoded size of `data` when it is canonical base64 (the alphabet of RFC 4648 §4, `=`
    /// padding only at the end, a multiple of four characters, not empty); nil otherwise.
    static func decodedSize(_ data: ArraySlice<UInt8>) -> Int? {
        guard !data.isEmpty, data.count % 4 == 0 else { return nil }
        var padding = 0
        for (offset, byte) in data.enumerated() {
            if byte == UInt8(ascii: "=") {
                padding += 1
                // Padding only in the last two places.
                guard offset >= data.count - 2 else { return nil }
            } else {
                guard padding == 0, sextet(byte) != nil else { return nil }
            }
        }
        return data.count / 4 * 3 - padding
    }

    /// The bytes `data` decodes to, up to its first character that is not of the alphabet (the
    /// padding): every whole quadruple, and the bytes a last partial one holds (two characters
    /// hold one byte, three hold two).
    static func decode(_ data: ArraySlice<UInt8>) -> [UInt8] {
        var bytes: [UInt8] = []
        var bits: UInt32 = 0
        var count = 0
        for byte in data {
            guard let value = sextet(byte) else { break }
            bits = bits << 6 | UInt32(value)
            count += 1
            if count == 4 {
                bytes += [UInt8(bits >> 16 & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits & 0xFF)]
                bits = 0
                count = 0
            }
        }
        if count >= 2 {
            let whole = bits << (6 * UInt32(4 - count))
            bytes.append(UInt8(whole >> 16 & 0xFF))
            if count == 3 { bytes.append(UInt8(whole >> 8 & 0xFF)) }
        }
        return bytes
    }

    /// A base64 character's six bits.
    static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
