import CFFmpeg

/// FFmpeg's own wording for an error code, e.g. "Invalid data found when processing input".
func ffmpegErrorText(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: Int(AV_ERROR_MAX_STRING_SIZE))
    if av_strerror(code, &buffer, buffer.count) < 0 {
        return "FFmpeg error \(code)"
    }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Throws a `MediaError` of `kind` about `path` saying "`action` (FFmpeg's text)" when `code` is
/// negative, or, when FFmpeg ran out of memory for a picture of known size, `shortage` (see
/// `MediaError.notEnoughMemory`).
@discardableResult
func check(_ code: Int32, _ action: @autoclosure () -> String, _ kind: MediaError.Kind, path: String,
           shortage: @autoclosure () -> MediaError? = nil) throws -> Int32 {
    if code < 0 {
        if code == cffmpeg_averror(ENOMEM), let shortage = shortage() { throw shortage }
        throw MediaError(kind, path: path, reason: "\(action()) (\(ffmpegErrorText(code)))")
    }
    return code
}
