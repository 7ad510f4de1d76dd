import Testing

@testable import SegueAPI

/// The problems a framing fault is answered with: which kind and status (from the RFC text
/// cited in `FramingFault`), and a detail that says where the fault is and what to send.
@Suite struct FramingFaultTests {
    @Test func aNULInTheRequestLineSaysWhereAndHowToEncodeIt() {
        let fault = FramingFault(
            kind: .controlByte, element: .requestLine, byte: 0, offset: 12, quote: Array("GET /healthz".utf8))
        let problem = fault.problem
        #expect(problem.type == "urn:segue:problem:invalid-request-line" && problem.status == 400)
        #expect(problem.detail.contains("a NUL byte (0x00) at byte 12 of the request line"))
        #expect(problem.detail.contains("after 'GET /healthz'"))
        #expect(problem.detail.contains("%00"))
    }

    @Test func whitespaceBeforeAColonCitesTheRule() {
        let fault = FramingFault(
            kind: .nameWhitespace, element: .headerField, byte: 0x20, offset: 17, fieldLine: 2,
            quote: Array("Transfer-Encoding".utf8))
        let problem = fault.problem
        #expect(problem.type == "urn:segue:problem:invalid-field" && problem.status == 400)
        #expect(problem.detail.hasPrefix("Header field line 2 has a space in or after its name at byte 17"))
        #expect(problem.detail.contains("'Transfer-Encoding'") && problem.detail.contains("RFC 9112 §5.1"))
    }

    @Test func foldingIsNamedAsSuch() {
        let fault = FramingFault(kind: .leadingWhitespace, element: .trailerField, byte: 0x20, offset: 0, fieldLine: 1)
        let problem = fault.problem
        #expect(problem.type == "urn:segue:problem:invalid-field")
        #expect(problem.detail.hasPrefix("Trailer field line 1 starts with whitespace: obsolete line folding"))
    }

    /// RFC 9112 §7.1.1 (a limit on extensions, answered with a 4xx) and the body limit.
    @Test func sizeFaultsAre413WithTheirLimit() {
        let extensions = FramingFault(
            kind: .chunkLineTooLong, element: .chunkLine, byte: 0x61, offset: 4096, limit: 4096)
        #expect(extensions.problem.type == "urn:segue:problem:chunk-extensions-too-large")
        #expect(extensions.problem.status == 413 && extensions.problem.limit == 4096)
        let chunk = FramingFault(kind: .chunkTooLarge, element: .chunkLine, byte: 0x30, offset: 5, limit: 4_194_304)
        #expect(chunk.problem == .contentTooLarge(limit: 4_194_304))
    }

    @Test func chunkFaultsAre400() {
        for fault in [
            FramingFault(kind: .chunkSizeSyntax, element: .chunkLine, byte: 0x7A, offset: 0),
            FramingFault(kind: .chunkDataUnterminated, element: .chunkData, byte: 0x58, offset: 0),
            FramingFault(kind: .controlByte, element: .chunkLine, byte: 0, offset: 3),
        ] {
            #expect(fault.problem.type == "urn:segue:problem:invalid-chunk" && fault.problem.status == 400)
            #expect(fault.problem.detail.contains("RFC 9112 §7.1"))
        }
    }

    @Test func quotesShowEveryByteLegibly() {
        #expect(FramingFault.printable([0x41, 0x00, 0x20, 0x7F, 0xFF]) == "A\\x00 \\x7F\\xFF")
    }
}
