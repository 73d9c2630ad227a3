#ifndef CLCMS_SHIM_H
#define CLCMS_SHIM_H

#include <lcms2.h>

// LittleCMS spells its pixel formats as function-like macros, which Swift cannot import:
// the ones fliptrans uses (and, in double precision, its tests' reference colours), as functions.

static inline cmsUInt32Number clcms_type_rgba_8(void) { return TYPE_RGBA_8; }
static inline cmsUInt32Number clcms_type_rgba_16(void) { return TYPE_RGBA_16; }
static inline cmsUInt32Number clcms_type_graya_8(void) { return TYPE_GRAYA_8; }
static inline cmsUInt32Number clcms_type_graya_16(void) { return TYPE_GRAYA_16; }
static inline cmsUInt32Number clcms_type_rgb_dbl(void) { return TYPE_RGB_DBL; }
static inline cmsUInt32Number clcms_type_gray_dbl(void) { return TYPE_GRAY_DBL; }

#endif
