#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

#include <zlib.h>

// inflateInit is a function-like macro Swift cannot import.
static inline int czlib_inflate_init(z_stream *stream) { return inflateInit(stream); }

#endif
