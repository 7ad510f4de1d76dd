// The framing filter's scanner: a byte-at-a-time state machine over a connection's request
// stream (RFC 9112), with no I/O, so that tests and the fuzzer can drive it directly.
//
// It follows libmicrohttpd 0.9.75's own framing (src/microhttpd/connection.c:
// parse_connection_headers, process_request_body) so that both agree where each request
// ends: the first Transfer-Encoding field decides (exactly `chunked`, case-insensitive, after
// leading whitespace), else the first Content-Length (decimal digits after leading
// whitespace, nothing after them); a bare LF ends a line as CRLF does, and empty lines before
// a request line are skipped (RFC 9112 §2.2 allows both). Where libmicrohttpd would refuse a
// head itself (a Content-Length it cannot parse, a transfer coding it does not know), or the
// head asks for an upgrade, the filter stops checking and passes the rest on as it is.
//
// Cost: head and chunk-size lines are scanned byte by byte; a body framed by Content-Length
// and a chunk's data are skipped by their length, never looked at.
#include "framing_filter.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum state {
    S_REQUEST_START,  // before a request line; empty lines skipped
    S_REQUEST_START_CR,
    S_METHOD,
    S_TARGET_START,
    S_TARGET,
    S_VERSION,
    S_REQUEST_LINE_CR,
    S_FIELD_START,  // the start of a field line, or of the empty line ending the section
    S_NAME,
    S_VALUE,
    S_VALUE_CR,
    S_SECTION_END_CR,
    S_BODY,  // Content-Length bytes to skip
    S_CHUNK_SIZE_START,
    S_CHUNK_SIZE,
    S_CHUNK_EXTENSION,
    S_CHUNK_LINE_CR,
    S_CHUNK_DATA,
    S_CHUNK_DATA_END,
    S_CHUNK_DATA_CR,
    S_FAILED,
};

enum field_kind {
    F_OTHER = 0,
    F_CONTENT_LENGTH = 1,
    F_TRANSFER_ENCODING = 2,
    F_UPGRADE = 4,
};

static const char *const field_names[] = {"content-length", "transfer-encoding", "upgrade"};
static const uint8_t field_name_lengths[] = {14, 17, 7};
static const char chunked[] = "chunked";

/// RFC 9110 §5.6.2: tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." /
/// "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA; as a bit per byte.
static const uint64_t tchar_bits[4] = {
    0x03FF6CFA00000000ull,  // ! # $ % & ' * + - . 0-9
    0x57FFFFFFC7FFFFFEull,  // A-Z ^ _ ` a-z | ~
    0, 0,
};

static bool is_tchar(uint8_t c) { return (tchar_bits[c >> 6] >> (c & 63)) & 1; }

static bool is_control(uint8_t c) { return c < 0x20 || c == 0x7F; }

static int hex_value(uint8_t c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static uint8_t lower(uint8_t c) { return (c >= 'A' && c <= 'Z') ? (uint8_t)(c + 32) : c; }

void segue_framing_stream_init(struct segue_framing_stream *stream) {
    memset(stream, 0, sizeof *stream);
    stream->scanner.state = S_REQUEST_START;
    stream->held = stream->held_inline;
}

void segue_framing_stream_release(struct segue_framing_stream *stream) {
    if (stream->held != stream->held_inline) free(stream->held);
    stream->held = stream->held_inline;
    stream->held_length = 0;
}

bool segue_framing_stream_failed(const struct segue_framing_stream *stream) {
    return stream->scanner.state == S_FAILED;
}

bool segue_framing_stream_passes_through(const struct segue_framing_stream *stream) {
    return stream->passthrough;
}

static enum segue_framing_element element_of(const struct segue_framing_scanner *s) {
    switch (s->state) {
    case S_REQUEST_START: case S_REQUEST_START_CR: case S_METHOD: case S_TARGET_START: case S_TARGET:
    case S_VERSION: case S_REQUEST_LINE_CR:
        return SEGUE_FRAMING_REQUEST_LINE;
    case S_CHUNK_SIZE_START: case S_CHUNK_SIZE: case S_CHUNK_EXTENSION: case S_CHUNK_LINE_CR:
        return SEGUE_FRAMING_CHUNK_LINE;
    case S_CHUNK_DATA_END: case S_CHUNK_DATA_CR:
        return SEGUE_FRAMING_CHUNK_DATA;
    default:
        return s->in_trailers ? SEGUE_FRAMING_TRAILER_FIELD : SEGUE_FRAMING_HEADER_FIELD;
    }
}

/// Whether the scanner is inside a line that it may hold back until complete.
static bool in_line(const struct segue_framing_scanner *s) {
    switch (s->state) {
    case S_REQUEST_START: case S_FIELD_START: case S_BODY: case S_CHUNK_SIZE_START: case S_CHUNK_DATA:
    case S_CHUNK_DATA_END: case S_FAILED:
        return false;
    default:
        return true;
    }
}

static void end_line(struct segue_framing_scanner *s) {
    s->line_length = 0;
    s->line_passed = false;
}

/// Records a fault at `buffer[at]`, `offset` bytes into its line, and writes the completion
/// that ends the request there (see the header). Returns how many bytes to hand on.
static size_t fault(
    struct segue_framing_stream *stream, uint8_t *buffer, size_t at, uint32_t offset,
    enum segue_framing_fault_kind kind, uint8_t byte, uint64_t limit) {
    struct segue_framing_scanner *s = &stream->scanner;
    struct segue_framing_fault *f = &stream->fault;
    memset(f, 0, sizeof *f);
    f->kind = kind;
    f->element = element_of(s);
    f->byte = byte;
    f->offset = offset;
    if (f->element == SEGUE_FRAMING_HEADER_FIELD || f->element == SEGUE_FRAMING_TRAILER_FIELD) {
        f->field_line = s->field_line;
    }
    f->limit = limit;
    stream->fault_ordinal = s->request_ordinal;
    // The line's start is in this buffer unless part of it was already handed on.
    size_t line_start = at - offset;
    if (!s->line_passed) {
        f->quote_length = offset < SEGUE_FRAMING_QUOTE ? offset : SEGUE_FRAMING_QUOTE;
        memcpy(f->quote, buffer + line_start, f->quote_length);
    }
    const char *completion;
    size_t position;
    switch (f->element) {
    case SEGUE_FRAMING_REQUEST_LINE:
        // libmicrohttpd takes the method up to the first space and the version after the
        // last one, so any prefix followed by " / HTTP/1.1" is a request line it accepts.
        if (s->state == S_TARGET_START) {  // keep the method
            completion = "/ HTTP/1.1\r\n\r\n";
            position = at;
        } else if (s->state == S_TARGET) {  // keep the method and the target so far
            completion = " HTTP/1.1\r\n\r\n";
            position = at;
        } else if (s->line_passed) {
            bool complete = s->state == S_REQUEST_LINE_CR || (s->state == S_VERSION && s->version_position == 8);
            completion = complete ? "\r\n\r\n" : " / HTTP/1.1\r\n\r\n";
            position = at;
        } else if (s->state == S_VERSION || s->state == S_REQUEST_LINE_CR) {
            completion = " HTTP/1.1\r\n\r\n";  // keep the method and the target
            position = line_start + s->method_length + 1 + s->target_length;
        } else {
            completion = "GET / HTTP/1.1\r\n\r\n";
            position = line_start;
        }
        break;
    case SEGUE_FRAMING_HEADER_FIELD:
    case SEGUE_FRAMING_TRAILER_FIELD:
        // Held back: end the section before the line. Partly handed on: finish it as a field
        // libmicrohttpd reads (giving a colon where none came yet), then end the section.
        if (!s->line_passed) {
            completion = "\r\n";
            position = line_start;
        } else if (!s->colon_seen) {
            completion = "_:\r\n\r\n";  // a name libmicrohttpd reads, and none it acts on
            position = at;
        } else {
            // libmicrohttpd parses the first Content-Length (and refuses the head itself if it
            // is not a number): give it a digit if none came yet.
            bool bare_length = s->field_kind == F_CONTENT_LENGTH && !s->content_length_seen && !s->value_started;
            completion = bare_length ? "0\r\n\r\n" : "\r\n\r\n";
            position = at;
        }
        break;
    case SEGUE_FRAMING_CHUNK_LINE:
        completion = "0\r\n\r\n";  // the last chunk, no trailers
        position = line_start;
        break;
    default:
        completion = "\r\n0\r\n\r\n";
        position = line_start;
        break;
    }
    size_t length = strlen(completion);
    memcpy(buffer + position, completion, length);
    s->state = S_FAILED;
    return position + length;
}

/// Starts a new request's head at its first byte.
static void begin_request(struct segue_framing_scanner *s) {
    s->request_ordinal += 1;
    s->in_trailers = false;
    s->field_line = 0;
    s->content_length_seen = s->content_length_valid = false;
    s->transfer_encoding_seen = s->chunked = false;
    s->upgrade_seen = false;
    s->content_length = 0;
    s->chunk_total = 0;
    s->method_length = s->target_length = 0;
}

/// The empty line that ends a field section: decides how the body is framed, as
/// libmicrohttpd does. Returns false when the filter stops checking.
static bool end_section(struct segue_framing_scanner *s) {
    end_line(s);
    if (s->in_trailers) {
        s->state = S_REQUEST_START;
        return true;
    }
    if (s->upgrade_seen) return false;  // the protocol may change after this request
    if (s->transfer_encoding_seen) {
        if (!s->chunked) return false;  // refused, or read to the end of the stream
        s->state = S_CHUNK_SIZE_START;
        return true;
    }
    if (s->content_length_seen) {
        if (!s->content_length_valid) return false;  // libmicrohttpd refuses it
        s->remaining = s->content_length;
        s->state = s->remaining > 0 ? S_BODY : S_REQUEST_START;
        return true;
    }
    s->state = S_REQUEST_START;
    return true;
}

/// A field line ended (its LF).
static void end_field(struct segue_framing_scanner *s) {
    if (s->field_kind == F_CONTENT_LENGTH && !s->content_length_seen) {
        s->content_length_seen = true;
        s->content_length_valid = s->content_length_valid && s->value_started;
    } else if (s->field_kind == F_TRANSFER_ENCODING && !s->transfer_encoding_seen) {
        s->transfer_encoding_seen = true;
        s->chunked = s->value_matches && s->match_position == sizeof chunked - 1;
    }
    end_line(s);
    s->state = S_FIELD_START;
}

/// A field name's byte: narrows the names it may still be.
static void match_name(struct segue_framing_scanner *s, uint8_t c) {
    for (int i = 0; i < 3; i++) {
        uint8_t bit = (uint8_t)(1 << i);
        if ((s->name_candidates & bit)
            && (s->match_position >= field_name_lengths[i] || field_names[i][s->match_position] != lower(c))) {
            s->name_candidates &= (uint8_t)~bit;
        }
    }
    s->match_position += 1;
}

/// The colon after a field name: which of the fields the filter reads this is.
static void end_name(struct segue_framing_scanner *s) {
    s->field_kind = F_OTHER;
    for (int i = 0; i < 3; i++) {
        if ((s->name_candidates & (1 << i)) && s->match_position == field_name_lengths[i]) {
            s->field_kind = (uint8_t)(1 << i);
        }
    }
    if (s->field_kind == F_CONTENT_LENGTH && !s->content_length_seen) {
        s->content_length = 0;
        s->content_length_valid = true;
    }
    if (s->field_kind == F_TRANSFER_ENCODING && !s->transfer_encoding_seen) s->value_matches = true;
    if (s->field_kind == F_UPGRADE) s->upgrade_seen = true;
    s->value_started = false;
    s->match_position = 0;
    s->colon_seen = true;
}

/// A field value's byte (not CR, LF or NUL), read for the first Content-Length and
/// Transfer-Encoding as libmicrohttpd reads them: leading spaces and tabs skipped.
static void value_byte(struct segue_framing_scanner *s, uint8_t c) {
    if (!s->value_started) {
        if (c == ' ' || c == '\t') return;
        s->value_started = true;
    }
    if (s->field_kind == F_CONTENT_LENGTH && !s->content_length_seen && s->content_length_valid) {
        if (c >= '0' && c <= '9' && s->content_length <= (UINT64_MAX - 9) / 10) {
            s->content_length = s->content_length * 10 + (uint64_t)(c - '0');
        } else {
            s->content_length_valid = false;  // libmicrohttpd answers 400 or 413 itself
        }
    } else if (s->field_kind == F_TRANSFER_ENCODING && !s->transfer_encoding_seen && s->value_matches) {
        if (s->match_position < sizeof chunked - 1 && lower(c) == (uint8_t)chunked[s->match_position]) {
            s->match_position += 1;
        } else {
            s->value_matches = false;
        }
    }
}

size_t segue_framing_filter(
    struct segue_framing_stream *stream, uint8_t *buffer, size_t scanned, size_t count, size_t capacity,
    size_t *hold) {
    struct segue_framing_scanner *s = &stream->scanner;
    *hold = 0;
    (void)capacity;  // the caller guarantees SEGUE_FRAMING_RESERVE bytes past `count`
    if (stream->passthrough || s->state == S_FAILED) return count;
    uint64_t limit = stream->body_limit ? stream->body_limit : UINT64_MAX;
    size_t i = scanned;
    while (i < count) {
        uint8_t c = buffer[i];
        uint32_t at = s->line_length;  // the byte's offset in its line
        switch (s->state) {
        case S_BODY:
        case S_CHUNK_DATA: {
            size_t available = count - i;
            size_t skip = s->remaining < available ? (size_t)s->remaining : available;
            i += skip;
            s->remaining -= skip;
            if (s->remaining == 0) s->state = s->state == S_BODY ? S_REQUEST_START : S_CHUNK_DATA_END;
            continue;
        }
        case S_REQUEST_START:
            if (c == '\n') {  // an empty line before the request line (§2.2)
                i += 1;
                continue;
            }
            if (c == '\r') {
                s->state = S_REQUEST_START_CR;
                break;
            }
            begin_request(s);
            if (c == ' ' || c == '\t') return fault(stream, buffer, i, at, SEGUE_FRAMING_LEADING_WHITESPACE, c, 0);
            if (!is_tchar(c)) {
                return fault(
                    stream, buffer, i, at, is_control(c) ? SEGUE_FRAMING_CONTROL_BYTE : SEGUE_FRAMING_TOKEN_BYTE, c, 0);
            }
            s->state = S_METHOD;
            break;
        case S_REQUEST_START_CR:
            if (c == '\n') {
                s->state = S_REQUEST_START;
                end_line(s);
                i += 1;
                continue;
            }
            begin_request(s);
            return fault(stream, buffer, i - 1, 0, SEGUE_FRAMING_CONTROL_BYTE, '\r', 0);
        case S_METHOD:
            if (is_tchar(c)) break;
            if (c == ' ') {
                s->method_length = at;
                s->state = S_TARGET_START;
                break;
            }
            if (c == '\r' || c == '\n' || c == '\t') {
                return fault(stream, buffer, i, at, SEGUE_FRAMING_REQUEST_LINE_SHAPE, c, 0);
            }
            return fault(
                stream, buffer, i, at, is_control(c) ? SEGUE_FRAMING_CONTROL_BYTE : SEGUE_FRAMING_TOKEN_BYTE, c, 0);
        case S_TARGET_START:
        case S_TARGET:
            if (s->state == S_TARGET && c > ' ' && c != 0x7F) {  // the run of target bytes at once
                size_t end = i + 1;
                while (end < count && buffer[end] > ' ' && buffer[end] != 0x7F) end++;
                s->target_length += (uint32_t)(end - i);
                s->line_length += (uint32_t)(end - i);
                i = end;
                continue;
            }
            if (c == ' ' && s->state == S_TARGET) {
                s->state = S_VERSION;
                s->version_position = 0;
                break;
            }
            if (c == ' ' || c == '\r' || c == '\n') {
                return fault(stream, buffer, i, at, SEGUE_FRAMING_REQUEST_LINE_SHAPE, c, 0);
            }
            if (is_control(c)) return fault(stream, buffer, i, at, SEGUE_FRAMING_CONTROL_BYTE, c, 0);
            s->state = S_TARGET;
            s->target_length += 1;
            break;
        case S_VERSION: {
            static const char http[] = "HTTP/";
            uint8_t p = s->version_position;
            if (p == 8) {
                if (c == '\r') {
                    s->state = S_REQUEST_LINE_CR;
                    break;
                }
                if (c == '\n') {
                    end_line(s);
                    s->state = S_FIELD_START;
                    i += 1;
                    continue;
                }
            } else if ((p < 5 && c == (uint8_t)http[p]) || ((p == 5 || p == 7) && c >= '0' && c <= '9')
                || (p == 6 && c == '.')) {
                s->version_position += 1;
                break;
            }
            if (c == 0) return fault(stream, buffer, i, at, SEGUE_FRAMING_CONTROL_BYTE, c, 0);
            return fault(
                stream, buffer, i, at, c == ' ' ? SEGUE_FRAMING_REQUEST_LINE_SHAPE : SEGUE_FRAMING_VERSION_SYNTAX,
                c, 0);
        }
        case S_REQUEST_LINE_CR:
        case S_VALUE_CR:
        case S_SECTION_END_CR:
        case S_CHUNK_LINE_CR:
            if (c != '\n') {  // a bare CR (§2.2)
                s->line_length -= 1;
                return fault(stream, buffer, i - 1, at - 1, SEGUE_FRAMING_CONTROL_BYTE, '\r', 0);
            }
            if (s->state == S_REQUEST_LINE_CR) {
                end_line(s);
                s->state = S_FIELD_START;
            } else if (s->state == S_VALUE_CR) {
                end_field(s);
            } else if (s->state == S_SECTION_END_CR) {
                if (!end_section(s)) {
                    stream->passthrough = true;
                    return count;
                }
            } else {
                goto chunk_line_end;
            }
            i += 1;
            continue;
        case S_FIELD_START:
            if (c == '\r') {
                s->state = S_SECTION_END_CR;
                break;
            }
            if (c == '\n') {
                if (!end_section(s)) {
                    stream->passthrough = true;
                    return count;
                }
                i += 1;
                continue;
            }
            s->field_line += 1;
            s->colon_seen = false;
            if (c == ' ' || c == '\t') return fault(stream, buffer, i, at, SEGUE_FRAMING_LEADING_WHITESPACE, c, 0);
            if (c == ':') return fault(stream, buffer, i, at, SEGUE_FRAMING_EMPTY_NAME, c, 0);
            if (!is_tchar(c)) {
                return fault(
                    stream, buffer, i, at, is_control(c) ? SEGUE_FRAMING_CONTROL_BYTE : SEGUE_FRAMING_TOKEN_BYTE, c, 0);
            }
            s->name_candidates = s->in_trailers ? 0 : (F_CONTENT_LENGTH | F_TRANSFER_ENCODING | F_UPGRADE);
            s->match_position = 0;
            match_name(s, c);
            s->state = S_NAME;
            break;
        case S_NAME:
            if (is_tchar(c)) {
                if (s->name_candidates != 0) {
                    match_name(s, c);
                    break;
                }
                size_t end = i + 1;  // a name the filter does not read: its run at once
                while (end < count && is_tchar(buffer[end])) end++;
                s->line_length += (uint32_t)(end - i);
                i = end;
                continue;
            }
            if (c == ':') {
                end_name(s);
                s->state = S_VALUE;
                break;
            }
            if (c == ' ' || c == '\t') return fault(stream, buffer, i, at, SEGUE_FRAMING_NAME_WHITESPACE, c, 0);
            if (c == '\r' || c == '\n') return fault(stream, buffer, i, at, SEGUE_FRAMING_MISSING_COLON, c, 0);
            return fault(
                stream, buffer, i, at, is_control(c) ? SEGUE_FRAMING_CONTROL_BYTE : SEGUE_FRAMING_TOKEN_BYTE, c, 0);
        case S_VALUE:
            if (s->field_kind == F_OTHER && c > '\r') {  // a value Segue's framing ignores: its run at once
                size_t end = i + 1;
                while (end < count && buffer[end] != '\r' && buffer[end] != '\n' && buffer[end] != 0) end++;
                s->line_length += (uint32_t)(end - i);
                s->value_started = true;
                i = end;
                continue;
            }
            if (c == '\r') {
                s->state = S_VALUE_CR;
                break;
            }
            if (c == '\n') {
                end_field(s);
                i += 1;
                continue;
            }
            if (c == 0) return fault(stream, buffer, i, at, SEGUE_FRAMING_CONTROL_BYTE, c, 0);
            value_byte(s, c);
            break;
        case S_CHUNK_SIZE_START:
        case S_CHUNK_SIZE: {
            int digit = hex_value(c);
            if (digit >= 0) {
                if (s->state == S_CHUNK_SIZE_START) s->chunk_size = 0;
                // The running total never passes the limit, so `allowed` does not wrap.
                uint64_t allowed = limit - s->chunk_total;
                if (s->chunk_size > (UINT64_MAX >> 4) || s->chunk_size * 16 + (uint64_t)digit > allowed) {
                    return fault(stream, buffer, i, at, SEGUE_FRAMING_CHUNK_TOO_LARGE, c, limit);
                }
                s->chunk_size = s->chunk_size * 16 + (uint64_t)digit;
                s->state = S_CHUNK_SIZE;
                break;
            }
            if (s->state == S_CHUNK_SIZE) {
                if (c == ';') {
                    s->state = S_CHUNK_EXTENSION;
                    break;
                }
                if (c == '\r') {
                    s->state = S_CHUNK_LINE_CR;
                    break;
                }
                if (c == '\n') goto chunk_line_end;
            }
            return fault(stream, buffer, i, at, SEGUE_FRAMING_CHUNK_SIZE_SYNTAX, c, 0);
        }
        case S_CHUNK_EXTENSION:
            if (c == '\r') {
                s->state = S_CHUNK_LINE_CR;
                break;
            }
            if (c == '\n') goto chunk_line_end;
            if (c == 0) return fault(stream, buffer, i, at, SEGUE_FRAMING_CONTROL_BYTE, c, 0);
            break;
        case S_CHUNK_DATA_END:
            if (c == '\r') {
                s->state = S_CHUNK_DATA_CR;
                break;
            }
            if (c == '\n') {
                end_line(s);
                s->state = S_CHUNK_SIZE_START;
                i += 1;
                continue;
            }
            return fault(stream, buffer, i, at, SEGUE_FRAMING_CHUNK_DATA_UNTERMINATED, c, 0);
        case S_CHUNK_DATA_CR:
            if (c == '\n') {
                end_line(s);
                s->state = S_CHUNK_SIZE_START;
                i += 1;
                continue;
            }
            s->line_length -= 1;
            return fault(stream, buffer, i - 1, at - 1, SEGUE_FRAMING_CHUNK_DATA_UNTERMINATED, '\r', 0);
        default:
            return count;
        }
        // The byte belongs to the current line.
        s->line_length += 1;
        if (s->line_length > SEGUE_FRAMING_LINE_LIMIT && element_of(s) == SEGUE_FRAMING_CHUNK_LINE) {
            s->line_length -= 1;
            return fault(
                stream, buffer, i, SEGUE_FRAMING_LINE_LIMIT, SEGUE_FRAMING_CHUNK_LINE_TOO_LONG, c,
                SEGUE_FRAMING_LINE_LIMIT);
        }
        i += 1;
        continue;
    chunk_line_end:
        end_line(s);
        if (s->chunk_size == 0) {
            s->in_trailers = true;
            s->field_line = 0;
            s->state = S_FIELD_START;
        } else {
            s->chunk_total += s->chunk_size;
            s->remaining = s->chunk_size;
            s->chunk_size = 0;
            s->state = S_CHUNK_DATA;
        }
        i += 1;
    }
    // The end of the buffer. A chunk-size line is held back until it is complete: once part of
    // one is handed on, no completion could end the body. A head line is handed on as it comes,
    // so that libmicrohttpd sees a trickled head make progress as it did without the filter
    // (0.9.75 polls an idle connection with a timeout in whole seconds, `tv_sec * 1000` in
    // thread_main_handle_connection, so one that sees no byte spins through its last second);
    // only a CR at its end is held, so that what was handed on never ends in one.
    if (!in_line(s)) return count;
    if (element_of(s) == SEGUE_FRAMING_CHUNK_LINE || s->state == S_CHUNK_DATA_CR) {
        *hold = s->line_length;
        return count - s->line_length;
    }
    bool at_cr = s->state == S_REQUEST_START_CR || s->state == S_REQUEST_LINE_CR || s->state == S_VALUE_CR
        || s->state == S_SECTION_END_CR;
    if (s->line_length > (at_cr ? 1u : 0u)) s->line_passed = true;
    *hold = at_cr ? 1 : 0;
    return count - *hold;
}

/// Hands on what is held back, unchecked (once the stream is no longer filtered).
static ssize_t release_held(struct segue_framing_stream *stream, uint8_t *buffer, size_t length) {
    size_t count = stream->held_length < length ? stream->held_length : length;
    memcpy(buffer, stream->held, count);
    memmove(stream->held, stream->held + count, stream->held_length - count);
    stream->held_length -= (uint32_t)count;
    return (ssize_t)count;
}

/// Holds `count` bytes back for the next read; false when there is no memory for them.
static bool keep(struct segue_framing_stream *stream, const uint8_t *bytes, size_t count) {
    if (count > sizeof stream->held_inline && stream->held == stream->held_inline) {
        uint8_t *buffer = malloc(SEGUE_FRAMING_LINE_LIMIT);
        if (buffer == NULL) return false;
        stream->held = buffer;
    }
    memcpy(stream->held, bytes, count);
    stream->held_length = (uint32_t)count;
    return true;
}

ssize_t segue_framing_read(
    struct segue_framing_stream *stream, uint8_t *buffer, size_t length, segue_framing_source source, void *context) {
    if (segue_framing_stream_failed(stream)) return 0;  // nothing after a fault is read as HTTP
    if (stream->passthrough) {
        return stream->held_length > 0 ? release_held(stream, buffer, length) : source(context, buffer, length);
    }
    size_t count = stream->held_length;
    size_t scanned = count;
    // The reader's buffer is this full only while libmicrohttpd holds a head line of tens of
    // kilobytes (its read buffer starts at half its 64 KiB pool), past Segue's 16 KiB head cap,
    // so the request is refused and the connection closed whatever follows: stop checking
    // rather than cut the line.
    if (length < count + SEGUE_FRAMING_RESERVE + 1) {
        stream->passthrough = true;
        return count > 0 ? release_held(stream, buffer, length) : source(context, buffer, length);
    }
    memcpy(buffer, stream->held, count);
    stream->held_length = 0;
    for (;;) {
        ssize_t received = source(context, buffer + count, length - count - SEGUE_FRAMING_RESERVE);
        if (received <= 0) {
            int error = errno;
            // All of it held back: keep it for the next read (with no memory for that, which
            // only a line over SEGUE_FRAMING_RESERVE bytes needs, hand it on unchecked).
            if (!keep(stream, buffer, count)) {
                stream->passthrough = true;
                return (ssize_t)count;
            }
            errno = error;
            return received;
        }
        count += (size_t)received;
        size_t hold = 0;
        size_t pass = segue_framing_filter(stream, buffer, scanned, count, length, &hold);
        if (pass > 0) {
            if (!keep(stream, buffer + pass, hold)) {
                stream->passthrough = true;
                return (ssize_t)count;
            }
            return (ssize_t)pass;
        }
        // Only an incomplete line so far: read on, so that an empty socket answers EAGAIN
        // (libmicrohttpd's epoll mode waits for the next edge only after EAGAIN).
        scanned = count;
        if (length < count + SEGUE_FRAMING_RESERVE + 1) {
            stream->passthrough = true;
            return (ssize_t)count;
        }
    }
}
