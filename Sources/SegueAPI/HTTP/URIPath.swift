/// Percent-encoding for a decoded request path, so it can be quoted as a URI
/// reference (RFC 3986 §3.3: unreserved characters, sub-delimiters, ':', '@' and '/'
/// stay as they are; every other byte of its UTF-8 becomes %XX).
public enum URIPath {
    public static func encode(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            if isAllowedInPath(byte) {
                encoded.append(Character(Unicode.Scalar(byte)))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
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
