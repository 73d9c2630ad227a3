#ifndef CFFMPEG_SHIM_H
#define CFFMPEG_SHIM_H

#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavutil/audio_fifo.h>
#include <libavutil/channel_layout.h>
#include <libavformat/avformat.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavutil/dict.h>
#include <libavutil/display.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswresample/swresample.h>
#include <libswscale/swscale.h>

// Function-like macros Swift cannot import, re-exported as functions.

static inline int cffmpeg_averror(int posixError) { return AVERROR(posixError); }
static inline int cffmpeg_averror_eof(void) { return AVERROR_EOF; }
static inline int cffmpeg_averror_invalid_data(void) { return AVERROR_INVALIDDATA; }
static inline int cffmpeg_averror_patchwelcome(void) { return AVERROR_PATCHWELCOME; }
static inline int64_t cffmpeg_nopts_value(void) { return AV_NOPTS_VALUE; }

#endif
