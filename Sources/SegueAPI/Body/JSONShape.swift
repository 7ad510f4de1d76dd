/// What the first pass of `JSONParser` learns of a body without building any of it: how many
/// values it holds, how large each of its containers is, and the most bytes its tree will hold
/// while the second pass builds it, so that the tree can be admitted by its memory first.
public struct JSONShape: Sendable {
    /// Array elements and object members, at every depth (the root is not counted).
    public internal(set) var values = 0
    /// The count of each array and object, in the order they open: the capacity the second
    /// pass builds each one with, so that none grows (and briefly holds its old storage and
    /// a new one twice as large) while it is filled.
    var containerSizes: [UInt32] = []
    /// The blocks of the finished tree: its arrays, dictionaries and strings too long to be
    /// held inline (`JSONTreeCost`).
    public internal(set) var treeBytes = 0
    /// Bytes that exist only while the tree is built, besides the tree: the list of
    /// container sizes, the path kept for error messages, one escaped string's scratch
    /// buffer, and the names kept to tell apart canonically equivalent member names.
    public internal(set) var scratchBytes = 0
    /// The longest string with escapes, whose scratch buffer is the largest one.
    private var longestEscapedString = 0

    /// An empty measure for a body of `bodyBytes` bytes read under `limits`: its fixed scratch
    /// is the container sizes' list, reserved once for the most containers such a body can
    /// have, and the path for the deepest nest.
    init(bodyBytes: Int, limits: JSONLimits) {
        let mostContainers = min(limits.maxValues, bodyBytes / 2) + 1
        containerSizes.reserveCapacity(mostContainers)
        scratchBytes =
            JSONTreeCost.block(32 + containerSizes.capacity * MemoryLayout<UInt32>.stride)
            + JSONTreeCost.block(32 + (limits.maxDepth + 1) * 24)
    }

    /// The bytes to admit before the tree is built: the tree and the scratch of its building.
    public var bytes: Int {
        treeBytes + scratchBytes + JSONTreeCost.escapedStringScratch(utf8Count: longestEscapedString)
    }

    /// A string value of `sentBytes` bytes between its quotes. Resolving escapes never makes a
    /// string longer (`\n` is one byte, `\u00e9` two, an unpaired `\ud800` three), so its bytes
    /// as sent bound its bytes in the tree.
    mutating func addString(sentBytes: Int, hasEscapes: Bool) {
        treeBytes += JSONTreeCost.string(utf8Count: sentBytes)
        if hasEscapes { longestEscapedString = max(longestEscapedString, sentBytes) }
    }

    /// A member name, held as a dictionary key like a string value. A name that is not plain
    /// ASCII may also be kept aside as bytes, with a slot in a set, to be told apart from an
    /// earlier name it is canonically equivalent to (`JSONParser.object`); two distinct ASCII
    /// names never are.
    mutating func addName(sentBytes: Int, hasEscapes: Bool, isASCII: Bool) {
        addString(sentBytes: sentBytes, hasEscapes: hasEscapes)
        if hasEscapes || !isASCII {
            // Its bytes as an array, and its share of the set: 128 bytes cover the set's first
            // block (a 72-byte header and two 8-byte slots) and, for more names, the 8/3 slots
            // of 8 bytes each name may need, twice over while the set moves to a larger table.
            scratchBytes += JSONTreeCost.block(32 + sentBytes) + 128
        }
    }

    /// The array opened as container `number` closed with `count` elements.
    mutating func closeArray(_ number: Int, count: Int) {
        containerSizes[number] = UInt32(clamping: count)
        treeBytes += JSONTreeCost.array(count: count)
    }

    /// The object opened as container `number` closed with `count` members (a name sent twice
    /// counted twice: the second pass refuses it, and until then it only makes the bound larger).
    mutating func closeObject(_ number: Int, count: Int) {
        containerSizes[number] = UInt32(clamping: count)
        treeBytes += JSONTreeCost.object(count: count)
    }
}
