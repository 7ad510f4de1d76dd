import Testing

@testable import SegueAPI

/// The RFC 6455 framing, against the RFC's own example frames (§5.7) and its rules (§5, §7.4).
@Suite struct WebSocketTests {
    /// Masks `payload` as a client would, with `mask`.
    static func clientFrame(
        _ first: UInt8, _ payload: [UInt8], mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D], lengthBytes: [UInt8]? = nil
    ) -> [UInt8] {
        var frame = [first]
        if let lengthBytes {
            frame += [0x80 | (lengthBytes.count == 2 ? 126 : 127)] + lengthBytes
        } else {
            frame.append(0x80 | UInt8(payload.count))
        }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return frame
    }

    static func read(_ bytes: [UInt8], max: Int = 1 << 20) -> [Result<WebSocket.Message?, WebSocket.Failure>] {
        var reader = WebSocket.Reader(maxMessageBytes: max)
        reader.append(bytes)
        var results: [Result<WebSocket.Message?, WebSocket.Failure>] = []
        while true {
            let next = reader.next()
            results.append(next)
            if case .success(nil) = next { return results }
            if case .failure = next { return results }
        }
    }

    static let hello = Array("Hello".utf8)

    @Test func theRFCsMaskedHelloIsOneTextMessage() {
        // RFC 6455 §5.7: 0x81 0x85 0x37 0xfa 0x21 0x3d 0x7f 0x9f 0x4d 0x51 0x58.
        let bytes: [UInt8] = [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58]
        #expect(Self.read(bytes) == [.success(.text(Self.hello)), .success(nil)])
    }

    @Test func anUnmaskedClientFrameIsAProtocolError() {
        // RFC 6455 §5.7's unmasked "Hello", which only a server may send.
        let results = Self.read([0x81, 0x05] + Self.hello)
        #expect(
            results.last
                == .failure(WebSocket.Failure(code: .protocolError, reason: "a client frame that is not masked")))
    }

    @Test func fragmentsJoinAndAPingMayComeBetween() {
        let bytes =
            Self.clientFrame(0x01, Array("Hel".utf8)) + Self.clientFrame(0x89, Self.hello)
            + Self.clientFrame(0x80, Array("lo".utf8))
        #expect(Self.read(bytes) == [.success(.ping(Self.hello)), .success(.text(Self.hello)), .success(nil)])
    }

    @Test func bytesArrivingOneAtATimeMakeTheSameMessage() {
        let bytes = Self.clientFrame(0x81, Self.hello)
        var reader = WebSocket.Reader(maxMessageBytes: 100)
        var messages: [WebSocket.Message] = []
        for byte in bytes {
            reader.append([byte])
            if case .success(let message?) = reader.next() { messages.append(message) }
        }
        #expect(messages == [.text(Self.hello)])
    }

    /// What waits unparsed: two 11-byte frames (2 header, 4 mask, 5 payload) and 3 bytes of a
    /// third; each message taken removes its frame's 11.
    @Test func unreadBytesAreThoseNotYetTakenAsMessages() {
        let frame = Self.clientFrame(0x81, Self.hello)
        var reader = WebSocket.Reader(maxMessageBytes: 100)
        reader.append(frame + frame + frame.prefix(3))
        #expect(reader.unreadByteCount == 25)
        #expect(reader.next() == .success(.text(Self.hello)))
        #expect(reader.unreadByteCount == 14)
        #expect(reader.next() == .success(.text(Self.hello)))
        #expect(reader.next() == .success(nil))
        #expect(reader.unreadByteCount == 3)
    }

    @Test func sixteenAndSixtyFourBitLengths() {
        let medium = [UInt8](repeating: 0x61, count: 256)
        #expect(Self.read(Self.clientFrame(0x81, medium, lengthBytes: [0x01, 0x00])).first == .success(.text(medium)))
        let large = [UInt8](repeating: 0x62, count: 65536)
        let frame = Self.clientFrame(0x82, large, lengthBytes: [0, 0, 0, 0, 0, 1, 0, 0])
        #expect(Self.read(frame).first == .success(.binary(large)))
    }

    @Test func aMessageOverTheLimitIsRefusedFromItsHeader() {
        // Only the header of a 1 MiB + 1 frame: refused before its payload arrives.
        var reader = WebSocket.Reader(maxMessageBytes: 1 << 20)
        reader.append([0x82, 0xFF, 0, 0, 0, 0, 0, 0x10, 0, 0x01])
        #expect(
            reader.next() == .failure(WebSocket.Failure(code: .messageTooBig, reason: "a message over 1048576 bytes")))
        // Fragments count together.
        let two =
            Self.clientFrame(0x01, [UInt8](repeating: 0x61, count: 60))
            + Self.clientFrame(0x80, [UInt8](repeating: 0x61, count: 60))
        if case .failure(let failure) = Self.read(two, max: 100).last {
            #expect(failure.code == .messageTooBig)
        } else {
            Issue.record("two fragments of 60 passed a 100-byte limit")
        }
    }

    @Test func invalidUTF8IsA1007() {
        let results = Self.read(Self.clientFrame(0x81, [0xCE, 0xBA, 0xE1, 0xBD]))
        guard case .failure(let failure) = results.last else {
            Issue.record("accepted")
            return
        }
        #expect(failure.code == .invalidPayload)
    }

    @Test(
        arguments: [
            ([UInt8](Self.clientFrame(0x91, [])), "reserved bit"),
            (Self.clientFrame(0x83, []), "unknown opcode 3"),
            (Self.clientFrame(0x80, []), "continuation with nothing to continue"),
            (Self.clientFrame(0x01, [0x61]) + Self.clientFrame(0x81, [0x61]), "a new message inside a fragmented one"),
            (Self.clientFrame(0x09, []), "a fragmented ping"),
            (Self.clientFrame(0x89, [UInt8](repeating: 0, count: 126), lengthBytes: [0, 126]), "a 126-byte ping"),
            (Self.clientFrame(0x88, [0x03]), "a one-byte close payload"),
            (Self.clientFrame(0x88, [0x03, 0xED]), "close code 1005"),
            (Self.clientFrame(0x88, [0x0B, 0xB8 - 1]), "close code 2999"),
        ] as [([UInt8], String)])
    func framingRulesAreProtocolErrors(bytes: [UInt8], why: String) {
        let last = Self.read(bytes).last
        guard case .failure(let failure) = last else {
            Issue.record("\(why): accepted")
            return
        }
        #expect(failure.code == .protocolError, "\(why)")
    }

    @Test func aCloseFrameCarriesItsCodeAndReason() {
        #expect(
            Self.read(Self.clientFrame(0x88, [0x03, 0xE8] + Array("bye".utf8))).first
                == .success(.close(code: 1000, reason: "bye")))
        #expect(Self.read(Self.clientFrame(0x88, [])).first == .success(.close(code: nil, reason: "")))
    }

    @Test func serverFramesAreUnmaskedWithTheShortestLength() {
        #expect(WebSocket.frame(.text, Self.hello) == [0x81, 0x05] + Self.hello)
        #expect(
            Array(WebSocket.frame(.binary, [UInt8](repeating: 0, count: 256)).prefix(4)) == [0x82, 0x7E, 0x01, 0x00])
        #expect(
            Array(WebSocket.frame(.binary, [UInt8](repeating: 0, count: 65536)).prefix(10)) == [
                0x82, 0x7F, 0, 0, 0, 0, 0, 1, 0, 0,
            ])
        #expect(WebSocket.closeFrame(.goingAway, reason: "bye") == [0x88, 0x05, 0x03, 0xE9] + Array("bye".utf8))
        // A long reason is cut to 123 bytes without splitting a character: é is 2 bytes.
        let close = WebSocket.closeFrame(.normal, reason: String(repeating: "é", count: 100))
        #expect(close[1] == 2 + 122)
    }

    @Test func theHandshakeKeyIsSixteenBytesOfBase64() {
        // RFC 6455 §1.3's key is the base64 of "the sample nonce".
        #expect(WebSocket.keyBytes("dGhlIHNhbXBsZSBub25jZQ==") == Array("the sample nonce".utf8))
        #expect(WebSocket.base64(Array("the sample nonce".utf8)) == "dGhlIHNhbXBsZSBub25jZQ==")
        #expect(WebSocket.base64(Array("f".utf8)) == "Zg==")  // RFC 4648 §10
        #expect(WebSocket.base64(Array("fo".utf8)) == "Zm8=")
        #expect(WebSocket.base64(Array("foobar".utf8)) == "Zm9vYmFy")
        #expect(WebSocket.keyBytes("Zg=") == nil)
        #expect(WebSocket.keyBytes("Z!==") == nil)
        let headers: HTTPHeaders = [
            "Upgrade": "websocket", "Connection": "keep-alive, Upgrade", "Sec-WebSocket-Version": "13",
            "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
        ]
        let request = HTTPRequest(method: .get, path: "/v1/drive", headers: headers)
        #expect(WebSocket.isUpgrade(request))
        #expect((try? WebSocket.handshakeKey(request).get()) == "dGhlIHNhbXBsZSBub25jZQ==")
        var old = headers
        old.replaceOrAdd(name: "Sec-WebSocket-Version", value: "8")
        if case .failure(let problem) = WebSocket.handshakeKey(
            HTTPRequest(method: .get, path: "/v1/drive", headers: old))
        {
            #expect(problem.status == 426)
        } else {
            Issue.record("version 8 accepted")
        }
        var short = headers
        short.replaceOrAdd(name: "Sec-WebSocket-Key", value: "Zm9vYmFy")
        if case .failure(let problem) = WebSocket.handshakeKey(
            HTTPRequest(method: .get, path: "/v1/drive", headers: short))
        {
            #expect(problem.status == 400)
        } else {
            Issue.record("a 6-byte key accepted")
        }
    }
}
