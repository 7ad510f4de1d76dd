// The framing filter's place between libmicrohttpd and its sockets (filter_interposer.c), and
// the calls the dispatcher makes to learn of a fault in the request it was handed.
#ifndef SEGUE_FRAMING_INTERPOSER_H
#define SEGUE_FRAMING_INTERPOSER_H

#include <framing_filter.h>

// Each call about a socket is made on the thread that reads it: libmicrohttpd calls its access
// handler there.

/// Starts filtering: finds libmicrohttpd's code, so that only its reads are filtered. Safe to
/// call more than once; true when the filter is active.
bool segue_framing_activate(void);

/// Raises the process-wide body limit used before a connection's own is known.
void segue_framing_set_body_limit(uint64_t limit);

/// The access handler's first call for a request on `socket`: counts the request, sets the
/// connection's body limit, and copies the fault into `*fault` when it is in this request.
bool segue_framing_request_began(int socket, uint64_t body_limit, struct segue_framing_fault *fault);

/// A fault found in the current request on `socket` since it began (its body), if any.
bool segue_framing_current_fault(int socket, struct segue_framing_fault *fault);

#endif
