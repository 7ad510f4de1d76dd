// The C side of Segue's HTTP transport: libmicrohttpd's header, the platform
// headers it expects to be included first (manual §1.5), and small wrappers for
// the variadic calls Swift cannot import.
#ifndef SEGUE_CMICROHTTPD_SHIM_H
#define SEGUE_CMICROHTTPD_SHIM_H

#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

/// How many connections the daemon holds open right now.
static inline unsigned int segue_mhd_current_connections(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? 0 : info->num_connections;
}

/// The socket of a connection, for the head-deadline watchdog's shutdown(2).
static inline int segue_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// What the connection-notify callback stored for a connection (NULL when none was).
static inline void *segue_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/// Ends an upgraded connection: libmicrohttpd closes the socket (the application must not).
/// MHD_upgrade_action is variadic, which Swift cannot call.
static inline enum MHD_Result segue_mhd_upgrade_close(struct MHD_UpgradeResponseHandle *urh) {
    return MHD_upgrade_action(urh, MHD_UPGRADE_ACTION_CLOSE);
}

/// Bytes of the connection's stream the peer has acknowledged so far (TCP_INFO's
/// tcpi_bytes_acked, Linux 4.1 and later), or -1 when the kernel does not say: how far an
/// answer has really reached a client, which libmicrohttpd sending from a buffer does not
/// tell. glibc's <netinet/tcp.h> struct stops before this field, and <linux/tcp.h>'s clashes
/// with it in Swift's modules, so it is read at its offset in the kernel's ABI (uapi
/// struct tcp_info, which only ever grows at its end): tcpi_total_retrans ends at 104, then
/// come tcpi_pacing_rate and tcpi_max_pacing_rate (8 bytes each) and tcpi_bytes_acked at 120.
/// The length the kernel returns says whether the field is there.
#include <string.h>
#include <netinet/tcp.h>
static inline long long segue_tcp_bytes_acked(int fd) {
    enum { bytes_acked_offset = 120 };
    unsigned char info[256];
    socklen_t length = sizeof info;
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, info, &length) != 0) return -1;
    if (length < bytes_acked_offset + sizeof(uint64_t)) return -1;
    uint64_t acked;
    memcpy(&acked, info + bytes_acked_offset, sizeof acked);
    return (long long)acked;
}

/// glibc's malloc_trim(0): hands the free pages of every malloc arena back to the system
/// (<malloc.h> is not part of Swift's Glibc module).
#include <malloc.h>
static inline int segue_malloc_trim(void) {
    return malloc_trim(0);
}

/// Fixes glibc's mmap threshold (blocks this large or larger get their own mapping, returned
/// on free) and its trim threshold (a heap's free top this large is returned on free) instead
/// of letting glibc raise them as large blocks come and go. Answers whether both were set.
static inline int segue_malloc_fix_thresholds(int mmap_threshold, int trim_threshold) {
    return mallopt(M_MMAP_THRESHOLD, mmap_threshold) && mallopt(M_TRIM_THRESHOLD, trim_threshold);
}

/// epoll(7) and eventfd(2) for the drive sessions' event loops (Sources/SegueHTTP/Drive/DriveLoop*).
/// Swift's Glibc module has neither header, and `struct epoll_event` is packed on x86-64, which
/// Swift does not import faithfully: so these wrappers take and give plain values. Each
/// registered socket carries a 64-bit token (epoll_data.u64), which the loop chooses.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>
#include <errno.h>
enum {
    SEGUE_EPOLL_IN = EPOLLIN,
    SEGUE_EPOLL_OUT = EPOLLOUT,
    SEGUE_EPOLL_ERR = EPOLLERR,
    SEGUE_EPOLL_HUP = EPOLLHUP,
    SEGUE_EPOLL_CTL_ADD = EPOLL_CTL_ADD,
    SEGUE_EPOLL_CTL_MOD = EPOLL_CTL_MOD,
    SEGUE_EPOLL_CTL_DEL = EPOLL_CTL_DEL,
};

/// A new epoll instance, closed on exec; -1 with errno on failure.
static inline int segue_epoll_create(void) {
    return epoll_create1(EPOLL_CLOEXEC);
}

/// Adds, changes (level-triggered: `events` is the whole interest) or removes `fd`.
static inline int segue_epoll_ctl(int epfd, int op, int fd, uint32_t events, uint64_t token) {
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = events;
    event.data.u64 = token;
    return epoll_ctl(epfd, op, fd, &event);
}

/// Waits up to `timeout_ms` (-1: no limit) for at most `capacity` (at most 256) ready sockets;
/// fills `tokens` and `events` and answers how many, 0 on timeout, or -1 with errno.
static inline int segue_epoll_wait(int epfd, uint64_t *tokens, uint32_t *events, int capacity, int timeout_ms) {
    struct epoll_event ready[256];
    if (capacity > 256) capacity = 256;
    int count = epoll_wait(epfd, ready, capacity, timeout_ms);
    for (int index = 0; index < count; index++) {
        tokens[index] = ready[index].data.u64;
        events[index] = ready[index].events;
    }
    return count;
}

/// Names the calling thread (at most 15 bytes show) for ps, top and /proc/PID/task/TID/comm:
/// prctl(2) PR_SET_NAME, which needs no _GNU_SOURCE as pthread_setname_np does.
#include <sys/prctl.h>
static inline void segue_name_thread(const char *name) {
    (void) prctl(PR_SET_NAME, (unsigned long) name, 0, 0, 0);
}

/// A non-blocking eventfd, closed on exec: what wakes a loop from another thread.
static inline int segue_eventfd_create(void) {
    return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
}

/// Adds one to the eventfd's counter, making it readable (a full counter is readable already).
static inline void segue_eventfd_signal(int fd) {
    uint64_t one = 1;
    ssize_t written;
    do { written = write(fd, &one, sizeof one); } while (written < 0 && errno == EINTR);
}

/// Resets the eventfd's counter, so that it waits for the next signal.
static inline void segue_eventfd_drain(int fd) {
    uint64_t count;
    ssize_t got;
    do { got = read(fd, &count, sizeof count); } while (got < 0 && errno == EINTR);
}

#endif
