import CFFmpeg

/// FFmpeg logs to stderr on its own (encoder banners, decoder complaints). Every failure already
/// reaches the caller as a MediaError with FFmpeg's text, so only fatal messages are let through.
enum FFmpegLogging {
    static let quiet: Void = av_log_set_level(AV_LOG_FATAL)
}
