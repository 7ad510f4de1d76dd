/// The fuzz input read as a stream of choices: each read takes the next byte(s), and an input
/// that runs out reads zeros, so every input (the empty one too) decodes to a request and a
/// mutation of one byte changes one choice.
struct FuzzBytes {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// A number in 0..<count (count > 0).
    mutating func index(below count: Int) -> Int {
        Int(byte()) % max(count, 1)
    }

    /// A fraction in [0, 1] from two bytes.
    mutating func fraction() -> Double {
        let high = UInt16(byte())
        let low = UInt16(byte())
        return Double(high << 8 | low) / Double(UInt16.max)
    }

    /// One of `options`, which is not empty.
    mutating func pick<Element>(_ options: [Element]) -> Element {
        options[index(below: options.count)]
    }
}
