/// Percent-encoding for a request path as sent, so it can be quoted as a URI
/// reference (RFC 3986 §3.3: unreserved characters, sub-delimiters, ':', '@' and '/'
/// stay as they are, and so does a '%' that begins an escape, '%' and two hex
/// digits; every other byte of its UTF-8 becomes %XX). A path that was already a
/// valid URI path comes back unchanged.
public enum URIPath {
    public static func encode(_ path: String) -> String {
        var encoded = ""
        let bytes = Array(path.utf8)
        for (index, byte) in bytes.enumerated() {
            if isAllowedInPath(byte) || isEscape(bytes, at: index) {
                encoded.append(Character(Unicode.Scalar(byte)))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }

    private static func isEscape(_ bytes: [UInt8], at index: Int) -> Bool {
        bytes[index] == UInt8(ascii: "%") && index + 2 < bytes.count && bytes[index + 1].isHexDigit
            && bytes[index + 2].isHexDigit
    }

    private static func isAllowedInPath(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~!$&'()*+,;=:@/".utf8.contains(byte)
        }
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
