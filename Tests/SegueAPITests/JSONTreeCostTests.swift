import Glibc
import SegueTestSupport
import Testing

@testable import SegueAPI

/// What the parser's first pass says a tree will hold (`JSONShape`) is an upper bound of what
/// the built tree really holds, for every shape of body: each tree here is walked, and each of
/// its heap blocks (an array's storage, a dictionary's, a long string's) is asked of glibc's
/// malloc how large it really is (`malloc_usable_size`, plus the 8-byte size field every chunk
/// carries), independently of `JSONTreeCost`'s formulas.
@Suite struct JSONTreeCostTests {
    /// The real bytes of a tree's blocks.
    static func measuredBytes(_ value: JSONValue) -> Int {
        switch value {
        case .array(let elements):
            guard elements.capacity > 0 else { return 0 }  // the shared empty storage
            // The storage object starts at its 32-byte header, just before the elements.
            return elements.withUnsafeBufferPointer { chunk(storageOf: $0.baseAddress) }
                + elements.reduce(0) { $0 + measuredBytes($1) }
        case .object(let members):
            guard members.capacity > 0 else { return 0 }
            // A native dictionary is one reference to its storage object (no bridging on Linux).
            let object = unsafeBitCast(members, to: UnsafeRawPointer.self)
            return chunk(object) + members.reduce(0) { $0 + string($1.key) + measuredBytes($1.value) }
        case .string(let text): return string(text)
        case .number, .bool, .null: return 0
        }
    }

    /// A string's block, when it has one: its bytes follow the 32-byte header of its storage.
    static func string(_ text: String) -> Int {
        var text = text
        guard text.utf8.count > JSONTreeCost.inlineStringBytes else { return 0 }
        return text.withUTF8 { chunk(storageOf: $0.baseAddress) }
    }

    /// The block of an array's or a string's storage object, whose 32-byte header is just before
    /// its elements or bytes.
    static func chunk<T>(storageOf elements: UnsafePointer<T>?) -> Int {
        elements.map { chunk(UnsafeRawPointer($0) - 32) } ?? 0
    }

    static func chunk(_ pointer: UnsafeRawPointer) -> Int {
        mallocUsableSize(UnsafeMutableRawPointer(mutating: pointer)) + 8
    }

    /// The shapes that cost the most tree per byte of body, and ordinary requests.
    static let shapes: [(name: String, body: String)] = [
        (
            "canonical",
            String(
                decoding: Fixtures.read(Fixtures.root + "/scripts/examples/instagram.pop.interactive.json") ?? [],
                as: UTF8.self)
        ),
        ("small numbers", "[" + Array(repeating: "0", count: 5000).joined(separator: ",") + "]"),
        ("distinct keys", "{" + (0..<5000).map { "\"k\($0)\":0" }.joined(separator: ",") + "}"),
        ("long keys", "{" + (0..<500).map { "\"a long member name number \($0)\":0" }.joined(separator: ",") + "}"),
        (
            "nests",
            "["
                + Array(
                    repeating: String(repeating: "[", count: 30) + "0" + String(repeating: "]", count: 30), count: 100
                ).joined(separator: ",") + "]"
        ),
        ("one-member objects", "[" + Array(repeating: #"{"a":0}"#, count: 3000).joined(separator: ",") + "]"),
        (
            "long strings",
            "[" + Array(repeating: "\"" + String(repeating: "é", count: 500) + "\"", count: 100).joined(separator: ",")
                + "]"
        ),
        (
            "escaped strings",
            "[" + Array(repeating: #""\u00e9\n\ud800 sixteen and more""#, count: 200).joined(separator: ",") + "]"
        ),
        ("equivalent names", #"{"é":1,"e\#u{0301}":2,"\u00e9x":3,"ex":4}"#),
    ]

    @Test(arguments: shapes.map(\.name))
    func theMeasureBoundsTheBuiltTree(shape name: String) throws {
        let body = Array(try #require(Self.shapes.first { $0.name == name }).body.utf8)
        let shape = try JSONParser.measure(body)
        let tree = try JSONParser.build(body, shape: shape)
        let measured = Self.measuredBytes(tree)
        #expect(shape.treeBytes >= measured, "\(name): measured \(measured), estimated \(shape.treeBytes)")
        // And not far above it: the estimate is the layout, not a guess (a string's escapes
        // shrink it below its bytes as sent, and a block is rarely handed out 16 bytes larger).
        #expect(shape.treeBytes <= measured + measured / 2 + 64, "\(name): measured \(measured)")
    }

    /// Random documents of every kind of value, nested at random: the bound holds for each.
    @Test func theMeasureBoundsRandomTrees() throws {
        var generator = SeededGenerator(seed: 26)
        for _ in 0..<200 {
            var text = ""
            Self.randomValue(depth: 0, into: &text, using: &generator)
            let body = Array(text.utf8)
            let shape = try JSONParser.measure(body)
            let measured = Self.measuredBytes(try JSONParser.build(body, shape: shape))
            #expect(
                shape.treeBytes >= measured, "measured \(measured), estimated \(shape.treeBytes): \(text.prefix(200))")
        }
    }

    /// The first pass counts every element and member, at every depth.
    @Test func theMeasureCountsEveryValue() throws {
        let shape = try JSONParser.measure(Array(#"{"a":[1,2,{"b":[]}],"c":"d"}"#.utf8))
        #expect(shape.values == 6)  // a, 1, 2, {…}, b, c
    }

    static func randomValue(depth: Int, into text: inout String, using generator: inout SeededGenerator) {
        let kind = depth >= 6 ? Int.random(in: 0..<4, using: &generator) : Int.random(in: 0..<7, using: &generator)
        switch kind {
        case 0: text += String(Int.random(in: -1000...1000, using: &generator))
        case 1: text += ["true", "false", "null"][Int.random(in: 0..<3, using: &generator)]
        case 2, 3: text += randomString(using: &generator)
        case 4, 5:
            text += "["
            for index in 0..<Int.random(in: 0..<(40 >> depth) + 1, using: &generator) {
                if index > 0 { text += "," }
                randomValue(depth: depth + 1, into: &text, using: &generator)
            }
            text += "]"
        default:
            text += "{"
            for index in 0..<Int.random(in: 0..<(40 >> depth) + 1, using: &generator) {
                if index > 0 { text += "," }
                text += "\"k\(index)" + String(repeating: "é", count: Int.random(in: 0..<12, using: &generator)) + "\":"
                randomValue(depth: depth + 1, into: &text, using: &generator)
            }
            text += "}"
        }
    }

    static func randomString(using generator: inout SeededGenerator) -> String {
        let pieces = ["a", "é", "中", "😀", #"\n"#, #"\u00e9"#, #"\ud800"#, #"\""#]
        var text = "\""
        for _ in 0..<Int.random(in: 0..<60, using: &generator) {
            text += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
        }
        return text + "\""
    }
}

/// glibc's `malloc_usable_size` (malloc.h), which the Glibc module does not bring in.
@_silgen_name("malloc_usable_size")
private func mallocUsableSize(_ pointer: UnsafeMutableRawPointer?) -> Int
