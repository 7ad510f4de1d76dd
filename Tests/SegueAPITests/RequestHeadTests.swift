import Testing

@testable import SegueAPI

/// The framing rules of RFC 9112 and Segue's head caps, decided from head values alone.
@Suite struct RequestHeadTests {
    private let limits = HeadLimits()

    private func verdict(_ fields: [(String, String)], version: String = "HTTP/1.1") -> RequestHead.Verdict {
        var headers = HTTPHeaders()
        for (name, value) in fields { headers.add(name: name, value: value) }
        return RequestHead(method: "POST", targetBytes: 10, version: version, headers: headers).verdict(limits: limits)
    }

    private func problemType(_ verdict: RequestHead.Verdict) -> String? {
        guard case .refuse(let problem) = verdict else { return nil }
        return problem.type
    }

    @Test func headLengthCountsTheRequestLineAndEachField() {
        // "GET /a HTTP/1.1\r\n" is 17 bytes, "Host: x\r\n" 9, the blank line 2.
        let head = RequestHead(method: "GET", targetBytes: 2, version: "HTTP/1.1", headers: ["Host": "x"])
        #expect(head.headBytes == 17 + 9 + 2)
    }

    @Test func anOrdinaryHeadIsServed() {
        #expect(verdict([("Host", "x"), ("Content-Length", "12")]) == .serve(closeAfter: false))
        #expect(verdict([("Host", "x"), ("Transfer-Encoding", "Chunked")]) == .serve(closeAfter: false))
        #expect(verdict([], version: "HTTP/1.0") == .serve(closeAfter: false))
    }

    @Test func contentLengthsMustAgree() {
        #expect(
            problemType(verdict([("Host", "x"), ("Content-Length", "2"), ("Content-Length", "40")]))
                == "urn:segue:problem:conflicting-content-length")
        // RFC 9112 §6.3 lets a recipient accept identical duplicates; 2 and 02 are one length.
        #expect(
            verdict([("Host", "x"), ("Content-Length", "2"), ("Content-Length", "02")]) == .serve(closeAfter: false))
    }

    @Test func chunkedWithContentLengthClosesAfterTheAnswer() {
        #expect(
            verdict([("Host", "x"), ("Content-Length", "5"), ("Transfer-Encoding", "chunked")])
                == .serve(closeAfter: true))
    }

    @Test func codingsOtherThanChunkedAlone() {
        for coding in ["gzip", "gzip, chunked", "chunked, chunked", "identity"] {
            #expect(
                problemType(verdict([("Host", "x"), ("Transfer-Encoding", coding)]))
                    == "urn:segue:problem:unsupported-transfer-coding")
        }
        // Two fields combine into one list (RFC 9110 §5.3).
        #expect(
            problemType(verdict([("Host", "x"), ("Transfer-Encoding", "gzip"), ("Transfer-Encoding", "chunked")]))
                == "urn:segue:problem:unsupported-transfer-coding")
    }

    /// Two `Origin`s (the first allowed, the second not) or two WebSocket keys: which one counts
    /// is ambiguous, so neither is served. One of each is.
    @Test func aFieldReadAsOneValueIsRefusedWhenRepeated() {
        for name in ["Origin", "origin", "Sec-WebSocket-Key", "Sec-WebSocket-Version"] {
            let twice = verdict([("Host", "x"), (name, "a"), (name.uppercased(), "b")])
            #expect(problemType(twice) == "urn:segue:problem:repeated-field", "\(name)")
        }
        #expect(
            verdict([("Host", "x"), ("Origin", "https://www.figma.com"), ("Sec-WebSocket-Key", "k")])
                == .serve(closeAfter: false))
    }

    @Test func hostIsRequiredOnceFromHTTP11() {
        #expect(problemType(verdict([])) == "urn:segue:problem:host-required")
        #expect(problemType(verdict([("Host", "a"), ("host", "b")])) == "urn:segue:problem:host-required")
        #expect(problemType(verdict([], version: "HTTP/1.2")) == "urn:segue:problem:host-required")
    }

    @Test func capsOnTargetAndHead() {
        let longTarget = RequestHead(version: "HTTP/1.1", headers: ["Host": "x"], targetBytes: 8193, headBytes: 8300)
        #expect(problemType(longTarget.verdict(limits: limits)) == "urn:segue:problem:uri-too-long")
        let atCap = RequestHead(version: "HTTP/1.1", headers: ["Host": "x"], targetBytes: 8192, headBytes: 16384)
        #expect(atCap.verdict(limits: limits) == .serve(closeAfter: false))
        let longHead = RequestHead(version: "HTTP/1.1", headers: ["Host": "x"], targetBytes: 10, headBytes: 16385)
        guard case .refuse(let problem) = longHead.verdict(limits: limits) else {
            Issue.record("expected 431")
            return
        }
        #expect(problem.status == 431)
        #expect(problem.limit == 16384)
    }

    @Test func anOverlongPathIsQuotedInPart() {
        let path = "/" + String(repeating: "a", count: 9000)
        #expect(limits.quoted(path: path).utf8.count == HeadLimits.quotedPathBytes)
        #expect(limits.quoted(path: "/healthz") == "/healthz")
    }
}
