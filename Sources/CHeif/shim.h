#ifndef CHEIF_SHIM_H
#define CHEIF_SHIM_H

// libheif: HEIF images (HEIC with HEVC, AVIF with AV1). Everything Swift needs imports directly.
#include <libheif/heif.h>

#endif
