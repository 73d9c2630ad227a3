#ifndef CTEXT_SHIM_H
#define CTEXT_SHIM_H

// Text drawing: fontconfig finds the fonts, FriBidi orders a line's right-to-left and
// left-to-right runs, HarfBuzz shapes the text, FreeType draws the glyphs.
#include <fontconfig/fontconfig.h>
#include <fribidi/fribidi.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
#include <hb-ft.h>

// A paragraph whose direction is its first strong character's (a macro Swift cannot import).
static inline FriBidiParType ctext_fribidi_par_on(void) { return FRIBIDI_PAR_ON; }
static inline FriBidiParType ctext_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }

#endif
