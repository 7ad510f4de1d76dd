import CFramingFilter
import Glibc

/// A fuzz input as the bytes a client sends (`--framing`), read through the framing filter
/// (Sources/CFramingFilter) as libmicrohttpd reads a socket: the first byte sets how many
/// bytes arrive at a time, the second how large the reader's buffer is, the rest is the stream.
///
/// Properties, each a trap when broken: the filter never writes past the reader's buffer; a
/// stream it accepts is handed on unchanged (but for an incomplete chunk-size line or CR at
/// the end, held back, and never more than its line limit); after a fault, what it handed on
/// is whole requests libmicrohttpd parses: the filter accepts it again, or finds only the
/// faulty request's own line completed as `... / HTTP/1.1` (libmicrohttpd reads the last word
/// as the version).
struct FramingFuzzCase {
    /// The filter's body limit during the run: 1 MiB.
    static let bodyLimit: UInt64 = 1 << 20
    let chunk: Int
    let bufferSize: Int
    let bytes: [UInt8]

    init(_ input: [UInt8]) {
        chunk = Int(input.first ?? 0) % 64 + 1
        bufferSize = [32768, 4096, 300, 64][Int(input.dropFirst().first ?? 0) % 4]
        bytes = Array(input.dropFirst(2))
    }

    /// What came through a fresh filter, whether it failed, passed the rest through, and at which request.
    struct Outcome {
        var passed: [UInt8] = []
        var failed = false
        var passesThrough = false
        var faultOrdinal: UInt32 = 0
        var faultElement: segue_framing_element?
    }

    /// The stream's pieces, handed out one `recv` at a time with EAGAIN between them.
    private final class Source {
        let pieces: [ArraySlice<UInt8>]
        var piece = 0
        var offset = 0

        init(_ pieces: [ArraySlice<UInt8>]) {
            self.pieces = pieces
        }
    }

    private static let read: segue_framing_source = { context, buffer, length in
        guard let context, let buffer else { return -1 }
        let source = Unmanaged<Source>.fromOpaque(context).takeUnretainedValue()
        guard source.piece < source.pieces.count else {
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
            buffer[index] = piece[piece.startIndex + source.offset + index]
        }
        source.offset += count
        return count
    }

    static func run(_ pieces: [ArraySlice<UInt8>], bufferSize: Int) -> Outcome {
        let stream = UnsafeMutablePointer<segue_framing_stream>.allocate(capacity: 1)
        segue_framing_stream_init(stream)
        stream.pointee.body_limit = bodyLimit
        defer {
            segue_framing_stream_release(stream)
            stream.deallocate()
        }
        let source = Source(pieces)
        let context = Unmanaged.passUnretained(source).toOpaque()
        let canary = 64
        var buffer = [UInt8](repeating: 0xA5, count: bufferSize + canary)
        var outcome = Outcome()
        while true {
            let count = buffer.withUnsafeMutableBufferPointer {
                segue_framing_read(stream, $0.baseAddress, bufferSize, read, context)
            }
            guard buffer[bufferSize...].allSatisfy({ $0 == 0xA5 }) else {
                FuzzFailure.report("the framing filter wrote past a buffer of \(bufferSize) bytes")
            }
            if count > 0 {
                outcome.passed += buffer[..<count]
                continue
            }
            if count == 0 || source.piece >= source.pieces.count { break }
        }
        outcome.failed = segue_framing_stream_failed(stream)
        outcome.passesThrough = segue_framing_stream_passes_through(stream)
        if stream.pointee.fault_ordinal > 0 {
            outcome.faultOrdinal = stream.pointee.fault_ordinal
            outcome.faultElement = stream.pointee.fault.element
        }
        return outcome
    }

    @discardableResult
    func check() -> String {
        let pieces = stride(from: 0, to: bytes.count, by: chunk).map { bytes[$0..<min($0 + chunk, bytes.count)] }
        let outcome = Self.run(pieces, bufferSize: bufferSize)
        guard outcome.failed else {
            guard outcome.passed.elementsEqual(bytes.prefix(outcome.passed.count)) else {
                FuzzFailure.report("an accepted stream was not handed on unchanged")
            }
            let held = bytes.count - outcome.passed.count
            guard outcome.passesThrough || held <= Int(SEGUE_FRAMING_LINE_LIMIT) else {
                FuzzFailure.report("\(held) bytes held back, more than a line")
            }
            return outcome.passesThrough ? "passed through" : "accepted, \(held) bytes held"
        }
        let again = Self.run([outcome.passed[...]], bufferSize: 32768)
        if again.failed {
            let tail = Array(" / HTTP/1.1\r\n\r\n".utf8)
            guard again.faultElement == SEGUE_FRAMING_REQUEST_LINE, again.faultOrdinal == outcome.faultOrdinal,
                outcome.passed.suffix(tail.count).elementsEqual(tail)
            else {
                FuzzFailure.report(
                    "what was handed on after a fault is not whole requests: "
                        + String(decoding: outcome.passed.suffix(200), as: UTF8.self))
            }
        }
        return "fault in request \(outcome.faultOrdinal)"
    }
}
