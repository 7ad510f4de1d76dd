// Puts the framing filter (Sources/CFramingFilter) between libmicrohttpd and its client sockets.
//
// How: this file defines `recv` and `close`. The executable that links it exports them, and
// libmicrohttpd calls both through its PLT, so the dynamic linker binds its calls to these
// definitions before glibc's (symbol interposition; libmicrohttpd 0.9.75 reads a connection
// with `recv (fd, buf, len, 0)`, src/microhttpd/mhd_sockets.h MHD_recv_, and closes it with
// `close`, MHD_socket_close_). Only calls made from libmicrohttpd's own code, with no flags, on
// an IPv4 or IPv6 stream socket are filtered; every other caller (Segue's own reads, such as
// the presence peek and the drive sockets after an upgrade) goes straight to the system call.
// A connection's filter state lives from libmicrohttpd's first read of its socket until the
// socket is closed, in a table indexed by descriptor, so a reused descriptor starts afresh.
//
// Why not a libmicrohttpd option: 0.9.75 has none that refuses these faults with an answer
// (MHD_OPTION_STRICT_FOR_CLIENT=1 drops some connections and lets the rest through), and none
// that shows the bytes it reads. Why not a peek in Segue's listener: it would see only each
// connection's first request, not those that follow on a kept-alive connection.
#define _GNU_SOURCE
#include "framing_interposer.h"

#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

static ssize_t system_recv(int fd, void *buffer, size_t length, int flags) {
    return (ssize_t)syscall(SYS_recvfrom, fd, buffer, length, flags, NULL, NULL);
}

static int system_close(int fd) { return (int)syscall(SYS_close, fd); }

// libmicrohttpd's executable code, found once by `segue_framing_activate`.
static _Atomic uintptr_t library_start;
static _Atomic uintptr_t library_end;
static pthread_once_t find_once = PTHREAD_ONCE_INIT;
static _Atomic uint64_t process_body_limit;

struct find_context {
    uintptr_t symbol;
    uintptr_t start, end;
};

static int find_segments(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct find_context *context = data;
    uintptr_t start = UINTPTR_MAX, end = 0;
    bool holds_symbol = false;
    for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[i];
        if (header->p_type != PT_LOAD || !(header->p_flags & PF_X)) continue;
        uintptr_t low = info->dlpi_addr + header->p_vaddr, high = low + header->p_memsz;
        if (context->symbol >= low && context->symbol < high) holds_symbol = true;
        if (low < start) start = low;
        if (high > end) end = high;
    }
    if (!holds_symbol) return 0;
    context->start = start;
    context->end = end;
    return 1;
}

static void find_library(void) {
    void *symbol = dlsym(RTLD_DEFAULT, "MHD_start_daemon");
    if (symbol == NULL) return;
    struct find_context context = {(uintptr_t)symbol, 0, 0};
    if (dl_iterate_phdr(find_segments, &context) == 0) return;
    atomic_store_explicit(&library_start, context.start, memory_order_relaxed);
    atomic_store_explicit(&library_end, context.end, memory_order_release);
}

bool segue_framing_activate(void) {
    pthread_once(&find_once, find_library);
    return atomic_load_explicit(&library_end, memory_order_acquire) != 0;
}

void segue_framing_set_body_limit(uint64_t limit) {
    uint64_t current = atomic_load_explicit(&process_body_limit, memory_order_relaxed);
    while (limit > current
           && !atomic_compare_exchange_weak_explicit(
               &process_body_limit, &current, limit, memory_order_relaxed, memory_order_relaxed)) {
    }
}

static bool from_library(const void *caller) {
    uintptr_t address = (uintptr_t)caller;
    uintptr_t end = atomic_load_explicit(&library_end, memory_order_acquire);
    return address < end && address >= atomic_load_explicit(&library_start, memory_order_relaxed);
}

// Streams by descriptor: 1024 pages of 1024 slots, pages made on first use. Descriptors past
// the table (over 2^20) are not filtered.
enum { PAGE_BITS = 10, PAGE_SLOTS = 1 << PAGE_BITS, PAGE_COUNT = 1024 };
struct page {
    _Atomic(struct segue_framing_stream *) slots[PAGE_SLOTS];
};
static _Atomic(struct page *) pages[PAGE_COUNT];
/// Marks a descriptor libmicrohttpd reads that is not a TCP connection (its wake-up socket).
static struct segue_framing_stream not_filtered;

static _Atomic(struct segue_framing_stream *) *slot_for(int fd, bool create) {
    if (fd < 0 || fd >= PAGE_SLOTS * PAGE_COUNT) return NULL;
    _Atomic(struct page *) *entry = &pages[fd >> PAGE_BITS];
    struct page *page = atomic_load_explicit(entry, memory_order_acquire);
    if (page == NULL) {
        if (!create) return NULL;
        struct page *made = calloc(1, sizeof *made);
        if (made == NULL) return NULL;
        struct page *expected = NULL;
        if (atomic_compare_exchange_strong_explicit(
                entry, &expected, made, memory_order_acq_rel, memory_order_acquire)) {
            page = made;
        } else {
            free(made);
            page = expected;
        }
    }
    return &page->slots[fd & (PAGE_SLOTS - 1)];
}

static bool is_tcp(int fd) {
    int type = 0, domain = 0;
    socklen_t length = sizeof type;
    if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &length) != 0 || type != SOCK_STREAM) return false;
    length = sizeof domain;
    if (getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &domain, &length) != 0) return false;
    return domain == AF_INET || domain == AF_INET6;
}

/// The stream of a socket libmicrohttpd reads, made at its first read; NULL when unfiltered.
static struct segue_framing_stream *stream_for(int fd) {
    _Atomic(struct segue_framing_stream *) *slot = slot_for(fd, true);
    if (slot == NULL) return NULL;
    struct segue_framing_stream *stream = atomic_load_explicit(slot, memory_order_acquire);
    if (stream == NULL) {
        stream = is_tcp(fd) ? malloc(sizeof *stream) : NULL;
        if (stream != NULL) {
            segue_framing_stream_init(stream);
            stream->body_limit = atomic_load_explicit(&process_body_limit, memory_order_relaxed);
        } else {
            stream = &not_filtered;
        }
        atomic_store_explicit(slot, stream, memory_order_release);
    }
    return stream == &not_filtered ? NULL : stream;
}

static struct segue_framing_stream *existing_stream(int fd) {
    _Atomic(struct segue_framing_stream *) *slot = slot_for(fd, false);
    struct segue_framing_stream *stream = slot ? atomic_load_explicit(slot, memory_order_acquire) : NULL;
    return stream == &not_filtered ? NULL : stream;
}

static ssize_t read_socket(void *context, uint8_t *buffer, size_t length) {
    return system_recv(*(const int *)context, buffer, length, 0);
}

ssize_t recv(int fd, void *buffer, size_t length, int flags) {
    if (flags != 0 || !from_library(__builtin_return_address(0))) return system_recv(fd, buffer, length, flags);
    struct segue_framing_stream *stream = stream_for(fd);
    if (stream == NULL) return system_recv(fd, buffer, length, flags);
    return segue_framing_read(stream, buffer, length, read_socket, &fd);
}

int close(int fd) {
    _Atomic(struct segue_framing_stream *) *slot = slot_for(fd, false);
    if (slot != NULL) {
        struct segue_framing_stream *stream = atomic_exchange_explicit(slot, NULL, memory_order_acq_rel);
        if (stream != NULL && stream != &not_filtered) {
            segue_framing_stream_release(stream);
            free(stream);
        }
    }
    return system_close(fd);
}

static bool fault_of_current_request(const struct segue_framing_stream *stream, struct segue_framing_fault *fault) {
    if (stream->fault_ordinal == 0 || stream->fault_ordinal != stream->heads_begun) return false;
    *fault = stream->fault;
    return true;
}

bool segue_framing_request_began(int socket, uint64_t body_limit, struct segue_framing_fault *fault) {
    struct segue_framing_stream *stream = existing_stream(socket);
    if (stream == NULL) return false;
    stream->heads_begun += 1;
    if (body_limit > 0) stream->body_limit = body_limit;
    return fault_of_current_request(stream, fault);
}

bool segue_framing_current_fault(int socket, struct segue_framing_fault *fault) {
    struct segue_framing_stream *stream = existing_stream(socket);
    return stream != NULL && fault_of_current_request(stream, fault);
}
