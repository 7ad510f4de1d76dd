import FoundationEssentials

/// The identifier that ties a response, its problem body and its log line together.
public enum RequestID {
    /// The longest client-supplied identifier kept.
    public static let maxLength = 128

    /// The client's `X-Request-Id` if it is sane (1 to 128 characters of letters,
    /// digits and `-_.:`), else nil. Anything else could smuggle text into logs.
    public static func accepting(_ header: String?) -> String? {
        guard let header, !header.isEmpty, header.utf8.count <= maxLength else { return nil }
        let sane = header.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
                UInt8(ascii: "."), UInt8(ascii: ":"):
                return true
            default:
                return false
            }
        }
        return sane ? header : nil
    }

    /// A fresh random identifier (a lowercase UUID).
    public static func generate() -> String {
        UUID().uuidString.lowercased()
    }
}
