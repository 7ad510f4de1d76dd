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

    /// A fresh random identifier: a lowercase version 4 UUID (RFC 9562 §5.4), 122 random bits
    /// from the system's generator.
    ///
    /// Written here rather than with `UUID()`, which on Linux opens, reads and closes
    /// /dev/urandom for every identifier: three system calls and a file descriptor per
    /// request, 2.5 % of a `POST /v1/simulate` served over HTTP (docs/performance.md).
    /// `SystemRandomNumberGenerator` asks the kernel for its bits in one call (getrandom(2)).
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        // Version 4 in the high nibble of byte 6, the variant 0b10 in the high bits of byte 8.
        let high = generator.next() & 0xFFFF_FFFF_FFFF_0FFF | 0x0000_0000_0000_4000
        let low = generator.next() & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000
        let hex: StaticString = "0123456789abcdef"
        return String(unsafeUninitializedCapacity: 36) { text in
            var index = 0
            func put(_ word: UInt64, bytes: Range<Int>) {
                for byte in bytes {
                    if index == 8 || index == 13 || index == 18 || index == 23 {
                        text[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    let value = Int(truncatingIfNeeded: word >> UInt64(56 - 8 * byte))
                    text[index] = hex.utf8Start[value >> 4 & 0xF]
                    text[index + 1] = hex.utf8Start[value & 0xF]
                    index += 2
                }
            }
            put(high, bytes: 0..<8)
            put(low, bytes: 0..<8)
            return index
        }
    }
}
