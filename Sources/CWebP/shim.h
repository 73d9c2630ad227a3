#ifndef CWEBP_SHIM_H
#define CWEBP_SHIM_H

// libwebp's animation decoder (FFmpeg 5.1 cannot decode animated WebP) and animation encoder
// (FFmpeg's cannot be told to code lossy frames whole).
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>

#endif
