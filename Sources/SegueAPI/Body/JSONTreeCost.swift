/// The bytes a `JSONValue` tree holds on the heap, counted from how the Swift runtime lays out
/// its arrays, dictionaries and strings and how glibc's malloc rounds each block, so that a body
/// can be admitted by what its tree will hold before the tree is built (`JSONParser.measure`).
///
/// The tree, not the text, is what a body costs: a 4 MiB body of nested one-element arrays
/// (`[[[0]]],…`) is two bytes of text for every 64-byte array block, 32 bytes of tree per byte,
/// and 460 000 distinct member names were a dictionary of 2^20 buckets, 40 MiB (docs/memory.md
/// has the figures for each shape). Every figure here is an upper bound of the real block:
/// `JSONTreeCostTests` measures real trees against it.
public enum JSONTreeCost {
    /// Bytes of one value inside its array's or dictionary's storage.
    static let valueStride = MemoryLayout<JSONValue>.stride
    /// Bytes of one member name inside a dictionary's storage.
    static let nameStride = MemoryLayout<String>.stride
    /// The most UTF-8 bytes a Swift string holds inline, with no block of its own (`_SmallString`
    /// on 64-bit platforms, swiftlang/swift stdlib/public/core/SmallString.swift).
    static let inlineStringBytes = 15

    /// The heap block glibc's malloc gives for `bytes`: the request plus its 8-byte size field,
    /// rounded up to 16 and at least 32 (glibc malloc/malloc.c, `request2size` and `MINSIZE`),
    /// and 16 more, since a free chunk whose remainder would be smaller than `MINSIZE` is handed
    /// out whole; a request of 128 KiB or more may be a mapping of its own (`mmap_threshold`'s
    /// default), so it is rounded up to whole 4 KiB pages instead.
    public static func block(_ bytes: Int) -> Int {
        guard bytes > 0 else { return 0 }
        if bytes >= 128 << 10 { return (bytes + 16 + 4095) & ~4095 }
        return max(32, (bytes + 8 + 15) & ~15) + 16
    }

    /// An array of `count` values, built at exactly that capacity: a 32-byte header (the object
    /// header, the count and the capacity, stdlib ContiguousArrayBuffer.swift) and the values.
    /// An empty array is the shared empty storage and holds nothing.
    public static func array(count: Int) -> Int {
        count > 0 ? block(32 + count * valueStride) : 0
    }

    /// A dictionary of `count` members, built with `minimumCapacity: count`: a power of two of
    /// buckets, at most three quarters full and never completely full (stdlib HashTable.swift,
    /// `scale(forCapacity:)`), each holding a name and a value, and a bitmap of the occupied
    /// ones, after a 64-byte header (stdlib DictionaryStorage.swift, `__RawDictionaryStorage`).
    /// An empty dictionary is the shared empty storage.
    public static func object(count: Int) -> Int {
        guard count > 0 else { return 0 }
        let buckets = bucketCount(forCapacity: count)
        let bitmap = (buckets + 63) / 64 * 8
        return block(64 + bitmap + buckets * (nameStride + valueStride))
    }

    /// `HashTable.scale(forCapacity:)` as a bucket count.
    static func bucketCount(forCapacity capacity: Int) -> Int {
        let capacity = max(capacity, 1)
        let minimumEntries = max((capacity * 4 + 2) / 3, capacity + 1)
        var buckets = 2
        while buckets < minimumEntries { buckets <<= 1 }
        return buckets
    }

    /// A string of `utf8Count` bytes: nothing when it fits inline, else a block of the 32-byte
    /// string header, the bytes and their terminating NUL, rounded up as the runtime rounds a
    /// capacity (to 8 past a multiple of 16) and with room for the 8-byte breadcrumbs pointer a
    /// long string may carry (stdlib StringStorage.swift, `determineCodeUnitCapacity`).
    public static func string(utf8Count: Int) -> Int {
        utf8Count > inlineStringBytes ? block(32 + utf8Count + 1 + 23 + 8) : 0
    }

    /// The scratch bytes of one string with escapes: its bytes are gathered in an array before
    /// they become a string, and both exist for a moment (`JSONParser.text(of:hasEscapes:)`).
    public static func escapedStringScratch(utf8Count: Int) -> Int {
        block(32 + utf8Count)
    }
}
