/// A request path as the client sent it, split at `/` and percent-decoded one segment
/// at a time (RFC 3986 §2.1, §3.3).
///
/// Why per segment: decoding the whole path first, as libmicrohttpd does by default,
/// turns `%2F` into a separator (`/v1/presets/a%2Fb` would route as three segments)
/// and `%00` into the end of a C string (`/healthz%00x` would answer as `/healthz`).
/// Splitting first keeps an encoded `/` inside its segment, so `a%2Fb` is the preset
/// id `a/b`; and a decoded byte that no route or id can hold (NUL and the other
/// control characters) or an escape that is not `%` and two hex digits refuses the
/// request instead of being cut or guessed at.
public struct RequestPath: Sendable, Hashable {
    /// The decoded segments after the leading `/`: `/v1/presets/a%2Fb` is `["v1", "presets", "a/b"]`.
    public let segments: [String]

    /// Why a path cannot be decoded, with the 0-based byte offset in the path as sent.
    public enum DecodingError: Error, Sendable, Hashable, CustomStringConvertible {
        /// `%` not followed by two hexadecimal digits.
        case malformedEscape(offset: Int)
        /// A byte below 0x20, or 0x7F, sent percent-encoded or as is (`%00` among them).
        case controlCharacter(byte: UInt8, offset: Int)
        /// A segment whose decoded bytes are not UTF-8.
        case notUTF8(segment: Int)

        public var description: String {
            switch self {
            case .malformedEscape(let offset):
                return "the '%' at byte \(offset) is not followed by two hexadecimal digits"
            case .controlCharacter(let byte, let offset):
                let hex = String(byte, radix: 16, uppercase: true)
                return "it holds the control character 0x\(hex.count == 1 ? "0" + hex : hex) at byte \(offset)"
            case .notUTF8(let segment):
                return "its segment \(segment + 1) does not decode to UTF-8"
            }
        }
    }

    /// Decodes `path`, or returns nil when it does not start with `/` (an
    /// asterisk-form or absolute-form target, which no route serves). Throws when a
    /// segment cannot be decoded.
    public init?(_ path: String) throws(DecodingError) {
        let bytes = Array(path.utf8)
        guard bytes.first == UInt8(ascii: "/") else { return nil }
        var segments: [String] = []
        var current: [UInt8] = []
        var index = 1
        while index <= bytes.count {
            guard index < bytes.count, bytes[index] != UInt8(ascii: "/") else {
                guard let segment = String(validating: current, as: UTF8.self) else {
                    throw .notUTF8(segment: segments.count)
                }
                segments.append(segment)
                current = []
                index += 1
                continue
            }
            var byte = bytes[index]
            let offset = index
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = Self.hexValue(bytes[index + 1]),
                    let low = Self.hexValue(bytes[index + 2])
                else { throw .malformedEscape(offset: offset) }
                byte = high << 4 | low
                index += 3
            } else {
                index += 1
            }
            if byte < 0x20 || byte == 0x7F {
                throw .controlCharacter(byte: byte, offset: offset)
            }
            current.append(byte)
        }
        self.segments = segments
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
