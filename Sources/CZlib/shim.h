// zlib for gzip-coded answers (Debian's zlib1g-dev), and a wrapper for deflateInit2,
// a macro that Swift cannot import.
#ifndef SEGUE_CZLIB_SHIM_H
#define SEGUE_CZLIB_SHIM_H

#include <zlib.h>

/// Starts a deflate stream that writes the gzip format (RFC 1952): window bits 15 + 16.
/// zlib writes the header with no file name and a modification time of 0, so the same
/// bytes in give the same bytes out.
static inline int segue_deflate_init_gzip(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

#endif
