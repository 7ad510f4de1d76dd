import Testing

@testable import SegueAPI

@Suite struct RequestIDTests {
    let service = SegueService(router: Router(routes: []), makeRequestID: { "fresh" })

    private func echoedID(sending header: String?) -> String? {
        var request = HTTPRequest(method: .get, path: "/anything")
        if let header {
            request.headers.add(name: "x-request-id", value: header)
        }
        return service.respond(to: request).headers["X-Request-Id"]
    }

    @Test(arguments: ["abc", "7f3c-1a2b", "trace.span:01_x", String(repeating: "a", count: 128)])
    func saneClientIDsAreEchoed(id: String) {
        #expect(echoedID(sending: id) == id)
    }

    @Test(arguments: [
        "", "has space", "new\nline", "semi;colon", "ünïcode", "<script>", String(repeating: "a", count: 129),
    ])
    func insaneClientIDsAreReplaced(id: String) {
        #expect(echoedID(sending: id) == "fresh")
    }

    @Test func missingIDIsGenerated() {
        #expect(echoedID(sending: nil) == "fresh")
    }

    @Test func generatedIDsAreLowercaseUUIDsAndDistinct() {
        let first = RequestID.generate()
        let second = RequestID.generate()
        #expect(first != second)
        #expect(first.count == 36)
        #expect(first == first.lowercased())
        #expect(first.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12])
        #expect(RequestID.accepting(first) == first)
    }

    /// RFC 9562 §5.4: a version 4 UUID has the version digit 4 (the 13th hex digit, after the
    /// second dash) and the variant bits 10, so its 17th hex digit (after the third dash) is
    /// one of 8, 9, a, b; every other digit is random hex.
    @Test func generatedIDsAreVersion4UUIDs() {
        var seenAtRandom = Set<Character>()
        for _ in 0..<200 {
            let id = Array(RequestID.generate())
            #expect(id.count == 36)
            #expect([id[8], id[13], id[18], id[23]] == ["-", "-", "-", "-"])
            #expect(id[14] == "4")
            #expect("89ab".contains(id[19]))
            for (index, character) in id.enumerated() where ![8, 13, 14, 18, 19, 23].contains(index) {
                #expect("0123456789abcdef".contains(character))
                seenAtRandom.insert(character)
            }
        }
        // 200 identifiers of 30 random digits each use all 16 digits (a fixed digit would not).
        #expect(seenAtRandom.count == 16)
    }
}
