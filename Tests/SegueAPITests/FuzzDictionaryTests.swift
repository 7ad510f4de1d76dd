import SegueTestSupport
import Testing

@testable import SegueAPI

/// The fuzzer's dictionary (Tests/Fuzz/segue.dict) holds every member name a transition document
/// may use, so that mutated requests reach past the unknown-field checks into the compiler. Read
/// from the reader's own field lists, so a field added to the format and not to the dictionary
/// fails here.
@Suite struct FuzzDictionaryTests {
    @Test func theDictionaryHoldsEveryDocumentField() throws {
        let bytes = try #require(Fixtures.read(Fixtures.root + "/Tests/Fuzz/segue.dict"))
        let entries = Set(
            String(decoding: bytes, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
                String($0)
            })
        let missing = TransitionReader.documentFieldNames.filter { !entries.contains("\"\\\"\($0)\\\"\"") }.sorted()
        #expect(missing.isEmpty, "add to Tests/Fuzz/segue.dict: \(missing.map { "\"\\\"\($0)\\\"\"" })")
    }
}
