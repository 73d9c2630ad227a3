import CFFmpeg

/// FFmpeg logs to stderr on its own (encoder banners, decoder complaints). Every failure already
/// reaches the caller as a MediaError with FFmpeg's text, so only fatal messages are printed;
/// reports of refused picture sizes are kept for the error message (`PictureSizeReport`).
enum FFmpegLogging {
    static let quiet: Void = {
        av_log_set_level(AV_LOG_FATAL)
        av_log_set_callback { context, level, format, arguments in
            guard let format, let arguments else { return }
            if level > AV_LOG_FATAL {
                PictureSizeReport.record(format: format, arguments: arguments)
            } else {
                av_log_default_callback(context, level, format, arguments)
            }
        }
    }()
}
