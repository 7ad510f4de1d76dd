// Segue's request framing filter: checks the bytes libmicrohttpd reads from a client against
// the request syntax of RFC 9112 before libmicrohttpd parses them, for the faults its 0.9.75
// parser lets through (a NUL in a request line or field, obsolete line folding, whitespace in
// or after a field name, chunk sizes and extensions it waits on or answers with its own HTML).
//
// Why below libmicrohttpd: it hands the application NUL-terminated strings, so a raw NUL cuts a
// path or value short unseen, it joins folded lines before anyone sees them, and it parses the
// chunked coding itself. Sources/CFramingInterposer interposes `recv` for the sockets
// libmicrohttpd reads and reads each through `segue_framing_read` (framing_filter.c), which
// returns what libmicrohttpd may see. On a fault it stops the stream there and completes the
// request with a few bytes of its own (the end of the line and of the head, or a last chunk),
// so that libmicrohttpd hands the request to Segue's access handler; the dispatcher then
// finds the fault (framing_interposer.h) and answers it as a problem, closing the connection.
// Nothing after the fault is read as HTTP. This part does no I/O, so tests and the fuzzer
// drive it directly.
#ifndef SEGUE_FRAMING_FILTER_H
#define SEGUE_FRAMING_FILTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/// The longest chunk-size line (the size and its extensions) the filter reads, in bytes: it
/// holds each back until it is complete, and one longer than this is a fault (RFC 9112
/// §7.1.1: a server ought to limit chunk extensions and answer a 4xx past that). Head lines
/// are handed on as they arrive.
#define SEGUE_FRAMING_LINE_LIMIT 4096
/// Bytes the filter keeps free at the end of each buffer it fills, for the completion it
/// writes after a fault.
#define SEGUE_FRAMING_RESERVE 32
/// The most bytes of a faulty line kept to quote in the answer.
#define SEGUE_FRAMING_QUOTE 64

/// Where in a request a fault is.
enum segue_framing_element {
    SEGUE_FRAMING_REQUEST_LINE = 1,
    SEGUE_FRAMING_HEADER_FIELD = 2,
    SEGUE_FRAMING_TRAILER_FIELD = 3,
    SEGUE_FRAMING_CHUNK_LINE = 4,  // a chunk-size line: size and extensions
    SEGUE_FRAMING_CHUNK_DATA = 5,  // the CRLF that must follow a chunk's data
};

/// What the fault is.
enum segue_framing_fault_kind {
    SEGUE_FRAMING_NO_FAULT = 0,
    /// A control character where none may be: NUL anywhere in a head, a CR not followed by
    /// LF (RFC 9112 §2.2), a control character in a method or target (§3). `byte` is it.
    SEGUE_FRAMING_CONTROL_BYTE = 1,
    /// A line starting with whitespace: obsolete line folding in a field section (§5.2), or
    /// whitespace before the request line or the first field (§2.2).
    SEGUE_FRAMING_LEADING_WHITESPACE = 2,
    /// Whitespace inside a field name or between it and the colon (§5.1: 400).
    SEGUE_FRAMING_NAME_WHITESPACE = 3,
    /// A byte that is not a token character in a method or field name (RFC 9110 §5.1, §9.1).
    SEGUE_FRAMING_TOKEN_BYTE = 4,
    /// A field line without a colon.
    SEGUE_FRAMING_MISSING_COLON = 5,
    /// A field line starting with its colon.
    SEGUE_FRAMING_EMPTY_NAME = 6,
    /// A request line that is not method SP target SP version (§3): a missing part, or
    /// whitespace too many.
    SEGUE_FRAMING_REQUEST_LINE_SHAPE = 7,
    /// A version that is not `HTTP/` digit `.` digit (§2.3).
    SEGUE_FRAMING_VERSION_SYNTAX = 8,
    /// A chunk size that is not a hexadecimal number, or is followed by something other than
    /// `;` or the line's end (§7.1).
    SEGUE_FRAMING_CHUNK_SIZE_SYNTAX = 9,
    /// A chunk whose size takes the body past `limit` bytes (or past 2^64).
    SEGUE_FRAMING_CHUNK_TOO_LARGE = 10,
    /// A chunk-size line longer than `limit` bytes (its extensions, §7.1.1).
    SEGUE_FRAMING_CHUNK_LINE_TOO_LONG = 11,
    /// A chunk's data not followed by CRLF (§7.1).
    SEGUE_FRAMING_CHUNK_DATA_UNTERMINATED = 12,
};

/// One fault, as the dispatcher reads it.
struct segue_framing_fault {
    enum segue_framing_fault_kind kind;
    enum segue_framing_element element;
    /// The byte at fault, where one is.
    uint8_t byte;
    /// The fault's 0-based byte offset in its line.
    uint32_t offset;
    /// For a field: its 1-based line number in its section.
    uint32_t field_line;
    /// For the two size faults: the limit passed.
    uint64_t limit;
    /// The line's first bytes, up to the fault (none when they were already passed on).
    uint8_t quote[SEGUE_FRAMING_QUOTE];
    uint32_t quote_length;
};

/// The scanner's position in the request stream; opaque to callers but for tests.
struct segue_framing_scanner {
    uint8_t state;
    bool in_trailers;
    bool line_passed;  // part of the current line was already handed on
    bool colon_seen;
    uint8_t name_candidates;
    uint8_t field_kind;
    uint8_t version_position;
    bool value_started;
    bool content_length_seen, content_length_valid;
    bool transfer_encoding_seen, chunked;
    bool value_matches;
    bool upgrade_seen;
    uint8_t match_position;
    uint32_t line_length;
    uint32_t method_length;
    uint32_t target_length;
    uint32_t field_line;
    uint32_t request_ordinal;
    uint64_t content_length;
    uint64_t remaining;
    uint64_t chunk_size;
    uint64_t chunk_total;
};

/// One connection's filter: the scanner, the line held back, and the fault found.
struct segue_framing_stream {
    struct segue_framing_scanner scanner;
    /// The largest body accepted on this connection, 0 while unknown (then the largest any
    /// server in the process accepts, `segue_framing_set_body_limit`).
    uint64_t body_limit;
    /// Requests whose head the access handler has seen (`segue_framing_request_began`).
    uint32_t heads_begun;
    /// The request the fault is in (its 1-based ordinal on the connection), 0 when none.
    uint32_t fault_ordinal;
    struct segue_framing_fault fault;
    /// Bytes handed on without scanning once the stream stops being checked (an upgrade).
    bool passthrough;
    /// The incomplete chunk-size line held back until it is complete (or a CR awaiting its LF):
    /// in `held_inline` while it fits, else in a buffer of SEGUE_FRAMING_LINE_LIMIT bytes
    /// allocated when first needed, so that a connection costs the filter about 200 bytes.
    uint8_t *held;
    uint32_t held_length;
    uint8_t held_inline[SEGUE_FRAMING_RESERVE];
};

/// Resets `stream` to the start of a connection.
void segue_framing_stream_init(struct segue_framing_stream *stream);

/// Frees what `stream` allocated (not `stream` itself).
void segue_framing_stream_release(struct segue_framing_stream *stream);

/// Filters a buffer: `buffer[0..<scanned]` are bytes held back by the previous call (already
/// scanned), `buffer[scanned..<count]` are new. Returns how many bytes from the start of
/// `buffer` to hand on, and sets `*hold` to how many bytes right after them to hold back for
/// the next call. On a fault, records it in `stream`, writes the completion into the buffer
/// after the bytes handed on (`capacity` must be at least `count + SEGUE_FRAMING_RESERVE`),
/// counts it in the return value, and returns with `*hold` 0; the stream must then end.
size_t segue_framing_filter(
    struct segue_framing_stream *stream, uint8_t *buffer, size_t scanned, size_t count, size_t capacity,
    size_t *hold);

/// Where `segue_framing_read` reads from: like `recv`, the bytes read, 0 at the end of the
/// stream, or -1 with `errno` set.
typedef ssize_t (*segue_framing_source)(void *context, uint8_t *buffer, size_t length);

/// Reads from `source` into `buffer` (`length` bytes) through the filter, as `recv` would for
/// the reader above it: the bytes it may see, 0 at the end of the stream (and after a fault,
/// once the completion is handed on), or -1 with `errno` (EAGAIN when the source has nothing
/// more and all it gave is held back). An incomplete line is held in `stream` until the rest
/// comes; the source is read until it has nothing more or something can be handed on.
ssize_t segue_framing_read(
    struct segue_framing_stream *stream, uint8_t *buffer, size_t length, segue_framing_source source, void *context);

/// Whether `stream` met a fault: it must hand on nothing more.
bool segue_framing_stream_failed(const struct segue_framing_stream *stream);

/// Whether `stream` has stopped checking (after a head with `Upgrade`).
bool segue_framing_stream_passes_through(const struct segue_framing_stream *stream);

#endif
