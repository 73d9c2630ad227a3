#ifndef CWEBP_SHIM_H
#define CWEBP_SHIM_H

// libwebp's animation decoder: FFmpeg 5.1 cannot decode animated WebP.
#include <webp/decode.h>
#include <webp/demux.h>

#endif
