import CFFmpeg

/// The demuxers a music file is opened with: every one FFmpeg has but those that read other
/// files, or the network, as the file tells them — playlists (HLS, DASH), concat lists, SDP and
/// RTSP sessions, IMF packages, numbered image patterns. A file of music is all that is read for
/// it: a job's "music" that was an HLS playlist read any file it named, outside `batch --root` too.
enum SelfContainedDemuxers {
    private static let readingElsewhere: Set<Substring> = ["hls", "dash", "concat", "sdp", "rtsp", "rtp", "imf",
                                                           "webm_dash_manifest", "image2", "avisynth", "vapoursynth"]

    /// FFmpeg's `format_whitelist`: the names of the demuxers allowed, comma-separated.
    static let whitelist: String = {
        var names: [String] = [], state: UnsafeMutableRawPointer? = nil
        while let format = av_demuxer_iterate(&state) {
            let name = String(cString: format.pointee.name)
            // A demuxer goes by several names ("mov,mp4,m4a,…"): any of them matches.
            if !name.split(separator: ",").contains(where: readingElsewhere.contains) { names.append(name) }
        }
        return names.joined(separator: ",")
    }()

    /// Why FFmpeg refused `path` when a demuxer left out would have read it, if one would.
    static func refusal(of path: String) -> String? {
        let head = (try? FileBytes(path: path)).map { $0.read(at: 0, count: 16) } ?? []
        guard head.starts(with: Array("#EXTM3U".utf8)) || head.starts(with: Array("ffconcat".utf8)) else { return nil }
        return "a playlist, which names other files to read; give the music file itself"
    }
}
