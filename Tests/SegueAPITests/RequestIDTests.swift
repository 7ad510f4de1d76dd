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
}
