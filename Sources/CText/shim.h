#ifndef CTEXT_SHIM_H
#define CTEXT_SHIM_H

// Text drawing: fontconfig finds the fonts, HarfBuzz shapes the text, FreeType draws the glyphs.
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
#include <hb-ft.h>

#endif
