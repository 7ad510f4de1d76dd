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

#endif
