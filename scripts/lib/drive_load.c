/* drive_load: the load client of `scripts/load-drive --client c`.
 *
 * Usage: drive_load PORT SESSIONS RATE SECONDS SEED
 *
 * Does what load-drive's RawSession/raw_worker do, in C, so that hundreds of sessions cost the
 * machine almost nothing and the server's latency is not the client's: opens SESSIONS live drive
 * sessions on 127.0.0.1:PORT (GET /v1/drive, RFC 6455), sends each a `start` for
 * instagram.pop.interactive, then RATE samples per second for SECONDS seconds (the same wandering
 * drag as RawSession, with Python's random.Random(SEED + i) reproduced bit for bit, so the very
 * same samples), each session's samples spread over the sample period; answers pings; reads and
 * counts `frames` messages; records, for each sample that lands on a frame time, the time from
 * its send to the next `frames` message; and ends each session on `settled`, an `error`, a close
 * or a socket error.
 *
 * Prints one JSON object per session on stdout, one a line, with RawSession's result keys:
 * {"latencies":[s,...],"errors":[...],"frames":N,"messages":N,"outcome":"served|refused|dropped|
 * failed","detail":"..."}. load-drive aggregates them as it aggregates the raw client's.
 *
 * One thread, one epoll loop, no allocation per message once a session's buffers have grown.
 * Frames from the server are parsed with every length checked against what was read, and a frame
 * past MAX_MESSAGE ends its session rather than the process: a broken server must show up as
 * failed sessions, never as a crash of the client.
 *
 * Build: gcc -O2 -Wall -Wextra -o drive_load drive_load.c (load-drive does, on demand).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#define PRESET "instagram.pop.interactive"
#define FRAME_RATE 60.0
/* A message larger than this ends the session (the server's largest, a 14 MB settle, fits). */
#define MAX_MESSAGE ((uint64_t)64 << 20)
/* The handshake's answer must fit in this; libmicrohttpd's is about 200 bytes. */
#define MAX_HEAD 8192
#define MAX_EVENTS 256

/* ------------------------------------------------------------------ Python's random, exactly */

/* MT19937 seeded as CPython's random.Random(n) seeds it for 0 <= n < 2**32 (init_by_array with
 * the one 32-bit word n), and random() as CPython makes a double of two outputs (53 bits). With
 * it the C client sends the very samples RawSession sends, so the two clients' figures compare. */
typedef struct {
    uint32_t state[624];
    int next;
} Twister;

static void twister_seed(Twister *t, uint32_t seed) {
    uint32_t *mt = t->state;
    mt[0] = 19650218u;
    for (int i = 1; i < 624; i++)
        mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + (uint32_t)i;
    int i = 1;
    for (int k = 624; k > 0; k--) {  /* init_by_array with key = {seed}, key_length 1 */
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + seed;
        if (++i >= 624) { mt[0] = mt[623]; i = 1; }
    }
    for (int k = 623; k > 0; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        if (++i >= 624) { mt[0] = mt[623]; i = 1; }
    }
    mt[0] = 0x80000000u;
    t->next = 624;
}

static uint32_t twister_next(Twister *t) {
    uint32_t *mt = t->state;
    if (t->next >= 624) {
        for (int k = 0; k < 624; k++) {
            uint32_t y = (mt[k] & 0x80000000u) | (mt[(k + 1) % 624] & 0x7fffffffu);
            mt[k] = mt[(k + 397) % 624] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
        }
        t->next = 0;
    }
    uint32_t y = mt[t->next++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

/* random.Random.uniform(a, b): a + (b - a) * random(). */
static double twister_uniform(Twister *t, double a, double b) {
    uint32_t high = twister_next(t) >> 5, low = twister_next(t) >> 6;
    double random = (high * 67108864.0 + low) * (1.0 / 9007199254740992.0);
    return a + (b - a) * random;
}

/* Masking keys and handshake keys: RFC 6455 wants them unpredictable to intermediaries; a
 * xorshift seeded from the clock is plenty on loopback and costs nothing per frame. */
static uint64_t noise_state;

static uint32_t noise(void) {
    noise_state ^= noise_state << 13;
    noise_state ^= noise_state >> 7;
    noise_state ^= noise_state << 17;
    return (uint32_t)(noise_state >> 16);
}

/* ------------------------------------------------------------------------------ buffers */

/* Bytes in data[start, end) of cap; grows by doubling, compacts before growing. */
typedef struct {
    unsigned char *data;
    size_t start, end, cap;
} Buffer;

static size_t buffer_length(const Buffer *b) { return b->end - b->start; }

/* Room for `more` bytes after end. Exits on out-of-memory: the figures would be meaningless. */
static void buffer_reserve(Buffer *b, size_t more) {
    if (b->cap - b->end >= more) return;
    if (b->start > 0) {  /* move what is left to the front first: usually that is room enough */
        memmove(b->data, b->data + b->start, buffer_length(b));
        b->end -= b->start;
        b->start = 0;
        if (b->cap - b->end >= more) return;
    }
    size_t cap = b->cap ? b->cap : 256;
    while (cap - b->end < more) cap *= 2;
    unsigned char *data = realloc(b->data, cap);
    if (!data) { fprintf(stderr, "drive_load: out of memory\n"); exit(2); }
    b->data = data;
    b->cap = cap;
}

static void buffer_append(Buffer *b, const void *bytes, size_t length) {
    if (length == 0) return;  /* an empty buffer's data is NULL, which memcpy may not be given */
    buffer_reserve(b, length);
    memcpy(b->data + b->end, bytes, length);
    b->end += length;
}

static void buffer_consume(Buffer *b, size_t length) {
    b->start += length;
    if (b->start == b->end) b->start = b->end = 0;
}

static void buffer_write(const Buffer *b, FILE *out) {
    if (buffer_length(b) > 0) fwrite(b->data + b->start, 1, buffer_length(b), out);
}

static void buffer_free(Buffer *b) {
    free(b->data);
    *b = (Buffer){0};
}

/* ------------------------------------------------------------------------------ sessions */

typedef struct {
    int fd;
    Twister rng;
    double x, y;
    long index;               /* the next sample's index */
    Buffer in;                /* read, not yet parsed */
    Buffer out;               /* to write: frames queued while the socket was full */
    Buffer message;           /* the fragments of a message not yet whole */
    int message_opcode;       /* its opcode, or -1 when none is under way */
    bool writing;             /* registered for EPOLLOUT */
    double *sent_at;          /* FIFO of send times of samples on frame times: [sent_head, sent_tail) */
    size_t sent_head, sent_tail;
    double *latencies;        /* one per `frames` message that found a send time waiting */
    size_t latency_count;
    long frames, messages;
    Buffer errors;            /* the `errors` list's items, JSON-escaped, comma-separated */
    size_t error_count;
    char first_error[128];
    bool settled, closed;
    const char *outcome;
    char detail[200];
} Session;

static int epoll_fd = -1;
static long open_sessions;
static long sample_count;     /* samples per session: int(SECONDS * RATE), as RawSession */
static long per_frame;        /* a send time is kept for every per_frame-th sample */
static double step;           /* seconds between a session's samples */

static double monotonic(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec + now.tv_nsec * 1e-9;
}

/* RawSession.finish: how the session went, then the socket closed. */
static void finish(Session *s, const char *detail) {
    if (s->closed) return;
    s->closed = true;
    if (s->settled && s->error_count == 0) {
        s->outcome = "served";
    } else if (s->error_count > 0) {
        s->outcome = "failed";
        snprintf(s->detail, sizeof s->detail, "error: %s", s->first_error);
    } else {
        s->outcome = "dropped";
        snprintf(s->detail, sizeof s->detail, "%s", detail);
    }
    if (s->fd >= 0) {
        epoll_ctl(epoll_fd, EPOLL_CTL_DEL, s->fd, NULL);
        close(s->fd);
        s->fd = -1;
        open_sessions--;
    }
    buffer_free(&s->in);
    buffer_free(&s->out);
    buffer_free(&s->message);
}

/* Writes what is queued; asks epoll for EPOLLOUT while some is left, and stops asking after. */
static void flush(Session *s) {
    while (buffer_length(&s->out) > 0) {
        ssize_t written = send(s->fd, s->out.data + s->out.start, buffer_length(&s->out), MSG_NOSIGNAL);
        if (written < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK) break;
            char detail[96];
            snprintf(detail, sizeof detail, "socket error %s", strerror(errno));
            finish(s, detail);
            return;
        }
        buffer_consume(&s->out, (size_t)written);
    }
    bool want = buffer_length(&s->out) > 0;
    if (want != s->writing) {
        struct epoll_event event = {.events = EPOLLIN | (want ? EPOLLOUT : 0), .data.ptr = s};
        epoll_ctl(epoll_fd, EPOLL_CTL_MOD, s->fd, &event);
        s->writing = want;
    }
}

/* Queues one client frame, FIN set, masked with a fresh key (RFC 6455 §5.3: a client masks
 * every frame), and writes it if the socket takes it. */
static void send_frame(Session *s, int opcode, const unsigned char *payload, size_t length) {
    unsigned char header[14];
    size_t size = 0;
    header[size++] = (unsigned char)(0x80 | opcode);
    if (length < 126) {
        header[size++] = (unsigned char)(0x80 | length);
    } else if (length <= 0xFFFF) {
        header[size++] = 0x80 | 126;
        header[size++] = (unsigned char)(length >> 8);
        header[size++] = (unsigned char)length;
    } else {
        header[size++] = 0x80 | 127;
        for (int shift = 56; shift >= 0; shift -= 8) header[size++] = (unsigned char)((uint64_t)length >> shift);
    }
    uint32_t key = noise();
    unsigned char mask[4] = {key >> 24, key >> 16, key >> 8, key};
    memcpy(header + size, mask, 4);
    size += 4;
    buffer_append(&s->out, header, size);
    buffer_reserve(&s->out, length);
    unsigned char *to = s->out.data + s->out.end;
    for (size_t i = 0; i < length; i++) to[i] = payload[i] ^ mask[i & 3];
    s->out.end += length;
    flush(s);
}

/* A number as Python's json.dumps writes round(value, places): no trailing zeros, but one digit
 * after the point ("30.0"), so that messages have RawSession's sizes. printf rounds the exact
 * binary value half to even, as round() does. */
static void format_number(char *out, size_t size, double value, int places) {
    int length = snprintf(out, size, "%.*f", places, value);
    if (length <= 0 || (size_t)length >= size) return;
    while (length > 2 && out[length - 1] == '0' && out[length - 2] != '.') out[--length] = '\0';
}

/* RawSession.next_sample: the next point of the wandering drag, in its own `samples` message. */
static void next_sample(Session *s) {
    long index = s->index++;
    const char *phase = index == 0 ? "began" : (index == sample_count - 1 ? "ended" : "changed");
    s->x += 300.0 / sample_count + twister_uniform(&s->rng, -2, 2);
    s->y += twister_uniform(&s->rng, -2, 2);
    char t[48], x[48], y[48], message[256];
    format_number(t, sizeof t, index * step, 6);
    format_number(x, sizeof x, s->x, 3);
    format_number(y, sizeof y, s->y, 3);
    int length = snprintf(message, sizeof message,
                          "{\"type\":\"samples\",\"samples\":[{\"t\":%s,\"x\":%s,\"y\":%s,\"phase\":\"%s\"}]}",
                          t, x, y, phase);
    if (length < 0 || (size_t)length >= sizeof message) return;  /* cannot happen: each number is under 48 bytes */
    if (index % per_frame == 0 && strcmp(phase, "ended") != 0) s->sent_at[s->sent_tail++] = monotonic();
    send_frame(s, 0x1, (const unsigned char *)message, (size_t)length);
}

/* Appends `length` bytes to `out` as the inside of a JSON string. Bytes from 0x80 up pass as they
 * are: load-drive decodes the output as UTF-8 with replacement, as RawSession decodes errors. */
static void escape_json(Buffer *out, const unsigned char *bytes, size_t length) {
    for (size_t i = 0; i < length; i++) {
        unsigned char c = bytes[i];
        if (c == '"' || c == '\\') {
            unsigned char pair[2] = {'\\', c};
            buffer_append(out, pair, 2);
        } else if (c < 0x20) {
            char code[8];
            snprintf(code, sizeof code, "\\u%04x", c);
            buffer_append(out, code, 6);
        } else {
            buffer_append(out, &c, 1);
        }
    }
}

static size_t count_occurrences(const unsigned char *haystack, size_t length, const char *needle) {
    size_t count = 0, size = strlen(needle);
    const unsigned char *at = haystack, *end = haystack + length;
    while ((at = memmem(at, (size_t)(end - at), needle, size)) != NULL) {
        count++;
        at += size;
    }
    return count;
}

/* A whole text message, told apart as RawSession does by a look at its first 24 bytes (the
 * `type` comes first in every server message). Returns false once the session has ended. */
static bool text_message(Session *s, const unsigned char *payload, size_t length, double now) {
    s->messages++;
    size_t head = length < 24 ? length : 24;
    if (memmem(payload, head, "\"frames\"", 8)) {
        s->frames += (long)count_occurrences(payload, length, "{\"time\":");
        if (s->sent_head < s->sent_tail) s->latencies[s->latency_count++] = now - s->sent_at[s->sent_head++];
    } else if (memmem(payload, head, "\"settled\"", 9)) {
        s->settled = true;
        /* Say goodbye (close 1000) as a polite client does, best effort, then go. */
        unsigned char code[2] = {1000 >> 8, 1000 & 0xFF};
        send_frame(s, 0x8, code, 2);
        finish(s, "");
        return false;
    } else if (memmem(payload, head, "\"error\"", 7)) {
        size_t part = length < 120 ? length : 120;
        if (s->error_count == 0) {
            size_t i = 0;
            for (; i < part && i < sizeof s->first_error - 1; i++)
                s->first_error[i] = payload[i] >= 0x20 && payload[i] < 0x7F ? (char)payload[i] : '?';
            s->first_error[i] = '\0';
        }
        if (s->error_count++ > 0) buffer_append(&s->errors, ",", 1);
        buffer_append(&s->errors, "\"", 1);
        escape_json(&s->errors, payload, part);
        buffer_append(&s->errors, "\"", 1);
    }
    return true;
}

/* Parses every whole frame in s->in. Each length is checked against the bytes read before the
 * bytes are touched; anything RFC 6455 forbids a server to send ends the session as dropped,
 * with what it was. Returns false once the session has ended. */
static bool parse_frames(Session *s, double now) {
    while (!s->closed && buffer_length(&s->in) >= 2) {
        const unsigned char *data = s->in.data + s->in.start;
        size_t available = buffer_length(&s->in);
        bool fin = data[0] & 0x80;
        int opcode = data[0] & 0x0F;
        uint64_t length = data[1] & 0x7F;
        size_t header = 2;
        char detail[120];
        if (data[0] & 0x70) { finish(s, "a frame with reserved bits set (no extension was agreed)"); return false; }
        if (data[1] & 0x80) { finish(s, "a masked frame from the server (RFC 6455 §5.1)"); return false; }
        if (length == 126) {
            if (available < 4) return true;
            length = (uint64_t)data[2] << 8 | data[3];
            header = 4;
        } else if (length == 127) {
            if (available < 10) return true;
            length = 0;
            for (int i = 2; i < 10; i++) length = length << 8 | data[i];
            header = 10;
        }
        if (length > MAX_MESSAGE) {
            snprintf(detail, sizeof detail, "a frame of %llu bytes, past the client's %llu",
                     (unsigned long long)length, (unsigned long long)MAX_MESSAGE);
            finish(s, detail);
            return false;
        }
        if (available - header < length) {  /* not all here yet: make room for the rest, read on */
            buffer_reserve(&s->in, header + (size_t)length - available);
            return true;
        }
        const unsigned char *payload = data + header;
        size_t size = (size_t)length;
        if (opcode >= 0x8) {  /* control frames: whole and short (RFC 6455 §5.5) */
            if (!fin || size > 125) { finish(s, "a control frame fragmented or over 125 bytes"); return false; }
            if (opcode == 0x9) {
                send_frame(s, 0xA, payload, size);  /* the pong carries the ping's payload */
            } else if (opcode == 0x8) {
                int code = size >= 2 ? payload[0] << 8 | payload[1] : 1005;
                char reason[81];
                size_t n = 0;
                for (size_t i = 2; i < size && n < 80; i++)
                    reason[n++] = payload[i] >= 0x20 && payload[i] < 0x7F && payload[i] != '\'' ? (char)payload[i] : '?';
                reason[n] = '\0';
                snprintf(detail, sizeof detail, "closed %d '%s'", code, reason);
                finish(s, detail);
                return false;
            } else if (opcode != 0xA) {
                snprintf(detail, sizeof detail, "a frame of reserved opcode 0x%X", opcode);
                finish(s, detail);
                return false;
            }
        } else if (opcode == 0x0) {  /* a continuation: Segue never fragments, but it may */
            if (s->message_opcode < 0) { finish(s, "a continuation frame with no message to continue"); return false; }
            if (buffer_length(&s->message) + size > MAX_MESSAGE) { finish(s, "a fragmented message past the client's cap"); return false; }
            buffer_append(&s->message, payload, size);
            if (fin) {
                int whole = s->message_opcode;
                s->message_opcode = -1;
                /* text_message may end the session, which frees s->message: return at once then */
                if (whole == 0x1 && !text_message(s, s->message.data + s->message.start, buffer_length(&s->message), now))
                    return false;
                buffer_consume(&s->message, buffer_length(&s->message));
            }
        } else if (opcode == 0x1 || opcode == 0x2) {
            if (s->message_opcode >= 0) { finish(s, "a new message inside a fragmented one"); return false; }
            if (!fin) {
                s->message_opcode = opcode;
                buffer_append(&s->message, payload, size);
            } else if (opcode == 0x1 && !text_message(s, payload, size, now)) {
                return false;
            }
        } else {
            snprintf(detail, sizeof detail, "a frame of reserved opcode 0x%X", opcode);
            finish(s, detail);
            return false;
        }
        if (!s->closed) buffer_consume(&s->in, header + size);
    }
    return !s->closed;
}

/* RawSession.readable: one read of what the socket has (epoll is level-triggered: more comes on
 * the next turn), then the frames in it. */
static void readable(Session *s) {
    buffer_reserve(&s->in, 1 << 16);
    ssize_t got = recv(s->fd, s->in.data + s->in.end, s->in.cap - s->in.end, 0);
    if (got < 0) {
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) return;
        char detail[96];
        snprintf(detail, sizeof detail, "socket error %s", strerror(errno));
        finish(s, detail);
        return;
    }
    if (got == 0) {
        finish(s, "closed without a close frame (1006)");
        return;
    }
    s->in.end += (size_t)got;
    parse_frames(s, monotonic());
}

static void base64(const unsigned char *in, size_t length, char *out) {
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t o = 0;
    for (size_t i = 0; i < length; i += 3) {
        uint32_t chunk = (uint32_t)in[i] << 16 | (i + 1 < length ? (uint32_t)in[i + 1] << 8 : 0) |
                         (i + 2 < length ? in[i + 2] : 0);
        out[o++] = alphabet[chunk >> 18 & 63];
        out[o++] = alphabet[chunk >> 12 & 63];
        out[o++] = i + 1 < length ? alphabet[chunk >> 6 & 63] : '=';
        out[o++] = i + 2 < length ? alphabet[chunk & 63] : '=';
    }
    out[o] = '\0';
}

/* RawSession.__init__: connects, upgrades (blocking, 30 s at most, as RawSession's socket
 * timeout), then makes the socket non-blocking, joins the epoll set and sends `start`.
 * The answer's Sec-WebSocket-Accept is not checked: the server under test is Segue on loopback,
 * and DriveHandshakeTests check it. */
static void open_session(Session *s, int port, uint32_t seed) {
    s->fd = -1;
    s->message_opcode = -1;
    s->outcome = "failed";
    twister_seed(&s->rng, seed);
    s->x = 30.0;
    s->y = 400.0;
    size_t marks = (size_t)(sample_count / per_frame + 2);
    s->sent_at = malloc(marks * sizeof *s->sent_at);
    s->latencies = malloc(marks * sizeof *s->latencies);
    if (!s->sent_at || !s->latencies) { fprintf(stderr, "drive_load: out of memory\n"); exit(2); }

    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        snprintf(s->detail, sizeof s->detail, "could not open: %s", strerror(errno));
        s->closed = true;
        return;
    }
    struct timeval limit = {.tv_sec = 30};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof limit);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port),
                                  .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    unsigned char nonce[16];
    for (int i = 0; i < 16; i++) nonce[i] = (unsigned char)noise();
    char key[32], request[256];
    base64(nonce, 16, key);
    int length = snprintf(request, sizeof request,
                          "GET /v1/drive HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                          "Connection: Upgrade\r\nSec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n", key);
    char head[MAX_HEAD + 1];
    size_t got = 0;
    const char *end = NULL;
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0 ||
        send(fd, request, (size_t)length, MSG_NOSIGNAL) != length) {
        snprintf(s->detail, sizeof s->detail, "could not open: %s", strerror(errno));
        close(fd);
        s->closed = true;
        return;
    }
    while (!end) {
        ssize_t n = got < MAX_HEAD ? recv(fd, head + got, MAX_HEAD - got, 0) : -1;
        if (n <= 0) {
            snprintf(s->detail, sizeof s->detail, "could not open: %s",
                     n == 0 ? "closed during the handshake" : got >= MAX_HEAD ? "a head past 8 KiB" : strerror(errno));
            close(fd);
            s->closed = true;
            return;
        }
        got += (size_t)n;
        head[got] = '\0';
        end = memmem(head, got, "\r\n\r\n", 4);
    }
    /* "HTTP/1.1 101 ...": the status is the three characters after the first space. */
    const char *space = memchr(head, ' ', (size_t)(end - head));
    char status[4] = "???";
    if (space && end - space > 3) memcpy(status, space + 1, 3);
    if (strcmp(status, "101") != 0) {
        s->outcome = strcmp(status, "503") == 0 ? "refused" : "failed";
        snprintf(s->detail, sizeof s->detail, "the upgrade was answered %s", status);
        close(fd);
        s->closed = true;
        return;
    }
    size_t rest = got - (size_t)(end + 4 - head);
    buffer_append(&s->in, end + 4, rest);  /* frames that came with the handshake's answer */
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    int on = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    s->fd = fd;
    open_sessions++;
    struct epoll_event event = {.events = EPOLLIN, .data.ptr = s};
    epoll_ctl(epoll_fd, EPOLL_CTL_ADD, fd, &event);
    static const char start[] = "{\"type\":\"start\",\"preset\":\"" PRESET "\"}";
    send_frame(s, 0x1, (const unsigned char *)start, sizeof start - 1);
}

static void print_result(FILE *out, Session *s) {
    fputs("{\"latencies\":[", out);
    for (size_t i = 0; i < s->latency_count; i++) fprintf(out, i ? ",%.7f" : "%.7f", s->latencies[i]);
    fputs("],\"errors\":[", out);
    buffer_write(&s->errors, out);
    fprintf(out, "],\"frames\":%ld,\"messages\":%ld,\"outcome\":\"%s\",\"detail\":\"", s->frames, s->messages, s->outcome);
    Buffer detail = {0};
    escape_json(&detail, (const unsigned char *)s->detail, strlen(s->detail));
    buffer_write(&detail, out);
    buffer_free(&detail);
    fputs("\"}\n", out);
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: %s PORT SESSIONS RATE SECONDS SEED\n", argv[0]);
        return 2;
    }
    int port = atoi(argv[1]);
    long sessions = atol(argv[2]);
    double rate = atof(argv[3]), seconds = atof(argv[4]);
    long seed = atol(argv[5]);
    if (port <= 0 || port > 65535 || sessions < 0 || !(rate > 0) || !(seconds >= 0) || seed < 0 ||
        seed + sessions > 0xFFFFFFFFL) {
        fprintf(stderr, "drive_load: PORT, SESSIONS, RATE, SECONDS or SEED out of range\n");
        return 2;
    }
    sample_count = (long)(seconds * rate);
    step = 1 / rate;
    per_frame = (long)nearbyint(rate / FRAME_RATE);  /* Python's round(): half to even */
    if (per_frame < 1) per_frame = 1;
    signal(SIGPIPE, SIG_IGN);
    struct rlimit files;  /* a descriptor per session: raise the soft limit as far as allowed */
    if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
        files.rlim_cur = files.rlim_max;
        setrlimit(RLIMIT_NOFILE, &files);
    }
    struct timespec clock_now;
    clock_gettime(CLOCK_REALTIME, &clock_now);
    noise_state = ((uint64_t)clock_now.tv_nsec << 20) ^ (uint64_t)clock_now.tv_sec ^ ((uint64_t)getpid() << 40) ^ 0x9E3779B97F4A7C15u;
    epoll_fd = epoll_create1(EPOLL_CLOEXEC);
    Session *all = calloc((size_t)(sessions ? sessions : 1), sizeof *all);
    if (epoll_fd < 0 || !all) { perror("drive_load"); return 2; }
    for (long i = 0; i < sessions; i++) open_session(&all[i], port, (uint32_t)(seed + i));

    /* The schedule: session i's sample k is due at origin + i·step/sessions + k·step, as
     * raw_worker spreads them. Every session has the same step and its offset is under one
     * step, so the due times are sorted in the order (k, i): one cursor walks them, no heap. */
    double origin = monotonic() + 0.5;
    double deadline = origin + seconds + 60;
    long k = 0, i = 0;
    struct epoll_event events[MAX_EVENTS];
    while (open_sessions > 0 && monotonic() < deadline) {
        double now = monotonic();
        while (k < sample_count) {
            if (origin + (double)i * step / (double)sessions + (double)k * step > now) break;
            Session *s = &all[i];
            if (!s->closed && s->index == k) next_sample(s);
            if (++i == sessions) { i = 0; k++; }
        }
        double wait = 0.05;
        if (k < sample_count) {
            double due = origin + (double)i * step / (double)sessions + (double)k * step - monotonic();
            wait = due < 0 ? 0 : (due < wait ? due : wait);
        }
        /* epoll_pwait2 takes nanoseconds: epoll_wait's milliseconds would send in 1 ms lumps. */
        struct timespec timeout = {.tv_sec = 0, .tv_nsec = (long)(wait * 1e9)};
        int ready = epoll_pwait2(epoll_fd, events, MAX_EVENTS, &timeout, NULL);
        if (ready < 0 && errno != EINTR) { perror("drive_load: epoll_pwait2"); return 2; }
        for (int e = 0; e < ready; e++) {
            Session *s = events[e].data.ptr;
            if (s->closed) continue;  /* ended earlier in this turn */
            if (events[e].events & EPOLLOUT) flush(s);
            if (!s->closed && events[e].events & (EPOLLIN | EPOLLERR | EPOLLHUP)) readable(s);
        }
    }
    for (long n = 0; n < sessions; n++) finish(&all[n], "no `settled` within 60 s of the release");

    static char output[1 << 20];
    setvbuf(stdout, output, _IOFBF, sizeof output);
    for (long n = 0; n < sessions; n++) print_result(stdout, &all[n]);
    return fflush(stdout) == 0 ? 0 : 1;
}
