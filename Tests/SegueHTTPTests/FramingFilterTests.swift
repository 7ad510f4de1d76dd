import CFramingFilter
import Glibc
import SegueTestSupport
import Testing

/// The framing filter (Sources/CFramingFilter) driven in-process, as libmicrohttpd reads a
/// socket: the bytes arrive in pieces (every split of each case is tried) and are read
/// through `segue_framing_read`. Valid streams must come through byte for byte, however they
/// are split; a fault must be found at the same place whatever the split, nothing before it
/// lost, and the request completed there so that libmicrohttpd hands it on. The expected
/// outputs are written by hand from the filter's rules (see framing_filter.h), not taken
/// from a run.
@Suite struct FramingFilterTests {
    /// What came through, and how the stream ended.
    struct Outcome {
        var passed: [UInt8] = []
        var failed = false
        var passesThrough = false
        var fault: segue_framing_fault?
        var faultOrdinal: UInt32 = 0
        var canaryIntact = true
    }

    /// The bytes a source hands out: each piece, then EAGAIN once (the socket is empty until
    /// the next segment), and EAGAIN at the end.
    private final class Source {
        let pieces: [[UInt8]]
        var piece = 0
        var offset = 0
        var exhausted: Bool { piece >= pieces.count }

        init(_ pieces: [[UInt8]]) {
            self.pieces = pieces.filter { !$0.isEmpty }
        }
    }

    private static let read: segue_framing_source = { context, buffer, length in
        guard let context, let buffer else { return -1 }
        let source = Unmanaged<Source>.fromOpaque(context).takeUnretainedValue()
        guard !source.exhausted else {
            errno = EAGAIN
            return -1
        }
        let piece = source.pieces[source.piece]
        guard source.offset < piece.count else {
            source.piece += 1
            source.offset = 0
            errno = EAGAIN
            return -1
        }
        let count = min(length, piece.count - source.offset)
        for index in 0..<count {
            buffer[index] = piece[source.offset + index]
        }
        source.offset += count
        return count
    }

    /// Reads `pieces` through a fresh filter with a buffer of `bufferSize` bytes, as
    /// libmicrohttpd would, until the source is empty or the stream ends.
    static func run(_ pieces: [[UInt8]], bufferSize: Int = 32768, bodyLimit: UInt64 = 0) -> Outcome {
        run(pieces, bufferSizes: [bufferSize], bodyLimit: bodyLimit)
    }

    /// As `run(_:bufferSize:bodyLimit:)`, with a buffer of each size in turn (libmicrohttpd's
    /// free space shrinks as a long line fills its buffer).
    static func run(_ pieces: [[UInt8]], bufferSizes: [Int], bodyLimit: UInt64 = 0) -> Outcome {
        let stream = UnsafeMutablePointer<segue_framing_stream>.allocate(capacity: 1)
        segue_framing_stream_init(stream)
        defer {
            segue_framing_stream_release(stream)
            stream.deallocate()
        }
        stream.pointee.body_limit = bodyLimit
        let source = Source(pieces)
        let context = Unmanaged.passUnretained(source).toOpaque()
        var outcome = Outcome()
        let canary = 64
        var buffer = [UInt8](repeating: 0xA5, count: (bufferSizes.max() ?? 0) + canary)
        var reads = 0
        while true {
            let bufferSize = bufferSizes[reads % bufferSizes.count]
            reads += 1
            if bufferSizes.count > 1 {
                buffer.withUnsafeMutableBufferPointer { _ = $0.update(repeating: 0xA5) }
            }
            let count = buffer.withUnsafeMutableBufferPointer {
                segue_framing_read(stream, $0.baseAddress, bufferSize, read, context)
            }
            outcome.canaryIntact = outcome.canaryIntact && buffer[bufferSize...].allSatisfy { $0 == 0xA5 }
            if count > 0 {
                outcome.passed += buffer[..<count]
                continue
            }
            if count == 0 || source.exhausted { break }
        }
        outcome.failed = segue_framing_stream_failed(stream)
        outcome.passesThrough = segue_framing_stream_passes_through(stream)
        if stream.pointee.fault_ordinal > 0 {
            outcome.fault = stream.pointee.fault
            outcome.faultOrdinal = stream.pointee.fault_ordinal
        }
        return outcome
    }

    /// The input whole, split at every position, and one byte at a time.
    static func splits(_ input: [UInt8]) -> [[[UInt8]]] {
        var all: [[[UInt8]]] = [[input], input.map { [$0] }]
        let step = max(1, input.count / 300)  // every position for short inputs, a sample for long ones
        for cut in stride(from: 1, to: input.count, by: step) {
            all.append([Array(input[..<cut]), Array(input[cut...])])
        }
        return all
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    // MARK: Valid streams come through unchanged

    static let validStreams: [[UInt8]] = [
        bytes("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"),
        // Pipelined, with a body whose bytes would be faults in a head.
        bytes("GET /a HTTP/1.1\r\nHost: x\r\n\r\nPOST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 9\r\n\r\n\0\r\n GET \0")
            + bytes("GET /c HTTP/1.1\r\nHost: x\r\n\r\n"),
        // Chunked: extensions, data holding NUL and LF, trailers, then a pipelined request.
        bytes("POST /v1/curves HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            + bytes("3;name=value;q=\"a b\"\r\nabc\r\n2\r\n\0\n\r\n0\r\nX-Trailer: 1\r\n\r\n")
            + bytes("GET / HTTP/1.1\r\nHost: x\r\n\r\n"),
        // Bare LF line ends, and empty lines before a request line (RFC 9112 §2.2).
        bytes("GET / HTTP/1.1\nHost: x\n\n\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n"),
        // Field values with a tab, obs-text and DEL, which RFC 9110 §5.5 lets a recipient keep.
        bytes("GET / HTTP/1.0\r\nX-A: a\tb ") + [0xFF, 0x7F] + bytes("\r\nX-Empty:\r\n\r\n"),
        // The target forms an origin server takes (RFC 9112 §3.2), and every token character.
        bytes("GET http://x/healthz HTTP/1.1\r\nHost: x\r\n\r\nOPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n")
            + bytes("M!#$%&'*+-.^_`|~09 /?q=%00&a HTTP/1.9\r\nX!#$%&'*+-.^_`|~: v\r\n\r\n"),
        // Leading zeros, an upper-case coding name and hexadecimal digits.
        bytes(
            "POST / HTTP/1.1\r\nContent-Length: 0005\r\n\r\nhelloPOST / HTTP/1.1\r\nTransfer-Encoding: Chunked\r\n\r\n")
            + bytes("A\r\n0123456789\r\n00\r\n\r\n"),
        // A long field line, passed on as it comes.
        bytes("GET / HTTP/1.1\r\nCookie: " + String(repeating: "c", count: 10_000) + "\r\nHost: x\r\n\r\n"),
    ]

    @Test(arguments: validStreams.indices)
    func validStreamsPassUnchangedHoweverSplit(index: Int) {
        let input = Self.validStreams[index]
        for pieces in Self.splits(input) {
            let outcome = Self.run(pieces)
            #expect(outcome.passed == input, "split \(pieces.map(\.count))")
            #expect(!outcome.failed && !outcome.passesThrough && outcome.canaryIntact)
        }
    }

    /// After a head that asks for an upgrade (or one whose framing libmicrohttpd refuses or
    /// reads to the end), the rest is no longer HTTP to the filter: it passes as it is.
    @Test func afterAnUpgradeOrAnUnknownFramingTheRestPassesUnchecked() {
        let frame: [UInt8] = [0x81, 0x85, 0, 0, 0, 0, 0x0D, 0x20, 0x00, 0x0A, 0x3A]
        let inputs = [
            Self.bytes("GET /v1/drive HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n")
                + frame,
            Self.bytes("POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n") + frame,
            Self.bytes("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n") + frame,
            Self.bytes("POST / HTTP/1.1\r\nContent-Length: 5 \r\n\r\n") + frame,
        ]
        for input in inputs {
            for pieces in Self.splits(input) {
                let outcome = Self.run(pieces)
                #expect(outcome.passed == input && outcome.passesThrough && !outcome.failed)
            }
        }
    }

    /// A buffer too small for a line and the filter's reserve: libmicrohttpd is about to answer
    /// 414 or 431 itself, so the filter stops checking and passes the bytes on as they are.
    @Test func aNearlyFullBufferStopsCheckingWithoutLosingBytes() {
        let input = Self.bytes(
            "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Long: " + String(repeating: "v", count: 200) + "\r\n\r\n")
        for sizes in [[48], [5000, 20, 1, 40], [1]] {
            for pieces in Self.splits(input) {
                let outcome = Self.run(pieces, bufferSizes: sizes)
                #expect(outcome.passed == input && outcome.canaryIntact, "sizes \(sizes)")
            }
        }
    }

    // MARK: Faults cut the stream where they are

    struct FaultCase: CustomTestStringConvertible, Sendable {
        var name: String
        var input: [UInt8]
        /// What libmicrohttpd must be handed when the input comes in one piece: the stream up to
        /// the faulty line (or, in a request line, up to the fault), and the completion. Split
        /// inside the faulty line, the part already handed on is completed instead.
        var expected: [UInt8]
        var kind: segue_framing_fault_kind
        var element: segue_framing_element
        var offset: UInt32
        var byte: UInt8
        var fieldLine: UInt32 = 0
        var ordinal: UInt32 = 1
        var bodyLimit: UInt64 = 0
        var testDescription: String { name }
    }

    static let chunkedHead = "POST /v1/curves HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"

    static let faultCases: [FaultCase] = [
        FaultCase(
            name: "a raw NUL in the path", input: bytes("GET /healthz\0junk HTTP/1.1\r\nHost: x\r\n\r\n"),
            expected: bytes("GET /healthz HTTP/1.1\r\n\r\n"), kind: SEGUE_FRAMING_CONTROL_BYTE,
            element: SEGUE_FRAMING_REQUEST_LINE, offset: 12, byte: 0),
        FaultCase(
            name: "a raw NUL in a pipelined second request",
            input: bytes("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b\0 HTTP/1.1\r\nHost: x\r\n\r\n"),
            expected: bytes("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\n\r\n"),
            kind: SEGUE_FRAMING_CONTROL_BYTE,
            element: SEGUE_FRAMING_REQUEST_LINE, offset: 6, byte: 0, ordinal: 2),
        FaultCase(
            name: "whitespace before the request line", input: bytes(" GET / HTTP/1.1\r\n\r\n"),
            expected: bytes("GET / HTTP/1.1\r\n\r\n"), kind: SEGUE_FRAMING_LEADING_WHITESPACE,
            element: SEGUE_FRAMING_REQUEST_LINE, offset: 0, byte: 0x20),
        FaultCase(
            name: "a control character in the method", input: bytes("GE\u{1}T / HTTP/1.1\r\n\r\n"),
            expected: bytes("GET / HTTP/1.1\r\n\r\n"), kind: SEGUE_FRAMING_CONTROL_BYTE,
            element: SEGUE_FRAMING_REQUEST_LINE, offset: 2, byte: 1),
        FaultCase(
            name: "a space in the target", input: bytes("GET /a b HTTP/1.1\r\nHost: x\r\n\r\n"),
            expected: bytes("GET /a HTTP/1.1\r\n\r\n"), kind: SEGUE_FRAMING_VERSION_SYNTAX,
            element: SEGUE_FRAMING_REQUEST_LINE, offset: 7, byte: UInt8(ascii: "b")),
        FaultCase(
            name: "two spaces before the target", input: bytes("GET  / HTTP/1.1\r\n\r\n"),
            expected: bytes("GET / HTTP/1.1\r\n\r\n"), kind: SEGUE_FRAMING_REQUEST_LINE_SHAPE,
            element: SEGUE_FRAMING_REQUEST_LINE, offset: 4, byte: 0x20),
        FaultCase(
            name: "a version that is not HTTP/d.d", input: bytes("GET / HTTP/1.x\r\n\r\n"),
            expected: bytes("GET / HTTP/1.1\r\n\r\n"), kind: SEGUE_FRAMING_VERSION_SYNTAX,
            element: SEGUE_FRAMING_REQUEST_LINE, offset: 13, byte: UInt8(ascii: "x")),
        FaultCase(
            name: "no version", input: bytes("GET /\r\n\r\n"), expected: bytes("GET / HTTP/1.1\r\n\r\n"),
            kind: SEGUE_FRAMING_REQUEST_LINE_SHAPE, element: SEGUE_FRAMING_REQUEST_LINE, offset: 5, byte: 0x0D),
        FaultCase(
            name: "a bare CR ending the request line", input: bytes("GET / HTTP/1.1\rHost: x\r\n\r\n"),
            expected: bytes("GET / HTTP/1.1\r\n\r\n"), kind: SEGUE_FRAMING_CONTROL_BYTE,
            element: SEGUE_FRAMING_REQUEST_LINE, offset: 14, byte: 0x0D),
        FaultCase(
            name: "whitespace between a field name and its colon",
            input: bytes(
                "POST /v1/curves HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\nContent-Length: 5\r\n\r\nhello"),
            expected: bytes("POST /v1/curves HTTP/1.1\r\nHost: x\r\n\r\n"), kind: SEGUE_FRAMING_NAME_WHITESPACE,
            element: SEGUE_FRAMING_HEADER_FIELD, offset: 17, byte: 0x20, fieldLine: 2),
        FaultCase(
            name: "a space inside a field name", input: bytes("GET / HTTP/1.1\r\nHost: x\r\nX Foo: bar\r\n\r\n"),
            expected: bytes("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), kind: SEGUE_FRAMING_NAME_WHITESPACE,
            element: SEGUE_FRAMING_HEADER_FIELD, offset: 1, byte: 0x20, fieldLine: 2),
        FaultCase(
            name: "a NUL in a field value", input: bytes("GET / HTTP/1.1\r\nHost: x\r\nX-Foo: a\0b\r\n\r\n"),
            expected: bytes("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), kind: SEGUE_FRAMING_CONTROL_BYTE,
            element: SEGUE_FRAMING_HEADER_FIELD, offset: 8, byte: 0, fieldLine: 2),
        FaultCase(
            name: "obsolete line folding", input: bytes("GET / HTTP/1.1\r\nHost: x\r\nX-Foo: a\r\n b\r\n\r\n"),
            expected: bytes("GET / HTTP/1.1\r\nHost: x\r\nX-Foo: a\r\n\r\n"), kind: SEGUE_FRAMING_LEADING_WHITESPACE,
            element: SEGUE_FRAMING_HEADER_FIELD, offset: 0, byte: 0x20, fieldLine: 3),
        FaultCase(
            name: "whitespace before the first field", input: bytes("GET / HTTP/1.1\r\n\tHost: x\r\n\r\n"),
            expected: bytes("GET / HTTP/1.1\r\n\r\n"), kind: SEGUE_FRAMING_LEADING_WHITESPACE,
            element: SEGUE_FRAMING_HEADER_FIELD, offset: 0, byte: 0x09, fieldLine: 1),
        FaultCase(
            name: "a bare CR in a field", input: bytes("GET / HTTP/1.1\r\nHost: x\rY: z\r\n\r\n"),
            expected: bytes("GET / HTTP/1.1\r\n\r\n"), kind: SEGUE_FRAMING_CONTROL_BYTE,
            element: SEGUE_FRAMING_HEADER_FIELD, offset: 7, byte: 0x0D, fieldLine: 1),
        FaultCase(
            name: "a field line without a colon", input: bytes("GET / HTTP/1.1\r\nHost: x\r\nHostx\r\n\r\n"),
            expected: bytes("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), kind: SEGUE_FRAMING_MISSING_COLON,
            element: SEGUE_FRAMING_HEADER_FIELD, offset: 5, byte: 0x0D, fieldLine: 2),
        FaultCase(
            name: "an empty field name", input: bytes("GET / HTTP/1.1\r\n: x\r\n\r\n"),
            expected: bytes("GET / HTTP/1.1\r\n\r\n"), kind: SEGUE_FRAMING_EMPTY_NAME,
            element: SEGUE_FRAMING_HEADER_FIELD, offset: 0, byte: UInt8(ascii: ":"), fieldLine: 1),
        FaultCase(
            name: "a chunk extension past 4 KiB",
            input: bytes(chunkedHead + "2;e=" + String(repeating: "a", count: 70_000) + "\r\n{}\r\n0\r\n\r\n"),
            expected: bytes(chunkedHead + "0\r\n\r\n"), kind: SEGUE_FRAMING_CHUNK_LINE_TOO_LONG,
            element: SEGUE_FRAMING_CHUNK_LINE, offset: 4096, byte: UInt8(ascii: "a")),
        // 0x500000 is 5 MiB, past a 4 MiB limit at its sixth digit (0x50000 is 320 KiB).
        FaultCase(
            name: "a chunk past the body limit", input: bytes(chunkedHead + "500000\r\n{}"),
            expected: bytes(chunkedHead + "0\r\n\r\n"), kind: SEGUE_FRAMING_CHUNK_TOO_LARGE,
            element: SEGUE_FRAMING_CHUNK_LINE, offset: 5, byte: UInt8(ascii: "0"), bodyLimit: 4 << 20),
        FaultCase(
            name: "chunks past the body limit together", input: bytes(chunkedHead + "3\r\nabc\r\n3\r\ndef\r\n"),
            expected: bytes(chunkedHead + "3\r\nabc\r\n0\r\n\r\n"), kind: SEGUE_FRAMING_CHUNK_TOO_LARGE,
            element: SEGUE_FRAMING_CHUNK_LINE, offset: 0, byte: UInt8(ascii: "3"), bodyLimit: 5),
        // 17 hexadecimal digits pass 2^64 whatever the limit.
        FaultCase(
            name: "a chunk size past 2^64", input: bytes(chunkedHead + "10000000000000000\r\n"),
            expected: bytes(chunkedHead + "0\r\n\r\n"), kind: SEGUE_FRAMING_CHUNK_TOO_LARGE,
            element: SEGUE_FRAMING_CHUNK_LINE, offset: 16, byte: UInt8(ascii: "0")),
        FaultCase(
            name: "a chunk size that is not hexadecimal", input: bytes(chunkedHead + "zz\r\n{}\r\n0\r\n\r\n"),
            expected: bytes(chunkedHead + "0\r\n\r\n"), kind: SEGUE_FRAMING_CHUNK_SIZE_SYNTAX,
            element: SEGUE_FRAMING_CHUNK_LINE, offset: 0, byte: UInt8(ascii: "z")),
        FaultCase(
            name: "a space after a chunk size", input: bytes(chunkedHead + "2 \r\n{}\r\n0\r\n\r\n"),
            expected: bytes(chunkedHead + "0\r\n\r\n"), kind: SEGUE_FRAMING_CHUNK_SIZE_SYNTAX,
            element: SEGUE_FRAMING_CHUNK_LINE, offset: 1, byte: 0x20),
        FaultCase(
            name: "a NUL in a chunk extension", input: bytes(chunkedHead + "2;a\0\r\n{}\r\n0\r\n\r\n"),
            expected: bytes(chunkedHead + "0\r\n\r\n"), kind: SEGUE_FRAMING_CONTROL_BYTE,
            element: SEGUE_FRAMING_CHUNK_LINE, offset: 3, byte: 0),
        FaultCase(
            name: "chunk data longer than its size", input: bytes(chunkedHead + "5\r\nhelloX\r\n0\r\n\r\n"),
            expected: bytes(chunkedHead + "5\r\nhello\r\n0\r\n\r\n"), kind: SEGUE_FRAMING_CHUNK_DATA_UNTERMINATED,
            element: SEGUE_FRAMING_CHUNK_DATA, offset: 0, byte: UInt8(ascii: "X")),
        FaultCase(
            name: "a NUL in a trailer", input: bytes(chunkedHead + "0\r\nX-T: a\0\r\n\r\n"),
            expected: bytes(chunkedHead + "0\r\n\r\n"), kind: SEGUE_FRAMING_CONTROL_BYTE,
            element: SEGUE_FRAMING_TRAILER_FIELD, offset: 6, byte: 0, fieldLine: 1),
        FaultCase(
            name: "a folded trailer", input: bytes(chunkedHead + "0\r\nX-T: a\r\n b\r\n\r\n"),
            expected: bytes(chunkedHead + "0\r\nX-T: a\r\n\r\n"), kind: SEGUE_FRAMING_LEADING_WHITESPACE,
            element: SEGUE_FRAMING_TRAILER_FIELD, offset: 0, byte: 0x20, fieldLine: 2),
    ]

    /// Whether libmicrohttpd reads `passed` as whole requests: the filter itself accepts it, but
    /// for a request line part of whose version was handed on before its fault, completed as
    /// `... / HTTP/1.1` (libmicrohttpd takes the last word for the version, and accepts
    /// spaces in a target) in the faulty request, the `ordinal`-th.
    static func completesCleanly(_ passed: [UInt8], ordinal: UInt32, bodyLimit: UInt64) -> Bool {
        let again = run([passed], bodyLimit: bodyLimit)
        guard again.failed else { return again.passed == passed }
        let tail = bytes(" / HTTP/1.1\r\n\r\n")
        return again.fault?.element == SEGUE_FRAMING_REQUEST_LINE && again.faultOrdinal == ordinal
            && passed.suffix(tail.count).elementsEqual(tail)
    }

    @Test(arguments: faultCases)
    func faultsCutTheStreamWhereTheyAreHoweverSplit(_ fault: FaultCase) {
        let agreed = zip(fault.input, fault.expected).prefix { $0 == $1 }.count
        for pieces in Self.splits(fault.input) {
            let outcome = Self.run(pieces, bodyLimit: fault.bodyLimit)
            let split = "split \(pieces.map(\.count).prefix(4))"
            let text = String(decoding: outcome.passed, as: UTF8.self)
            if pieces.count == 1 {
                #expect(outcome.passed == fault.expected, "\(text)")
            } else {
                #expect(outcome.passed.prefix(agreed) == fault.expected.prefix(agreed), "\(split): \(text)")
            }
            #expect(
                Self.completesCleanly(outcome.passed, ordinal: fault.ordinal, bodyLimit: fault.bodyLimit),
                "\(split): \(text)")
            #expect(outcome.failed && outcome.canaryIntact, "\(split)")
            #expect(outcome.faultOrdinal == fault.ordinal, "\(split)")
            guard let found = outcome.fault else { continue }
            #expect(found.kind == fault.kind && found.element == fault.element, "\(split)")
            #expect(found.offset == fault.offset && found.byte == fault.byte, "\(split)")
            #expect(found.field_line == fault.fieldLine, "\(split)")
        }
    }

    /// A fault in a field line part of which is already handed on: the line is finished as one
    /// libmicrohttpd reads (a colon given where none came, a digit to a bare Content-Length).
    @Test func aFaultInALongLineFinishesTheLinePassedOn() {
        let name = String(repeating: "N", count: 5000)
        let input = Self.bytes("GET / HTTP/1.1\r\nX-\(name) : v\r\n\r\n")
        for pieces in [[Array(input[..<4200]), Array(input[4200...])], [input]] {
            let outcome = Self.run(pieces)
            #expect(outcome.failed && outcome.fault?.kind == SEGUE_FRAMING_NAME_WHITESPACE)
            if pieces.count == 1 {  // the whole line in one read: dropped, the head ended before it
                #expect(outcome.passed == Self.bytes("GET / HTTP/1.1\r\n\r\n"))
            } else {
                #expect(outcome.passed == Self.bytes("GET / HTTP/1.1\r\nX-\(name)_:\r\n\r\n"))
            }
        }
        let length = Self.bytes("POST / HTTP/1.1\r\nContent-Length: \0\r\n\r\n")
        let outcome = Self.run([Array(length[..<33]), Array(length[33...])])
        #expect(outcome.passed == Self.bytes("POST / HTTP/1.1\r\nContent-Length: 0\r\n\r\n"))
    }

    /// Nothing after a fault is handed on, and the stream reads as ended.
    @Test func afterAFaultTheStreamEnds() {
        let outcome = Self.run([Self.bytes("GET / HTTP/1.1\r\nX: \0\r\n\r\n"), Self.bytes("GET / HTTP/1.1\r\n\r\n")])
        #expect(outcome.failed)
        #expect(outcome.passed == Self.bytes("GET / HTTP/1.1\r\n\r\n"))
    }

    // MARK: Mutated streams

    /// Valid streams with one to three bytes replaced, inserted or removed, split at random:
    /// the filter never writes past its buffer; a stream it accepts comes through unchanged
    /// (but for an incomplete chunk-size line or CR at the end, held back); and what it hands on
    /// after a fault is whole requests to libmicrohttpd (`completesCleanly`).
    @Test func mutatedStreamsAreHandedOnWholeOrCutCleanly() {
        var generator = SeededGenerator(seed: 26)
        let interesting: [UInt8] = [0, 0x0D, 0x0A, 0x20, 0x09, 0x3A, 0x3B, 0x61, 0x30, 0x46, 0x7F, 0xFF]
        let bases = Self.validStreams.filter { $0.count < 2000 }
        var cut = 0
        for _ in 0..<3000 {
            var input = bases.randomElement(using: &generator)!
            for _ in 0..<Int.random(in: 1...3, using: &generator) where !input.isEmpty {
                let at = Int.random(in: 0..<input.count, using: &generator)
                let byte = interesting.randomElement(using: &generator)!
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: input[at] = byte
                case 1: input.insert(byte, at: at)
                default: input.remove(at: at)
                }
            }
            var pieces: [[UInt8]] = []
            var rest = input[...]
            while !rest.isEmpty {
                let size = Int.random(in: 1...max(1, rest.count), using: &generator)
                pieces.append(Array(rest.prefix(size)))
                rest = rest.dropFirst(size)
            }
            let sizes = [[64], [300], [32768], [4000, 20, 1, 40]].randomElement(using: &generator)!
            let outcome = Self.run(pieces, bufferSizes: sizes, bodyLimit: 1 << 20)
            #expect(outcome.canaryIntact)
            if outcome.failed {
                cut += 1
                #expect(
                    Self.completesCleanly(outcome.passed, ordinal: outcome.faultOrdinal, bodyLimit: 1 << 20),
                    "input \(input)")
            } else {
                #expect(Array(input.prefix(outcome.passed.count)) == outcome.passed, "input \(input)")
                #expect(outcome.passesThrough || input.count - outcome.passed.count <= Int(SEGUE_FRAMING_LINE_LIMIT))
            }
        }
        #expect(cut > 500)  // the mutations do reach the fault paths
    }
}
